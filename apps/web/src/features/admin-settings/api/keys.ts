import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of the store settings page. */
export const settingsKeys = createQueryKeys('admin-settings');
