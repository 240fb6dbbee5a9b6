import { createQueryKeys } from '@/lib/query-keys';

/** Query keys of the audit log screen. */
export const auditKeys = createQueryKeys('admin-audit');
