import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminAccountHoldBody,
  AdminCreditAccountResponse,
  AdminCreditPatchBody,
  CustomerIdParams,
  ErrorBody,
} from '@wholesale/contract';
import { staffOf, staffRoute } from '../../plugins/auth';
import { changeAccountHold, getCreditAccount, patchCreditAccount } from './credit.service';
import { answerData } from '../../lib/answer';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * A customer's trade credit on the staff customer page (docs/product/accounts-receivable.md "Credit
 * at approval, deposits and holds"): credit (and admin) read and change it; orders staff may read it.
 */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/customers/:id/credit',
    staffRoute(['credit', 'orders'], {
      summary:
        "Staff: a customer's credit limit, net days, opening deposit, hold, balance, open orders and available credit",
      params: CustomerIdParams,
      response: { 200: AdminCreditAccountResponse, ...errors },
    }),
    async (request) => answerData(await getCreditAccount(app.db, request.params.id)),
  );

  app.patch(
    '/api/admin/customers/:id/credit',
    staffRoute(['credit'], {
      summary:
        "Staff: change a customer's credit limit, net days or opening-deposit rule (audited)",
      params: CustomerIdParams,
      body: AdminCreditPatchBody,
      response: { 200: AdminCreditAccountResponse, ...errors },
    }),
    async (request) =>
      answerData(
        await patchCreditAccount(app.db, staffOf(request), request.params.id, request.body),
      ),
  );

  app.put(
    '/api/admin/customers/:id/credit/hold',
    staffRoute(['credit'], {
      summary:
        "Staff: put a customer's account on hold (overdue, bounced_payment, other; with a note) or lift it (reason null)",
      params: CustomerIdParams,
      body: AdminAccountHoldBody,
      response: { 200: AdminCreditAccountResponse, ...errors },
    }),
    async (request) =>
      answerData(
        await changeAccountHold(app.db, staffOf(request), request.params.id, request.body),
      ),
  );
};
