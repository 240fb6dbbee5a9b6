import type { AdminAuditResponse } from '@wholesale/contract';
import { useStaffList } from '@/lib/staff-list';
import { auditKeys } from './keys';

export type AuditFilter = {
  actor: string;
  action: string;
  entity: string;
  from: string;
  to: string;
  page: number;
};

/** GET /api/admin/audit (admin): the log, newest first, filtered, 50 a page. */
export const useAudit = (f: AuditFilter) =>
  useStaffList<AdminAuditResponse>(auditKeys.list(f), '/admin/audit', f, 50);
