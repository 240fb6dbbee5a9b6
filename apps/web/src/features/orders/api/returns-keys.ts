import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of the buyer's returns and credit notes. */
export const returnsKeys = createQueryKeys('returns');
