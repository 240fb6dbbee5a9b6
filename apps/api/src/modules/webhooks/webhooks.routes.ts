import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateWebhookBody,
  ErrorBody,
  OkBody,
  WebhookDeliveriesResponse,
  WebhookEndpointResponse,
  WebhookIdParams,
  WebhookListResponse,
} from '@wholesale/contract';
import { staffOf, staffRoutes } from '../../plugins/auth';
import { getFieldCipher } from '../../lib/crypto';
import {
  assertWebhookTarget,
  createWebhook,
  listWebhooks,
  redeliver,
  removeWebhook,
  setWebhookPaused,
  webhookDeliveries,
} from './webhooks.service';
import { webhookRuleOf } from './webhooks.url';

/** Staff: ERP webhook endpoints, their deliveries and attempt logs (docs/product/back-office-orders.md). */
/**
 * What each event's `data` holds (the OpenAPI description of registering an endpoint). Fields are
 * only ever added, never renamed or removed: a receiver written for an older payload keeps working.
 */
const WEBHOOK_PAYLOADS = [
  'Each delivery POSTs `{ id, event, created_at, data }`, signed in `X-Signature` (`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`). Amounts are in cents.',
  '- `order.placed`: `order_id`, `customer_id`, `country`, `total_cents`, `po_number`, `placed_by_staff_id`, `lines[]` (`product_id`, `quantity` in ship packs, `ship_pack`, `unit_price_cents`, `backorder`); since 2026-11-28 also `ship_to` (`label`, `company`, `line1`, `line2`, `city`, `region`, `postal_code`, `country`; null without an address), `requested_ship_date` (YYYY-MM-DD, null: as soon as possible), `payment_terms`, `order_comment`, `taxes[]` (`kind`, `rate` in %, `amount_cents`) and `tax_cents`; with trade credit also `hold_reason` (`credit_limit`, `account_hold`, null: not held) and `deposit_cents` (the opening deposit owed, 0 for none); with customer prices each line also says why its unit costs `unit_price_cents`: `price_reason` (`selling`, `sale` or `price_list`), `price_list_id`, `price_list_name`, `price_list_assignee` (`customer`: given to the customer by name; `group`: to a group of theirs) and `price_min_packs` (the pack count the list price starts at); the list fields are null unless `price_list`.',
  '- `order.status_changed`: `order_id`, `from`, `to`, `version`, `customer_id`, `carrier` and `tracking_number` on a shipping step; since 2026-11-28 also `po_number`, `ship_to`, `requested_ship_date`, `payment_terms`, `order_comment`, `taxes[]` and `tax_cents` as above.',
  '- `customer.created`: `customer_id`, `customer_code`, `email`, `company_name`, `owner_name`, `country`, `lang`.',
  "- `payment.recorded`: `payment_id`, `customer_id`, `amount_cents`, `method` (`cheque`, `transfer`, `card_on_file`), `reference` (null without one), `received_on` (YYYY-MM-DD), `settlements[]` (`invoice_id`, `amount_cents`: what it paid on each invoice; the rest of the amount stays a credit on the account); an opening order's deposit recorded on the desk adds `deposit_for_order_id` (its `settlements` empty).",
  '- `invoice.created`: `invoice_id`, `number`, `customer_id`, `order_id` (null for an ERP invoice without one), `source` (`store`: a shipment issued it; `erp`: pushed), `issued_on`, `due_on` (YYYY-MM-DD), `currency` (`CAD`/`USD`), `subtotal_cents`, `tax_cents`, `total_cents`, `lines[]` (`order_line_id`, `product_id`, `quantity` in ship packs, `ship_pack`, `unit_price_cents`, `line_total_cents`); with customer prices each line also says why its unit cost `unit_price_cents`, copied from the order line it bills: `price_reason` (`selling`, `sale` or `price_list`; null on lines billed before reasons were kept and on lines the ERP pushed), `price_list_id`, `price_list_name`, `price_list_assignee` and `price_min_packs` as in `order.placed`.',
].join('\n');

export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const cipher = getFieldCipher(app.config);
  const route = staffRoutes(['admin']);
  const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };

  app.get(
    '/api/admin/webhooks',
    route({
      summary: 'Staff: webhook endpoints',
      response: { 200: WebhookListResponse },
    }),
    async () => {
      return { status: true as const, endpoints: await listWebhooks(app.db) };
    },
  );

  app.post(
    '/api/admin/webhooks',
    route({
      summary:
        'Staff: register a webhook endpoint (http(s); never an address inside the network: loopback, private, link-local, metadata)',
      description: WEBHOOK_PAYLOADS,
      body: CreateWebhookBody,
      response: { 200: WebhookEndpointResponse, ...errors },
    }),
    async (request) => {
      const staff = staffOf(request);
      const rule = webhookRuleOf(app.config);
      await assertWebhookTarget(request.body.url, { ...rule, resolve: app.hostResolver.lookup });
      const endpoint = await app.db.transaction((tx) =>
        createWebhook(tx, cipher, { ...request.body, createdBy: staff, rule }),
      );
      return { status: true as const, endpoint };
    },
  );

  for (const action of ['pause', 'resume'] as const) {
    app.post(
      `/api/admin/webhooks/:id/${action}`,
      route({
        summary: `Staff: ${action} a webhook endpoint`,
        params: WebhookIdParams,
        response: { 200: WebhookEndpointResponse, ...errors },
      }),
      async (request) => {
        const staff = staffOf(request);
        const endpoint = await app.db.transaction((tx) =>
          setWebhookPaused(tx, request.params.id, action === 'pause', staff),
        );
        return { status: true as const, endpoint };
      },
    );
  }

  app.get(
    '/api/admin/webhooks/:id/deliveries',
    route({
      summary: "Staff: an endpoint's latest deliveries with their attempt logs",
      params: WebhookIdParams,
      response: { 200: WebhookDeliveriesResponse, ...errors },
    }),
    async (request) => {
      return {
        status: true as const,
        deliveries: await webhookDeliveries(app.db, request.params.id),
      };
    },
  );

  // Deleting an endpoint and sending a delivery again: one act on an id, in a transaction, as the
  // staff member (audited by the service), answered with a bare ok.
  const acts = [
    {
      method: 'DELETE',
      url: '/api/admin/webhooks/:id',
      summary: 'Staff: delete a webhook endpoint',
      act: removeWebhook,
    },
    {
      method: 'POST',
      url: '/api/admin/webhook-deliveries/:id/redeliver',
      summary: 'Staff: send a delivery again now',
      act: redeliver,
    },
  ] as const;
  for (const { method, url, summary, act } of acts) {
    app.route({
      method,
      url,
      ...route({ summary, params: WebhookIdParams, response: { 200: OkBody, ...errors } }),
      handler: async (request) => {
        const staff = staffOf(request);
        await app.db.transaction((tx) => act(tx, request.params.id, staff));
        return { status: true as const };
      },
    });
  }
};
