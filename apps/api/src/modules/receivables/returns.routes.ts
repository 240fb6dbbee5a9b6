import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminReturnListQuery,
  AdminReturnListResponse,
  AdminReturnResponse,
  CreateReturnBody,
  CreditNoteIdParams,
  CreditNoteListQuery,
  CreditNoteListResponse,
  DecideReturnBody,
  ErrorBody,
  ReceiveReturnBody,
  ReturnIdParams,
  ReturnListQuery,
  ReturnListResponse,
  ReturnResponse,
  ReturnableLinesResponse,
  idSchema,
} from '@wholesale/contract';
import { customerRoutes, requireCustomer, staffOf, staffRoute } from '../../plugins/auth';
import { sendAttachment } from '../../lib/attachment';
import { creditNoteDocument, listOwnCreditNotes } from './credit-notes.queries';
import { getDeskReturn, listDeskReturns, listOwnReturns } from './returns.queries';
import { requestReturn, returnableLines } from './returns.requests';
import { decideReturn, receiveReturn } from './returns.service';
import { renderCreditNotePdf } from './credit-notes.pdf';
import { answerData } from '../../lib/answer';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * Returns and credit notes (docs/product/accounts-receivable.md "Returns and credit notes"): the
 * buyer's requests, returns and credit notes; the staff's returns desk. Credit staff decide; the
 * warehouse (orders staff) receives, which issues the credit note.
 */
export const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const buyer = customerRoutes('returns');
  /** A credit note's PDF download; a buyer passes their id (another customer's is a 404). */
  const sendCreditNotePdf = async (reply: FastifyReply, id: number, ownerId?: number) => {
    const doc = await creditNoteDocument(app.db, id, ownerId);
    const pdf = await renderCreditNotePdf(doc, await app.storeIdentity.read());
    return sendAttachment(reply, `credit-note-${doc.note.number}.pdf`, pdf);
  };

  app.post(
    '/api/orders/:order_id/returns',
    buyer({
      summary:
        'Ask shipped lines of one of your orders back (within 60 days of their shipment), with a reason',
      params: z.object({ order_id: idSchema('order_id') }),
      body: CreateReturnBody,
      response: { 200: ReturnResponse, ...errors },
    }),
    async (request) =>
      answerData(
        await requestReturn(app.db, {
          userId: requireCustomer(request).id,
          orderId: request.params.order_id,
          lines: request.body.lines,
          reason: request.body.reason,
          now: app.clock.now(),
        }),
      ),
  );

  app.get(
    '/api/orders/:order_id/returnable-lines',
    buyer({
      summary:
        'The lines of one of your orders as the return form offers them: shipped packs, packs left to ask back, the last day',
      params: z.object({ order_id: idSchema('order_id') }),
      response: { 200: ReturnableLinesResponse, ...errors },
    }),
    async (request) =>
      answerData(
        await returnableLines(
          app.db,
          requireCustomer(request).id,
          request.params.order_id,
          app.clock.now(),
        ),
      ),
  );

  app.get(
    '/api/returns',
    buyer({
      summary: 'Your returns, newest first (one order’s with order_id), with their status',
      querystring: ReturnListQuery,
      response: { 200: ReturnListResponse, ...errors },
    }),
    async (request) => {
      const user = requireCustomer(request);
      const q = request.query;
      const page = await listOwnReturns(app.db, user.id, {
        orderId: q.order_id,
        page: q.page,
        perPage: q.per_page,
      });
      return { status: true as const, ...page };
    },
  );

  app.get(
    '/api/credit-notes',
    buyer({
      summary: 'Your credit notes, newest first',
      querystring: CreditNoteListQuery,
      response: { 200: CreditNoteListResponse, ...errors },
    }),
    async (request) => {
      const user = requireCustomer(request);
      const page = await listOwnCreditNotes(app.db, user.id, {
        page: request.query.page,
        perPage: request.query.per_page,
      });
      return { status: true as const, ...page };
    },
  );

  app.get(
    '/api/credit-notes/:id/pdf',
    buyer({
      summary: 'One of your credit notes as a PDF, in your language',
      params: CreditNoteIdParams,
    }),
    async (request, reply) =>
      sendCreditNotePdf(reply, request.params.id, requireCustomer(request).id),
  );

  // ----- Staff ---------------------------------------------------------------------------------
  // Both sides of a return read the desk: credit staff decide, the warehouse receives.
  const readers = ['credit', 'orders'] as const;

  app.get(
    '/api/admin/returns',
    staffRoute([...readers], {
      summary: 'Staff: returns by status, newest first, paged, with a count per status',
      querystring: AdminReturnListQuery,
      response: { 200: AdminReturnListResponse, ...errors },
    }),
    async (request) => {
      const q = request.query;
      const page = await listDeskReturns(app.db, {
        status: q.status,
        page: q.page,
        perPage: q.per_page,
      });
      return { status: true as const, ...page };
    },
  );

  app.get(
    '/api/admin/returns/:id',
    staffRoute([...readers], {
      summary: 'Staff: one return with its lines, customer, credit note and next steps',
      params: ReturnIdParams,
      response: { 200: AdminReturnResponse, ...errors },
    }),
    async (request) => answerData(await getDeskReturn(app.db, request.params.id)),
  );

  for (const [verb, to] of [
    ['authorise', 'authorised'],
    ['refuse', 'refused'],
  ] as const) {
    app.post(
      `/api/admin/returns/:id/${verb}`,
      staffRoute(['credit'], {
        summary: `Staff (credit): ${verb} a requested return, with an optional note the buyer sees (409 once decided)`,
        params: ReturnIdParams,
        body: DecideReturnBody,
        response: { 200: AdminReturnResponse, ...errors },
      }),
      async (request) =>
        answerData(
          await decideReturn(app.db, {
            id: request.params.id,
            to,
            note: request.body?.note,
            actor: staffOf(request),
          }),
        ),
    );
  }

  app.post(
    '/api/admin/returns/:id/receive',
    staffRoute(['orders', 'credit'], {
      summary:
        'Staff (warehouse): receive an authorised return: issues its credit note, applies it to the shipment’s invoice, restocks when asked',
      params: ReturnIdParams,
      body: ReceiveReturnBody,
      response: { 200: AdminReturnResponse, ...errors },
    }),
    async (request) =>
      answerData(
        await receiveReturn(app.db, {
          id: request.params.id,
          restock: request.body.restock,
          actor: staffOf(request),
          now: app.clock.now(),
        }),
      ),
  );

  app.get(
    '/api/admin/credit-notes/:id/pdf',
    staffRoute([...readers], {
      summary: 'Staff: a credit note as a PDF, in its customer’s language',
      params: CreditNoteIdParams,
    }),
    async (request, reply) => sendCreditNotePdf(reply, request.params.id),
  );
};
