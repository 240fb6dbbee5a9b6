import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomerIdParams, ErrorBody, OkBody, SetPasswordLinkResponse } from '@wholesale/contract';
import type { Database } from '../../db/client';
import { staffOf, staffRoute } from '../../plugins/auth';
import type { SessionUser } from '../accounts';
import { issueSetPasswordLink, resendSetPasswordMail } from './customer-password';
import { answerData } from '../../lib/answer';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * A credit staff call that mails the customer a link (a password reset, a fresh set-password link)
 * and answers ok once the mail is queued.
 */
export function customerMailRoute(
  app: Parameters<FastifyPluginAsyncZod>[0],
  url: string,
  summary: string,
  send: (db: Database, publicUrl: string, staff: SessionUser, id: number) => Promise<void>,
): void {
  app.post(
    url,
    staffRoute(['credit'], {
      summary,
      params: CustomerIdParams,
      response: { 200: OkBody, ...errors },
    }),
    async (request) => {
      await send(app.db, app.config.publicUrl, staffOf(request), request.params.id);
      return { status: true as const };
    },
  );
}

/**
 * A customer's set-password link, by mail or copied by staff (credit and admin: they approve
 * customers and look after them). docs/product/back-office-staff-and-customers.md "Customers".
 */
export const customerPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  customerMailRoute(
    app,
    '/api/admin/customers/:id/set-password-mail',
    'Staff: mail the customer a fresh set-password link (earlier links stop working)',
    resendSetPasswordMail,
  );

  app.post(
    '/api/admin/customers/:id/set-password-link',
    staffRoute(['credit'], {
      summary: 'Staff: a fresh set-password link to pass on (earlier links stop working)',
      params: CustomerIdParams,
      response: { 200: SetPasswordLinkResponse, ...errors },
    }),
    async (request) =>
      answerData(
        await issueSetPasswordLink(
          app.db,
          app.config.publicUrl,
          staffOf(request),
          request.params.id,
        ),
      ),
  );
};
