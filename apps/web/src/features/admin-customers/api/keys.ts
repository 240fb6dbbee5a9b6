import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of the customer screens. */
export const customerKeys = createQueryKeys('admin-customers');
