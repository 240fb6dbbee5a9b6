import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, MailIdParams, OkBody } from '@wholesale/contract';
import { requireStaffRole, staffRoute } from '../../plugins/auth';
import { retryFailedMail } from './mail.admin';

/** The admin's "send again" for a mail the worker gave up on (the home lists them). */
export const mailAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/mails/:id/retry',
    staffRoute(['admin'], {
      summary: 'Staff: put a failed mail back in the queue, due now',
      params: MailIdParams,
      response: { 200: OkBody, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    }),
    async (request) => {
      const staff = requireStaffRole(request, 'admin');
      await retryFailedMail(app.db, staff, request.params.id);
      return { status: true as const };
    },
  );
};
