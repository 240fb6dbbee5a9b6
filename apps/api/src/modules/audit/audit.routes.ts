import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminAuditQuery, AdminAuditResponse } from '@wholesale/contract';
import { staffRoute } from '../../plugins/auth';
import { listAudit } from './audit.service';

/** The audit log, for admins only. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit',
    staffRoute(['admin'], {
      summary: 'Admin: the audit log, newest first, by actor, action, entity and date range',
      querystring: AdminAuditQuery,
      response: { 200: AdminAuditResponse },
    }),
    async (request) => {
      return listAudit(app.db, request.query);
    },
  );
};
