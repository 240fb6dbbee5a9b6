import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebhookEvent } from '@wholesale/contract';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app';
import { expectRefused } from '../../test/refused-calls';
import { addToCart, createShopTestApp } from '../../test/shopping-fixtures';
import { getFieldCipher } from '../../lib/crypto';
import {
  processWebhookOutbox,
  startWebhookWorker,
  WEBHOOK_RETRY_WINDOW_MS,
  webhookBackoffMs,
} from './webhooks.worker';
import { webhookEventInsert } from './webhooks.service';
import { verifySignature } from './webhooks.signing';
import { WEBHOOKS_CHANNEL } from './webhooks.queries';
import { webhookUrlProblem } from './webhooks.url';
import { auditRowsFor } from '../../test/audit-rows';

type Received = { headers: IncomingMessage['headers']; body: string };

/** A real HTTP receiver on a free port; `status` decides what it answers. */
function startReceiver(): Promise<{
  server: Server;
  url: string;
  received: Received[];
  status: { code: number };
}> {
  const received: Received[] = [];
  const status = { code: 200 };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = status.code;
      res.end('ok');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        received,
        status,
      }),
    ),
  );
}

/** Counts the notifications on `channel` (PGlite in-process, PostgreSQL over its own connection). */
async function countNotifications(channel: string) {
  const seen = { count: 0 };
  const onMessage = () => (seen.count += 1);
  if (t.handle.pglite) {
    const unlisten = await t.handle.pglite.listen(channel, onMessage);
    return { seen, stop: unlisten };
  }
  const client = new pg.Client({ connectionString: t.handle.url });
  await client.connect();
  client.on('notification', onMessage);
  await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  return { seen, stop: () => client.end() };
}

let t: TestApp;
let staff: { userId: number; headers: Record<string, string> };
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const SECRET = 'a-very-secret-signing-key';

beforeAll(async () => {
  ({ t } = await createShopTestApp([{ code: 'BIG', ca: { selling: 30_000, available: 1000 } }]));
  staff = await t.signIn({ role: 'staff' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await new Promise((r) => receiver.server.close(r));
  await t.close();
});

const createHook = (payload: object, headers = staff.headers) =>
  t.post('/api/admin/webhooks', headers, payload);

/** A new endpoint at the test receiver for `events`, signed with SECRET; answers its id. */
async function receiverEndpoint(events: WebhookEvent[]): Promise<number> {
  const created = await createHook({ url: receiver.url, events, secret: SECRET });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().endpoint.id;
}

async function placeOrder(): Promise<number> {
  const buyer = await t.signIn();
  await addToCart(t, buyer.headers, 'BIG', 2);
  const res = await t.post('/api/store/orders', buyer.headers, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order_id;
}

const cipher = () => getFieldCipher(t.config);

describe('webhook endpoints', () => {
  it('refuses URLs that are not http(s) or point at link-local or metadata addresses', async () => {
    for (const url of [
      'ftp://erp.example.com/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]/hook',
      'http://metadata.google.internal/computeMetadata',
      'not a url',
    ]) {
      const res = await createHook({ url, events: ['order.placed'], secret: SECRET });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.fields, url).toHaveProperty('url');
    }
    const noEvents = await createHook({
      url: 'https://erp.example.com/hook',
      events: [],
      secret: SECRET,
    });
    expect(noEvents.json().error.fields).toHaveProperty('events');
    const shortSecret = await createHook({
      url: 'https://erp.example.com/hook',
      events: ['order.placed'],
      secret: 'x',
    });
    expect(shortSecret.json().error.fields).toHaveProperty('secret');
  });

  it('allows loopback only outside production (the rule written in webhooks.url.ts)', () => {
    expect(webhookUrlProblem('http://127.0.0.1:9/x', { production: false })).toBeNull();
    expect(webhookUrlProblem('http://localhost/x', { production: true })).toMatch(/loopback/);
    expect(webhookUrlProblem('http://[::1]/x', { production: true })).toMatch(/loopback/);
    expect(webhookUrlProblem('https://erp.example.com/x', { production: true })).toBeNull();
  });

  it('answers 401 to guests and 403 to buyers on every webhook route', async () => {
    const buyer = await t.signIn();
    await expectRefused(
      t,
      [
        { method: 'GET', url: '/api/admin/webhooks' },
        { method: 'POST', url: '/api/admin/webhooks', payload: {} },
        { method: 'DELETE', url: '/api/admin/webhooks/1' },
        { method: 'POST', url: '/api/admin/webhooks/1/pause' },
        { method: 'POST', url: '/api/admin/webhooks/1/resume' },
        { method: 'GET', url: '/api/admin/webhooks/1/deliveries' },
        { method: 'POST', url: '/api/admin/webhook-deliveries/1/redeliver' },
      ],
      buyer.headers,
    );
  });
});

describe('webhook delivery', () => {
  it('delivers a signed order.placed event written with the order, and never answers the secret', async () => {
    const created = await createHook({
      url: receiver.url,
      events: ['order.placed'],
      secret: SECRET,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.body).not.toContain(SECRET);
    const endpointId = created.json().endpoint.id;
    const orderId = await placeOrder();
    const result = await processWebhookOutbox(t.handle.db, { cipher: cipher() });
    expect(result.delivered).toBe(1);
    const got = receiver.received.at(-1)!;
    expect(JSON.parse(got.body)).toMatchObject({
      event: 'order.placed',
      data: { order_id: orderId },
    });
    expect(verifySignature(SECRET, String(got.headers['x-signature']), got.body)).toBe(true);
    expect(
      verifySignature('another-secret-entirely', String(got.headers['x-signature']), got.body),
    ).toBe(false);
    expect(verifySignature(SECRET, String(got.headers['x-signature']), got.body + ' ')).toBe(false);
    const log = (await t.get(`/api/admin/webhooks/${endpointId}/deliveries`, staff.headers)).json();
    expect(log.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(log.deliveries[0].log[0]).toMatchObject({ status_code: 200, error: null });
    await t.delete(`/api/admin/webhooks/${endpointId}`, staff.headers);
  });

  it('retries with backoff on the injected clock, pauses the endpoint after 24 h of failures, and keeps its deliveries', async () => {
    const endpointId = await receiverEndpoint(['order.placed', 'order.status_changed']);
    receiver.status.code = 500;
    await placeOrder();
    const start = new Date(Date.now() + 1000);
    let now = start;
    const run = () => processWebhookOutbox(t.handle.db, { cipher: cipher(), now: () => now });

    expect(await run()).toMatchObject({ retried: 1 });
    // Not due again until the backoff has passed.
    now = new Date(start.getTime() + webhookBackoffMs(1) - 1000);
    expect(await run()).toMatchObject({ retried: 0, delivered: 0 });
    now = new Date(start.getTime() + webhookBackoffMs(1) + 1000);
    expect(await run()).toMatchObject({ retried: 1 });

    now = new Date(start.getTime() + WEBHOOK_RETRY_WINDOW_MS + 60_000);
    await run();
    const [endpoint] = (
      await t.handle.db.execute<{ status: string }>(
        sql`select status from webhook_endpoints where id = ${endpointId}`,
      )
    ).rows;
    expect(endpoint.status).toBe('paused');
    const deliveries = (
      await t.get(`/api/admin/webhooks/${endpointId}/deliveries`, staff.headers)
    ).json().deliveries;
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].log).toHaveLength(3);
    expect(deliveries[0].log.every((a: { status_code: number }) => a.status_code === 500)).toBe(
      true,
    );

    // Paused: nothing is sent, nothing is dropped; staff resume and redeliver, and it arrives.
    receiver.status.code = 200;
    now = new Date(now.getTime() + 2 * 60 * 60 * 1000);
    expect(await run()).toMatchObject({ delivered: 0, retried: 0 });
    await t.post(`/api/admin/webhooks/${endpointId}/resume`, staff.headers);
    const redeliver = await t.post(
      `/api/admin/webhook-deliveries/${deliveries[0].id}/redeliver`,
      staff.headers,
    );
    expect(redeliver.statusCode).toBe(200);
    expect(await run()).toMatchObject({ delivered: 1 });
    await t.delete(`/api/admin/webhooks/${endpointId}`, staff.headers);
  });

  it('queues nothing when the order rolls back, and an order.status_changed event on each change', async () => {
    const endpointId = await receiverEndpoint(['order.status_changed']);
    const orderId = await placeOrder();
    // The worker wakes on this channel: notified at commit, never by a change that rolled back.
    const notifications = await countNotifications(WEBHOOKS_CHANNEL);
    const refused = await t.post(`/api/admin/orders/${orderId}/status`, staff.headers, {
      status: 'shipped',
      carrier: 'ups',
    });
    expect(refused.statusCode).toBe(409);
    await t.post(`/api/admin/orders/${orderId}/status`, staff.headers, { status: 'accepted' });
    const { rows } = await t.handle.db.execute<{ event: string; body: string }>(
      sql`select event, body from webhook_deliveries where endpoint_id = ${endpointId}`,
    );
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].body).data).toMatchObject({
      order_id: orderId,
      from: 'placed',
      to: 'accepted',
    });
    await vi.waitFor(() => expect(notifications.seen.count).toBe(1), { timeout: 15_000 });
    await notifications.stop();
  });
});

describe('webhook worker', () => {
  it('delivers what was queued without a notification (its writer crashed before announcing it) once it starts', async () => {
    const endpointId = await receiverEndpoint(['customer.created']);
    const marker = `unannounced-${endpointId}`;
    await t.handle.db.execute(webhookEventInsert('customer.created', { marker }, 'after-commit'));
    const worker = startWebhookWorker({
      db: t.handle.db,
      cipher: cipher(),
      log: { info: () => {}, warn: () => {} },
      intervalMs: 60 * 60 * 1000,
    });
    // The worker's first pass claims and sends it; on a busy CI machine that took over the 1 s default.
    await vi.waitFor(
      () => expect(receiver.received.some((r) => r.body.includes(marker))).toBe(true),
      { timeout: 15_000 },
    );
    await worker.stop();
    await t.delete(`/api/admin/webhooks/${endpointId}`, staff.headers);
  });
});

describe('webhook audit', () => {
  it('writes an audit row for create, pause, resume, redeliver and delete, never the secret', async () => {
    const endpointId = await receiverEndpoint(['order.placed']);
    const post = (url: string) => t.post(url, staff.headers);
    expect((await post(`/api/admin/webhooks/${endpointId}/pause`)).statusCode).toBe(200);
    expect((await post(`/api/admin/webhooks/${endpointId}/resume`)).statusCode).toBe(200);
    await placeOrder();
    const [delivery] = (
      await t.get(`/api/admin/webhooks/${endpointId}/deliveries`, staff.headers)
    ).json().deliveries;
    expect((await post(`/api/admin/webhook-deliveries/${delivery.id}/redeliver`)).statusCode).toBe(
      200,
    );
    const removed = await t.delete(`/api/admin/webhooks/${endpointId}`, staff.headers);
    expect(removed.statusCode).toBe(200);

    const rows = await auditRowsFor(t.handle.db, 'webhook', endpointId);
    expect(rows.map((r) => r.action)).toEqual([
      'webhook.create',
      'webhook.pause',
      'webhook.resume',
      'webhook.delete',
    ]);
    expect(rows[0].after).toEqual({
      url: receiver.url,
      events: ['order.placed'],
      status: 'active',
    });
    expect(rows[1]).toMatchObject({ before: { status: 'active' }, after: { status: 'paused' } });
    expect(rows[3]).toMatchObject({ before: { url: receiver.url }, after: null });
    expect(JSON.stringify(rows)).not.toContain(SECRET);
    const redelivered = await auditRowsFor(t.handle.db, 'webhook_delivery', delivery.id);
    expect(redelivered).toMatchObject([{ action: 'webhook_delivery.redeliver' }]);
    expect(rows[0].actor_user_id).toBe(staff.userId);
  });

  it('writes no audit row when the change is refused', async () => {
    const res = await createHook({
      url: 'ftp://example.com/hook',
      events: ['order.placed'],
      secret: SECRET,
    });
    expect(res.statusCode).toBe(400);
    const missing = await t.delete('/api/admin/webhooks/999999', staff.headers);
    expect(missing.statusCode).toBe(404);
    expect(await auditRowsFor(t.handle.db, 'webhook', 999999)).toEqual([]);
  });
});
