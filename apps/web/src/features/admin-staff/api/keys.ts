import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of the staff screen. */
export const staffKeys = createQueryKeys('admin-staff');
