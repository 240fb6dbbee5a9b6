import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of staff content management. */
export const adminContentKeys = createQueryKeys('admin-content');

/**
 * The public content queries (features/content) are refreshed after every change; the key factory is
 * rebuilt from the feature name so this feature does not import the other one.
 */
export const publicContentKeys = createQueryKeys('content');
