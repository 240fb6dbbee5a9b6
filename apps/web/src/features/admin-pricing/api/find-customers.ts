import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPricingCustomers } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { pricingKeys } from './keys';

/** GET /api/admin/pricing/customers?q=: customers by code, company, owner or e-mail (20 at most). */
export const findCustomers = (q: string) =>
  api.get<AdminPricingCustomers>('/admin/pricing/customers', { params: { q } });

/** Searches once at least two characters are typed. */
export const useCustomerSearch = (q: string) =>
  useQuery(
    queryOptions({
      queryKey: pricingKeys.key('customers', q),
      queryFn: () => findCustomers(q),
      enabled: q.trim().length >= 2,
      placeholderData: keepPreviousData,
    }),
  );
