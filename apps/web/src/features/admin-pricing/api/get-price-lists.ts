import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCustomerGroups, AdminPriceLists } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { pricingKeys } from './keys';

/** GET /api/admin/price-lists: every list with its entry count and assignments. */
export const getPriceLists = () => api.get<AdminPriceLists>('/admin/price-lists');
/** GET /api/admin/customer-groups: every group with its member and list counts. */
export const getCustomerGroups = () => api.get<AdminCustomerGroups>('/admin/customer-groups');

export const usePriceLists = () =>
  useQuery(queryOptions({ queryKey: pricingKeys.lists(), queryFn: getPriceLists }));
export const useCustomerGroups = () =>
  useQuery(queryOptions({ queryKey: pricingKeys.key('groups'), queryFn: getCustomerGroups }));
