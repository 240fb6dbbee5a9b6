import { useQuery } from '@tanstack/react-query';
import type {
  AdminCustomersResponse,
  AdminInvoiceListResponse,
  InvoiceStatus,
} from '@wholesale/contract';
import { api, buildUrl } from '@/lib/api-client';
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

/**
 * The customer a typed filter names: digits are the customer's number (the id the customer's page
 * links with); anything else is a customer code (CA100001), looked up among the customers. `id` is
 * what to filter by ('' while looking up or when no customer has the code); `unknown` when none has.
 */
export function useInvoiceCustomer(typed: string): {
  id: string;
  pending: boolean;
  unknown: boolean;
} {
  const text = typed.trim();
  const isCode = text !== '' && !/^\d+$/.test(text);
  const lookup = useQuery({
    queryKey: adminInvoiceKeys.key('customer-code', text.toUpperCase()),
    queryFn: () =>
      api.get<AdminCustomersResponse>('/admin/customers', { params: { q: text, per_page: 100 } }),
    enabled: isCode,
  });
  if (!isCode) return { id: text, pending: false, unknown: false };
  const match = lookup.data?.data.find(
    (c) => c.customer_code?.toUpperCase() === text.toUpperCase(),
  );
  return {
    id: match ? String(match.id) : '',
    pending: lookup.isPending,
    unknown: !lookup.isPending && !match,
  };
}
