import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceListResponse } from '@wholesale/contract';
import { api, buildUrl } from '@/lib/api-client';
import { invoiceKeys } from './keys';

export type InvoiceFilter = { page: number; orderId?: number };

/** GET /api/invoices: the buyer's own invoices, newest first, 25 a page (one order's with orderId). */
export const invoicesQuery = (f: InvoiceFilter) =>
  queryOptions({
    queryKey: invoiceKeys.list(f),
    queryFn: () =>
      api.get<InvoiceListResponse>('/invoices', {
        params: { page: f.page, per_page: 25, order_id: f.orderId },
      }),
    placeholderData: keepPreviousData,
  });

export const useInvoices = (f: InvoiceFilter) => useQuery(invoicesQuery(f));

/** The invoice's PDF (GET /api/invoices/:id/pdf): the customer's language, or `lang` when given. */
export const invoicePdfUrl = (id: number, lang?: string) =>
  buildUrl(`/invoices/${encodeURIComponent(String(id))}/pdf`, lang ? { lang } : undefined);
