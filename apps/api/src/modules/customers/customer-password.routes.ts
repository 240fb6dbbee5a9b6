import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CustomerIdParams, ErrorBody, OkBody, SetPasswordLinkResponse } from '@wholesale/contract';
import { staffOf, staffRoute } from '../../plugins/auth';
import { issueSetPasswordLink, resendSetPasswordMail } from './customer-password';
import { answerData } from '../../lib/answer';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * A customer's set-password link, by mail or copied by staff (credit and admin: they approve
 * customers and look after them). docs/product/back-office-staff-and-customers.md "Customers".
 */
export const customerPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/customers/:id/set-password-mail',
    staffRoute(['credit'], {
      summary: 'Staff: mail the customer a fresh set-password link (earlier links stop working)',
      params: CustomerIdParams,
      response: { 200: OkBody, ...errors },
    }),
    async (request) => {
      const staff = staffOf(request);
      await resendSetPasswordMail(app.db, app.config.publicUrl, staff, request.params.id);
      return { status: true as const };
    },
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
