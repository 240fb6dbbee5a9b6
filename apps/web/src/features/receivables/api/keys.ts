import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of the buyer's credit and statements page. */
export const receivablesKeys = createQueryKeys('receivables');
