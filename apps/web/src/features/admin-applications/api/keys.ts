import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of the staff review of applications. */
export const adminApplicationKeys = createQueryKeys('admin-applications');
