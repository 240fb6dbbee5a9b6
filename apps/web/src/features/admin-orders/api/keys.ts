import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of the staff order desk. */
export const adminOrderKeys = createQueryKeys('admin-orders');
