import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountCreditResponse,
  AdminBouncePaymentBody,
  AdminCustomerPaymentsResponse,
  AdminInterestBody,
  AdminInterestResponse,
  AdminReceivablesQuery,
  AdminReceivablesResponse,
  AdminRecordPaymentBody,
  COUNTRIES,
  CustomerIdParams,
  ErrorBody,
  IntegrationPaymentBody,
  PaymentIdParams,
  PaymentResponse,
  shopToday,
  StatementPeriodParams,
  toPage,
} from '@wholesale/contract';
import { sendAttachment } from '../../lib/attachment';
import { safeCsvOptions } from '../../lib/csv-cells';
import {
  customerRoutes,
  requireCustomer,
  requireScope,
  staffOf,
  scopedRoute,
  staffRoutes,
} from '../../plugins/auth';
import { chargeMonthlyInterest } from './payments.interest';
import { bouncePayment, customerPayments, recordPayment } from './payments.service';
import { renderStatementPdf } from './statements.pdf';
import { AGING_CSV_COLUMNS, agingCsvRecord, listReceivables } from './statements.receivables';
import { accountCredit, monthlyStatement } from './statements.service';
import { answerData } from '../../lib/answer';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** A payment as staff and the ERP send it, for `recordPayment` (the customer and the ERP's key apart). */
const paymentOf = (b: AdminRecordPaymentBody) => ({
  amountCents: b.amount_cents,
  method: b.method,
  reference: b.reference,
  receivedOn: b.received_on,
  allocations: b.allocations?.map((x) => ({
    invoiceId: x.invoice_id,
    amountCents: x.amount_cents,
  })),
});

/**
 * Payments, statements, interest and receivables (docs/product/accounts-receivable.md): credit
 * staff (and admin) record and bounce payments, charge a month's interest and read the
 * receivables; the ERP records payments with a `payments:write` token; a buyer reads their own
 * account and monthly statements.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = staffRoutes(['credit'], { tag: 'receivables' });
  const buyer = customerRoutes('account');
  const today = () => shopToday(new Date());

  app.get(
    '/api/admin/customers/:id/payments',
    staff({
      summary: "Staff: a customer's payments (with what each settled), open invoices and balance",
      params: CustomerIdParams,
      response: { 200: AdminCustomerPaymentsResponse, ...errors },
    }),
    async (request) => answerData(await customerPayments(app.db, request.params.id, today())),
  );

  app.post(
    '/api/admin/customers/:id/payments',
    staff({
      summary:
        'Staff: records a payment (cheque, transfer, card on file); settles the allocation given, else open invoices oldest due first; the rest stays a credit (audited; webhook payment.recorded)',
      params: CustomerIdParams,
      body: AdminRecordPaymentBody,
      response: { 201: PaymentResponse, ...errors },
    }),
    async (request, reply) => {
      const user = staffOf(request);
      const { payment } = await recordPayment(
        app.db,
        { customerId: request.params.id, ...paymentOf(request.body) },
        { kind: 'staff', id: user.id, email: user.email },
      );
      return reply.code(201).send(answerData(payment));
    },
  );

  app.post(
    '/api/integrations/payments',
    scopedRoute('payments:write', 'integrations', {
      summary:
        'ERP: records a payment for a customer, idempotent on external_ref (the same body answers the same payment, 200; another body 409)',
      body: IntegrationPaymentBody,
      response: { 200: PaymentResponse, 201: PaymentResponse, ...errors },
    }),
    async (request, reply) => {
      const principal = requireScope(request, 'payments:write');
      const b = request.body;
      const { payment, replayed } = await recordPayment(
        app.db,
        { customerId: b.customer_id, externalRef: b.external_ref, ...paymentOf(b) },
        principal.kind === 'token'
          ? { kind: 'erp', tokenId: principal.token.tokenId, tokenName: principal.token.name }
          : { kind: 'staff', id: principal.user.id, email: principal.user.email },
      );
      return reply.code(replayed ? 200 : 201).send(answerData(payment));
    },
  );

  app.post(
    '/api/admin/payments/:id/bounce',
    staff({
      summary:
        'Staff: marks a payment bounced: it no longer counts, its settlements are removed (the invoices reopen); optionally puts the account on hold (audited)',
      params: PaymentIdParams,
      body: AdminBouncePaymentBody,
      response: { 200: PaymentResponse, ...errors },
    }),
    async (request) =>
      answerData(
        await bouncePayment(
          app.db,
          request.params.id,
          { reason: request.body.reason, holdAccount: request.body.hold_account },
          staffOf(request),
        ),
      ),
  );

  app.post(
    '/api/admin/receivables/interest',
    staff({
      summary:
        "Staff: charges a month's interest on overdue accounts (once per customer and month; the daily worker does the same for the last month)",
      body: AdminInterestBody,
      response: { 200: AdminInterestResponse, ...errors },
    }),
    async (request) => {
      const result = await chargeMonthlyInterest(app.db, {
        asOf: today(),
        period: request.body.period,
      });
      return { status: true as const, ...result };
    },
  );

  app.get(
    '/api/admin/receivables',
    staff({
      summary: 'Staff: customers by amount overdue, with balance, aging and hold; paged',
      querystring: AdminReceivablesQuery,
      response: { 200: AdminReceivablesResponse, ...errors },
    }),
    async (request) => {
      const q = request.query;
      const asOf = today();
      const { rows, total } = await listReceivables(app.db, {
        asOf,
        country: q.country,
        page: q.page,
        perPage: q.per_page,
      });
      return { status: true as const, ...toPage(rows, total, q.page, q.per_page), as_of: asOf };
    },
  );

  app.get(
    '/api/admin/receivables/aging.csv',
    staff({
      summary: 'Staff: the receivables with their aging as CSV (filtered by country)',
      querystring: z.object({
        country: z.enum(COUNTRIES, { message: 'country must be ca or us' }).optional(),
      }),
    }),
    async (request, reply) => {
      const { rows } = await listReceivables(app.db, {
        asOf: today(),
        country: request.query.country,
        page: 1,
        perPage: null,
      });
      const csv = stringify(rows.map(agingCsvRecord), {
        header: true,
        columns: [...AGING_CSV_COLUMNS],
        ...safeCsvOptions(),
      });
      return sendAttachment(reply, 'aging.csv', csv);
    },
  );

  app.get(
    '/api/admin/customers/:id/statements/:period/pdf',
    staff({
      summary:
        "Staff: a customer's statement of a month (YYYY-MM) as a PDF in the customer's language, to send to them",
      params: CustomerIdParams.extend(StatementPeriodParams.shape),
    }),
    async (request, reply) => {
      const { id, period } = request.params;
      const statement = await monthlyStatement(app.db, id, period);
      const pdf = await renderStatementPdf(statement, await app.storeIdentity.read());
      const code = statement.customer.customer_code ?? String(id);
      return sendAttachment(reply, `statement-${code}-${period}.pdf`, pdf);
    },
  );

  app.get(
    '/api/account/credit',
    buyer({
      summary:
        'The signed-in buyer’s account: limit, balance, open orders, available credit, aging, open invoices, payments, interest and statement months',
      response: { 200: AccountCreditResponse, 401: ErrorBody, 403: ErrorBody },
    }),
    async (request) =>
      answerData(await accountCredit(app.db, requireCustomer(request).id, today())),
  );

  app.get(
    '/api/account/statements/:period/pdf',
    buyer({
      summary: "The signed-in buyer's statement of a month (YYYY-MM) as a PDF, in their language",
      params: StatementPeriodParams,
    }),
    async (request, reply) => {
      const user = requireCustomer(request);
      const statement = await monthlyStatement(app.db, user.id, request.params.period);
      const pdf = await renderStatementPdf(statement, await app.storeIdentity.read());
      return sendAttachment(reply, `statement-${request.params.period}.pdf`, pdf);
    },
  );
};
