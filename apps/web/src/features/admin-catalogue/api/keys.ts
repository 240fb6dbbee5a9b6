import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of the staff catalogue import screen. */
export const catalogueImportKeys = createQueryKeys('admin-catalogue');
