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
import { requireStaffRole, staffRoutes } from '../../plugins/auth';
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
    async (request) => {
      requireStaffRole(request, 'admin');
      return { status: true as const, endpoints: await listWebhooks(app.db) };
    },
  );

  app.post(
    '/api/admin/webhooks',
    route({
      summary:
        'Staff: register a webhook endpoint (http(s); never an address inside the network: loopback, private, link-local, metadata)',
      body: CreateWebhookBody,
      response: { 200: WebhookEndpointResponse, ...errors },
    }),
    async (request) => {
      const staff = requireStaffRole(request, 'admin');
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
        const staff = requireStaffRole(request, 'admin');
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
      requireStaffRole(request, 'admin');
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
        const staff = requireStaffRole(request, 'admin');
        await app.db.transaction((tx) => act(tx, request.params.id, staff));
        return { status: true as const };
      },
    });
  }
};
