import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCustomersResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { adminOrderKeys } from './keys';

/** GET /api/admin/customers?q= (staff): the customers a phone order may be for, 10 at a time. */
export const findCustomers = (q: string) =>
  api.get<AdminCustomersResponse>('/admin/customers', { params: { q, per_page: 10 } });

export const customerPickerQuery = (q: string) =>
  queryOptions({
    queryKey: adminOrderKeys.key('customer-picker', q),
    queryFn: () => findCustomers(q),
    placeholderData: keepPreviousData,
  });

/** Searches only once something was typed. */
export const useCustomerPicker = (q: string) =>
  useQuery({ ...customerPickerQuery(q), enabled: q.length > 0 });
