import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderListResponse } from '@wholesale/contract';
import { api, buildUrl } from '@/lib/api-client';
import { adminOrderKeys } from './keys';

export type DeskFilter = {
  status: string;
  country: string;
  q: string;
  from: string;
  to: string;
  sort: string;
  page: number;
};

const params = (f: DeskFilter) => ({
  status: f.status || undefined,
  country: f.country || undefined,
  q: f.q || undefined,
  from: f.from || undefined,
  to: f.to || undefined,
  sort: f.sort || undefined,
});

/** GET /api/admin/orders (staff): the desk's filtered, sorted page with counts per status. */
export const getDeskOrders = (f: DeskFilter) =>
  api.get<AdminOrderListResponse>('/admin/orders', {
    params: { ...params(f), page: f.page, per_page: 50 },
  });

export const deskOrdersQuery = (f: DeskFilter) =>
  queryOptions({
    queryKey: adminOrderKeys.list(f),
    queryFn: () => getDeskOrders(f),
    placeholderData: keepPreviousData,
  });

export const useDeskOrders = (f: DeskFilter) => useQuery(deskOrdersQuery(f));

/** The CSV export of the same filtered list (streamed by the server; a plain download link). */
export const deskCsvUrl = (f: DeskFilter) => buildUrl('/admin/orders.csv', params(f));
