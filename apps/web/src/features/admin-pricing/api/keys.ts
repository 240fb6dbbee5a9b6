import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of the price list screen: every write reloads everything under `all`. */
export const pricingKeys = createQueryKeys('admin-pricing');
