import { createQueryKeys } from '@/lib/query-keys';

export const catalogueKeys = createQueryKeys('catalogue');
