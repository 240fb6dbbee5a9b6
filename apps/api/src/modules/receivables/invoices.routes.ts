import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminInvoiceListQuery,
  AdminInvoiceListResponse,
  ErpInvoiceBody,
  ErpInvoiceResponse,
  ErrorBody,
  IntegrationInvoiceListQuery,
  IntegrationInvoiceListResponse,
  InvoiceDetailResponse,
  InvoiceListQuery,
  InvoiceListResponse,
  InvoiceParams,
  InvoicePdfQuery,
  shopToday,
  type Lang,
} from '@wholesale/contract';
import {
  customerRoutes,
  requireCustomer,
  requireScope,
  scopedRoute,
  staffRoutes,
} from '../../plugins/auth';
import { sendAttachment } from '../../lib/attachment';
import {
  getInvoice,
  invoiceForPdf,
  invoicesSince,
  listInvoices,
  pushErpInvoice,
} from './invoices.service';
import { renderInvoicePdf } from './invoices.pdf';

/**
 * Invoices (docs/product/accounts-receivable.md "Invoices"): the buyer's own under /api/invoices,
 * staff's under /api/admin/invoices (credit and orders staff), the ERP's under
 * /api/integrations/invoices (an integration token with invoices:read / invoices:write, or credit
 * staff by hand).
 */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const buyer = customerRoutes('invoices');
  const staff = staffRoutes(['credit', 'orders']);
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
  const today = () => shopToday(app.clock.now());

  // A buyer's reads pass their id: another customer's invoice is a 404 to them.
  const detail = async (id: number, ownerId?: number) => ({
    status: true as const,
    invoice: await getInvoice(app.db, id, today(), ownerId),
  });
  /** The invoice as a PDF download, in `lang` or else the customer's language. */
  const sendPdf = async (
    reply: FastifyReply,
    id: number,
    lang: Lang | undefined,
    ownerId?: number,
  ) => {
    const { invoice, customer } = await invoiceForPdf(app.db, id, today(), ownerId);
    const pdf = await renderInvoicePdf({
      invoice,
      customer,
      identity: await app.storeIdentity.read(),
      lang: lang ?? customer.lang,
    });
    return sendAttachment(reply, `invoice-${invoice.number}.pdf`, pdf);
  };

  app.get(
    '/api/invoices',
    buyer({
      summary: "The buyer's invoices, newest first, with what is still open on each",
      querystring: InvoiceListQuery,
      response: { 200: InvoiceListResponse, ...errors },
    }),
    async (request) => {
      const user = requireCustomer(request);
      const q = request.query;
      const { data, ...page } = await listInvoices(
        app.db,
        { customerId: user.id, orderId: q.order_id, today: today() },
        q.page,
        q.per_page,
      );
      return {
        ...page,
        data: data.map(({ customer_name: _n, company_name: _c, ...summary }) => summary),
      };
    },
  );

  app.get(
    '/api/invoices/:id',
    buyer({
      summary: 'One of the buyer’s invoices (404 for another customer’s)',
      params: InvoiceParams,
      response: { 200: InvoiceDetailResponse, ...errors },
    }),
    async (request) => detail(request.params.id, requireCustomer(request).id),
  );

  app.get(
    '/api/invoices/:id/pdf',
    buyer({
      summary:
        "One of the buyer's invoices as a PDF, in the customer's language or ?lang=en|fr|es (404 for another customer's)",
      params: InvoiceParams,
      querystring: InvoicePdfQuery,
    }),
    async (request, reply) =>
      sendPdf(reply, request.params.id, request.query.lang, requireCustomer(request).id),
  );

  app.get(
    '/api/admin/invoices',
    staff({
      summary: 'Staff: invoices filtered by customer, status and issue days, newest first',
      querystring: AdminInvoiceListQuery,
      response: { 200: AdminInvoiceListResponse, ...errors },
    }),
    async (request) => {
      const q = request.query;
      return listInvoices(
        app.db,
        { customerId: q.customer_id, status: q.status, from: q.from, to: q.to, today: today() },
        q.page,
        q.per_page,
      );
    },
  );

  app.get(
    '/api/admin/invoices/:id',
    staff({
      summary: 'Staff: one invoice with its lines, taxes and open amount',
      params: InvoiceParams,
      response: { 200: InvoiceDetailResponse, ...errors },
    }),
    async (request) => detail(request.params.id),
  );

  app.get(
    '/api/admin/invoices/:id/pdf',
    staff({
      summary: "Staff: an invoice as a PDF, in the customer's language or ?lang=en|fr|es",
      params: InvoiceParams,
      querystring: InvoicePdfQuery,
    }),
    async (request, reply) => sendPdf(reply, request.params.id, request.query.lang),
  );

  app.get(
    '/api/integrations/invoices',
    scopedRoute('invoices:read', 'integrations', {
      summary:
        'ERP: invoices created since an instant (?since=ISO time), oldest first, a page at a time, with lines',
      querystring: IntegrationInvoiceListQuery,
      response: { 200: IntegrationInvoiceListResponse, ...errors },
    }),
    async (request) => {
      requireScope(request, 'invoices:read');
      const q = request.query;
      return invoicesSince(
        app.db,
        q.since ? new Date(q.since) : undefined,
        q.page,
        q.per_page,
        today(),
      );
    },
  );

  app.post(
    '/api/integrations/invoices',
    scopedRoute('invoices:write', 'integrations', {
      summary:
        'ERP: push an invoice the ERP issued; idempotent on external_ref (same body: the same invoice, 200; another body: 409)',
      body: ErpInvoiceBody,
      response: { 200: ErpInvoiceResponse, ...errors, 409: ErrorBody, 422: ErrorBody },
    }),
    async (request) => {
      const who = requireScope(request, 'invoices:write');
      const actor =
        who.kind === 'staff'
          ? { id: who.user.id, email: who.user.email }
          : { id: null, token: `integration token ${who.token.name}` };
      const result = await pushErpInvoice(app.db, request.body, actor, today());
      return { status: true as const, ...result };
    },
  );
};
