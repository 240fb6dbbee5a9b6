import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCustomersResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { customerKeys } from './keys';

export type CustomerSearch = { q: string; page: number };

/** GET /api/admin/customers: customers matching the text, 25 a page. */
export const getCustomers = (s: CustomerSearch) =>
  api.get<AdminCustomersResponse>('/admin/customers', {
    params: { q: s.q || undefined, page: s.page, per_page: 25 },
  });

export const customersQuery = (s: CustomerSearch) =>
  queryOptions({
    queryKey: customerKeys.list(s),
    queryFn: () => getCustomers(s),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (s: CustomerSearch) => useQuery(customersQuery(s));
