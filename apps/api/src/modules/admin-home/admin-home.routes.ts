import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminHomeResponse, ErrorBody, MailIdParams, OkBody } from '@wholesale/contract';
import { staffOf, staffRoute } from '../../plugins/auth';
import { getAdminHome, retryFailedMail } from './admin-home.service';
import { answerData } from '../../lib/answer';

/** The back-office home and its "send again" for a failed mail (docs/product/back-office-staff-and-customers.md "Home"). */
export const adminHomeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/home',
    staffRoute([], {
      summary: "Staff: the back-office home, the parts the caller's roles open",
      response: { 200: AdminHomeResponse, 403: ErrorBody },
    }),
    async (request) =>
      answerData(await getAdminHome(app.db, staffOf(request), Boolean(app.config.smtpUrl))),
  );

  app.post(
    '/api/admin/mails/:id/retry',
    staffRoute(['admin'], {
      summary: 'Staff: put a failed mail back in the queue, due now',
      params: MailIdParams,
      response: { 200: OkBody, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    }),
    async (request) => {
      const staff = staffOf(request);
      await retryFailedMail(app.db, staff, request.params.id);
      return { status: true as const };
    },
  );
};
