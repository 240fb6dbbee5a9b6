import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of the staff's returns desk. */
export const adminReturnsKeys = createQueryKeys('admin-returns');
