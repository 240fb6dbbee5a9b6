import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of the back-office home. */
export const adminHomeKeys = createQueryKeys('admin-home');
