import { createQueryKeys } from '@/lib/query-keys';

export const productGroupKeys = createQueryKeys('product-group');
