import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckoutResponse,
  FetchOrderQuery,
  FetchOrderResponse,
  IDEMPOTENCY_HEADER,
  IdempotencyKey,
  LangParam,
  OrderHistoryQuery,
  OrderHistoryResponse,
  PlaceOrderResponse,
  ReorderParams,
  ReorderResponse,
  StorePlaceOrderBody,
  idSchema,
} from '@wholesale/contract';
import { customerRoutes, requireCustomer, requireOwnCustomer } from '../../plugins/auth';
import { requestCountry } from '../../lib/request-country';
import { parseInput } from '../../lib/parse-input';
import { AppError } from '../../lib/app-error';
import { fetchOrder, getCheckout, getOrderDetail, orderHistory, reorder } from './orders.service';
import { renderOrderPdf } from './orders.pdf';
import { placeCustomerOrder, placedOrderAnswer } from '../../workflows/place-order';
import { ORDERS_CHANNEL } from './order-desk.service';
import { cartOwner } from '../cart';
import { sendAttachment } from '../../lib/attachment';

/** Order calls of docs/product/cart-and-orders.md under /api, plus the order PDF. Signed-in customers only. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = customerRoutes('orders');
  // Placed orders and the desk's status changes are announced after their commit: a process that
  // crashed in between left others with stale desk counts, so a starting one drops them everywhere.
  app.changeFeed.announcesAfterCommit(ORDERS_CHANNEL, '');

  app.post(
    '/api/store/orders',
    {
      ...route({
        summary:
          'Place an order from the selected cart lines (Idempotency-Key header makes retries safe)',
        headers: z.object({ [IDEMPOTENCY_HEADER]: IdempotencyKey.optional() }),
        body: StorePlaceOrderBody,
        response: { 200: PlaceOrderResponse },
      }),
      // The order claims its key itself, in its transaction (workflows/place-order.ts); the plugin
      // refuses the key reused for another request (422).
      config: { idempotency: 'verify' },
    },
    async (request) => {
      const body = request.body;
      const user = requireOwnCustomer(request, body.user_id);
      const result = await placeCustomerOrder(
        app.db,
        {
          userId: user.id,
          email: user.email,
          country: requestCountry(request),
          lang: body.lang ?? user.lang,
          productRefs: body.product_id,
          comment: body.order_comment ?? null,
          poNumber: body.po_number ?? null,
          shipToAddressId: body.ship_to_address_id,
          requestedShipDate: body.requested_ship_date ?? null,
          idempotencyKey: request.headers[IDEMPOTENCY_HEADER] as string | undefined,
          publicUrl: app.config.publicUrl,
          // The app's clock decides the day: the ship date's "today" and the prices' day.
          now: app.clock.now(),
        },
        app.changeFeed,
      );
      return placedOrderAnswer(result);
    },
  );

  app.get(
    '/api/checkout',
    route({
      summary:
        'What the checkout offers: ship-to addresses, payment terms, opening minimum, earliest ship date',
      response: { 200: CheckoutResponse },
    }),
    async (request) => {
      const user = requireCustomer(request);
      return getCheckout(app.db, user.id, requestCountry(request), app.clock.now());
    },
  );

  app.get(
    '/api/order-history',
    route({
      summary: "The caller's orders, newest first, paginated",
      querystring: OrderHistoryQuery,
      response: { 200: OrderHistoryResponse },
    }),
    async (request) => {
      const user = requireOwnCustomer(request, request.query.user_id);
      return orderHistory(app.db, user.id, request.query);
    },
  );

  app.get(
    '/api/fetch-order',
    route({
      summary: 'One order with its lines (the latest without order_id)',
      querystring: FetchOrderQuery,
      response: { 200: FetchOrderResponse },
    }),
    async (request) => {
      const user = requireOwnCustomer(request, request.query.user_id);
      return fetchOrder(app.db, user.id, request.query.order_id, request.query.lang);
    },
  );

  app.get(
    '/api/orders/:order_id/pdf',
    route({
      summary: 'The order as a PDF',
      params: z.object({
        order_id: idSchema('order_id'),
      }),
      querystring: z.object({ lang: LangParam }),
    }),
    async (request, reply) => {
      const user = requireCustomer(request);
      const order = await getOrderDetail(
        app.db,
        user.id,
        request.params.order_id,
        request.query.lang,
      );
      const pdf = await renderOrderPdf(
        order,
        { name: user.ownerName, company: user.companyName },
        await app.storeIdentity.read(),
      );
      return sendAttachment(reply, `order-${order.order_id}.pdf`, pdf);
    },
  );

  // docs/product/cart-and-orders.md: user_id and order_id, in the query or a JSON body.
  app.post(
    '/api/re-orders',
    {
      ...route({
        summary: "Copy an order's lines into the cart at today's prices and stock",
        querystring: z.record(z.string(), z.string()).optional(),
        body: z.record(z.string(), z.unknown()).optional().nullable(),
        response: { 200: ReorderResponse },
      }),
      // Adds to the cart: a repeated Idempotency-Key answers the first attempt (plugins/idempotency.ts).
      config: { idempotency: 'store' },
    },
    async (request) => {
      const input = parseInput(ReorderParams, {
        ...(request.query ?? {}),
        ...(request.body ?? {}),
      });
      const owner = cartOwner(request, input.user_id, input.lang);
      if (!input.order_id) throw new AppError('VALIDATION_FAILED', 'order_id is required');
      return reorder(app.db, owner, input.order_id);
    },
  );
};
