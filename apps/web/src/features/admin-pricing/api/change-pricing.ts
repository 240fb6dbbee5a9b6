import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { pricingKeys } from './keys';

/**
 * One write of the price list screen (a list, an entry, an assignment, a group, a member): its
 * method, its path under /api/admin and its body. Everything on the screen reloads after it, since
 * most change a count shown elsewhere (entries, members, lists given to a group).
 */
export type PricingChange = {
  method: 'post' | 'patch' | 'put' | 'delete';
  path: string;
  body?: unknown;
};

export const changePricing = ({ method, path, body }: PricingChange) =>
  method === 'delete'
    ? api.delete<unknown>(`/admin/${path}`)
    : api[method]<unknown>(`/admin/${path}`, body);

export const useChangePricing = () => useRefreshingMutation(changePricing, pricingKeys.all);
