import type { AdminInvoiceListResponse, InvoiceStatus } from '@wholesale/contract';
import { buildUrl } from '@/lib/api-client';
import { useStaffList } from '@/lib/staff-list';
import { adminInvoiceKeys } from './keys';

export type AdminInvoiceFilter = {
  customer_id: string;
  status: InvoiceStatus | '';
  from: string;
  to: string;
  page: number;
};

/** GET /api/admin/invoices: filtered by customer, status and issue days, newest first. */
export const useAdminInvoices = (f: AdminInvoiceFilter, perPage = 25) =>
  useStaffList<AdminInvoiceListResponse>(
    adminInvoiceKeys.list({ ...f, perPage }),
    '/admin/invoices',
    f,
    perPage,
  );

/** The staff PDF of an invoice (GET /api/admin/invoices/:id/pdf), in the customer's language. */
export const adminInvoicePdfUrl = (id: number) =>
  buildUrl(`/admin/invoices/${encodeURIComponent(String(id))}/pdf`);
