import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  AdminOrderDetailResponse,
  AdminOrderParams,
  ErrorBody,
  RecordDepositBody,
} from '@wholesale/contract';
import type { SessionUser } from '../accounts';
import { staffOf, staffRoutes } from '../../plugins/auth';
import { recordOrderDeposit, releaseOrderCreditHold } from '../../workflows/order-credit';
import { getDeskOrder } from './order-desk.service';

const ReleaseHoldBody = z
  .object({
    note: z
      .string({ error: 'note must be a text' })
      .trim()
      .max(1000, { error: 'note is too long (1000 characters at most)' })
      .optional(),
  })
  .optional();

/**
 * The desk's credit steps (docs/product/back-office-orders.md "Waiting for credit"): credit staff
 * (and admin) record an opening order's deposit and release a credit hold. Cancelling a held order
 * is the ordinary status change.
 */
export const orderCreditRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = staffRoutes(['credit']);
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
  /** A credit step on one order by the staff member, answered with the order as the desk now shows it. */
  const creditStep =
    <Body>(step: (staff: SessionUser, orderId: number, body: Body) => Promise<unknown>) =>
    async (request: FastifyRequest & { params: { id: number }; body: Body }) => {
      await step(staffOf(request), request.params.id, request.body);
      return { status: true as const, order: await getDeskOrder(app.db, request.params.id) };
    };

  app.post(
    '/api/admin/orders/:id/deposit',
    route({
      summary:
        "Staff: record the opening order's deposit (a payment against the order; payment.recorded webhook)",
      params: AdminOrderParams,
      body: RecordDepositBody,
      response: { 200: AdminOrderDetailResponse, ...errors },
    }),
    creditStep((staff, id, body: RecordDepositBody) =>
      recordOrderDeposit(app.db, staff, id, body, app.changeFeed),
    ),
  );

  app.post(
    '/api/admin/orders/:id/release-hold',
    route({
      summary: "Staff: release an order's credit hold (credit limit or account hold)",
      params: AdminOrderParams,
      body: ReleaseHoldBody,
      response: { 200: AdminOrderDetailResponse, ...errors },
    }),
    creditStep((staff, id, body: z.infer<typeof ReleaseHoldBody>) =>
      releaseOrderCreditHold(app.db, staff, id, body?.note, app.changeFeed),
    ),
  );
};
