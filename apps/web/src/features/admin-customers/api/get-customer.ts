import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCustomerResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { customerKeys } from './keys';

/** GET /api/admin/customers/:id: the account, orders, favourites and its application. */
export const getCustomer = (id: number) => api.get<AdminCustomerResponse>(`/admin/customers/${id}`);

export const customerQuery = (id: number) =>
  queryOptions({ queryKey: customerKeys.detail(id), queryFn: () => getCustomer(id) });

export const useCustomer = (id: number) => useQuery(customerQuery(id));
