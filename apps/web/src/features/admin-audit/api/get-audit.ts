import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAuditResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
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
export const getAudit = (f: AuditFilter) =>
  api.get<AdminAuditResponse>('/admin/audit', {
    params: {
      actor: f.actor || undefined,
      action: f.action || undefined,
      entity: f.entity || undefined,
      from: f.from || undefined,
      to: f.to || undefined,
      page: f.page,
      per_page: 50,
    },
  });

export const auditQuery = (f: AuditFilter) =>
  queryOptions({
    queryKey: auditKeys.list(f),
    queryFn: () => getAudit(f),
    placeholderData: keepPreviousData,
  });

export const useAudit = (f: AuditFilter) => useQuery(auditQuery(f));
