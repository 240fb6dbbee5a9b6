import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of the staff receivables screen. */
export const adminReceivablesKeys = createQueryKeys('admin-receivables');
