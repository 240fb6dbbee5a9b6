import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of the staff product editor. */
export const productEditorKeys = createQueryKeys('admin-products');
