import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminApplicationsQuery,
  ApplicationDetailResponse,
  ApplicationListResponse,
  ApproveApplicationResponse,
  ErrorBody,
  OkBody,
  RejectApplicationBody,
  StoreApplicationBody,
  idSchema,
} from '@wholesale/contract';
import { staffOf, staffRoute } from '../../plugins/auth';
import { getFieldCipher } from '../../lib/crypto';
import { approveApplication } from '../../workflows/approve-application';
import {
  getForStaff,
  listForStaff,
  rejectApplication,
  submitApplication,
} from './applications.service';
import { answerData } from '../../lib/answer';

const IdParams = z.object({
  id: idSchema('id'),
});

/** Credit applications: POST /api/store/user (docs/product/registration.md) and the staff review under /api/admin/applications. */
export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Fail at start-up, not at the first application, when production has no encryption key.
  getFieldCipher(app.config);

  // Applications are few and come from people: a tighter per-IP limit than the general one keeps
  // the outbox (acknowledgement + staff notice per submission) from being used to spam.
  const submitLimit = {
    max: Math.max(10, Math.floor(app.config.rateLimitMax / 40)),
    timeWindow: 10 * 60_000,
  };

  app.post(
    '/api/store/user',
    {
      config: { rateLimit: submitLimit },
      schema: {
        tags: ['applications'],
        summary:
          'Submit a Canadian (country ca) or USA (country usa) account application (docs/product/registration.md)',
        body: StoreApplicationBody,
        response: { 200: OkBody, 400: ErrorBody, 409: ErrorBody },
      },
    },
    // A bot that filled the honeypot gets the same answer as a person (nothing is stored).
    async (request) => {
      await submitApplication(app.db, app.config, request.body, {
        ip: request.ip,
        now: app.clock.now(),
      });
      return { status: true as const };
    },
  );

  app.get(
    '/api/admin/applications',
    staffRoute(['credit'], {
      summary: 'Staff: list applications by status, country and search text',
      querystring: AdminApplicationsQuery,
      response: { 200: ApplicationListResponse },
    }),
    async (request) => {
      return listForStaff(app.db, request.query);
    },
  );

  app.get(
    '/api/admin/applications/:id',
    staffRoute(['credit'], {
      summary: 'Staff: one application, decrypted (each view is audited)',
      params: IdParams,
      response: { 200: ApplicationDetailResponse },
    }),
    async (request) =>
      answerData(await getForStaff(app.db, app.config, staffOf(request), request.params.id)),
  );

  app.post(
    '/api/admin/applications/:id/approve',
    staffRoute(['credit'], {
      summary: 'Staff: approve; creates the customer and e-mails a set-password link',
      params: IdParams,
      response: { 200: ApproveApplicationResponse },
    }),
    async (request) => {
      const staff = staffOf(request);
      const result = await approveApplication(app.db, app.config, staff, request.params.id);
      return answerData({ user_id: result.userId, customer_code: result.customerCode });
    },
  );

  app.post(
    '/api/admin/applications/:id/reject',
    staffRoute(['credit'], {
      summary: 'Staff: reject with a reason; e-mails the applicant',
      params: IdParams,
      body: RejectApplicationBody,
      response: { 200: OkBody },
    }),
    async (request) => {
      const staff = staffOf(request);
      await rejectApplication(app.db, staff, request.params.id, request.body.reason);
      return { status: true as const };
    },
  );
};
