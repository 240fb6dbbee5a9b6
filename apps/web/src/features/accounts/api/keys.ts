import { createQueryKeys } from '@/lib/query-keys';

export const accountsKeys = createQueryKeys('accounts');
