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
  type WebhookWorkerOptions,
} from './webhooks.worker';
import { webhookEventInsert } from './webhooks.service';
import { verifySignature } from './webhooks.signing';
import { WEBHOOKS_CHANNEL } from './webhooks.queries';
import { webhookUrlProblem } from './webhooks.url';
import { auditRowsFor } from '../../test/audit-rows';
import type { HostResolver } from '../../lib/outbound-address';

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

/** Registering each of `urls` answers 400 naming the url field (with a message like `message`). */
async function expectUrlsRefused(urls: string[], message: RegExp = /./) {
  for (const url of urls) {
    const res = await createHook({ url, events: ['order.placed'], secret: SECRET });
    expect(res.statusCode, url).toBe(400);
    expect(res.json().error.fields?.url, url).toMatch(message);
  }
}

async function placeOrder(): Promise<number> {
  const buyer = await t.signIn();
  await addToCart(t, buyer.headers, 'BIG', 2);
  const res = await t.post('/api/store/orders', buyer.headers, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order_id;
}

const cipher = () => getFieldCipher(t.config);
/**
 * The pending deliveries of `endpointId` due now: what the passing of their backoff does (their
 * trigger queues the job at the new time, migration 0034).
 */
const retryNow = (endpointId: number) =>
  t.handle.db.execute(
    sql`update webhook_deliveries set next_attempt_at = now()
        where endpoint_id = ${endpointId} and status = 'pending'`,
  );
/** One worker pass as the test environment runs it (loopback receivers allowed), or as `options` say. */
const deliverDue = (options: Partial<WebhookWorkerOptions> = {}) =>
  processWebhookOutbox(t.app, { cipher: cipher(), production: false, ...options });

describe('webhook endpoints', () => {
  it('refuses URLs that are not http(s) or point at link-local or metadata addresses', async () => {
    await expectUrlsRefused([
      'ftp://erp.example.com/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]/hook',
      'http://metadata.google.internal/computeMetadata',
      'not a url',
    ]);
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
    const result = await deliverDue();
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
    const run = () => deliverDue({ now: () => now });

    expect(await run()).toMatchObject({ retried: 1 });
    const [queued] = (
      await t.handle.db.execute<{ next_attempt_at: string }>(
        sql`select next_attempt_at from webhook_deliveries where endpoint_id = ${endpointId}`,
      )
    ).rows;
    expect(new Date(queued.next_attempt_at).getTime()).toBe(start.getTime() + webhookBackoffMs(1));
    // Not due again until the backoff has passed.
    now = new Date(start.getTime() + webhookBackoffMs(1) - 1000);
    expect(await run()).toMatchObject({ retried: 0, delivered: 0 });
    // The queue runs on the database's clock: the backoff "passes" by bringing the retry to now.
    now = new Date(start.getTime() + webhookBackoffMs(1) + 1000);
    await retryNow(endpointId);
    expect(await run()).toMatchObject({ retried: 1 });

    now = new Date(start.getTime() + WEBHOOK_RETRY_WINDOW_MS + 60_000);
    await retryNow(endpointId);
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
      jobQueue: t.app.jobQueue,
      cipher: cipher(),
      production: false,
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

/** A resolver answering `address` for every name (the DNS a test controls). */
const resolvingTo =
  (address: string): HostResolver =>
  async () => [{ address, family: address.includes(':') ? 6 : 4 }];

/** Queues a customer.created event carrying `marker` for every subscribed endpoint. */
const queueMarked = (marker: string) =>
  t.handle.db.execute(webhookEventInsert('customer.created', { marker }));

async function deliveriesOf(endpointId: number) {
  return (await t.get(`/api/admin/webhooks/${endpointId}/deliveries`, staff.headers)).json()
    .deliveries;
}

describe('webhook address rule (SSRF)', () => {
  it('refuses at registration, naming url, an address inside the network in any spelling, and a name resolving to one', async () => {
    const system = t.app.hostResolver.lookup;
    t.app.hostResolver.lookup = resolvingTo('10.0.0.5');
    try {
      await expectUrlsRefused(
        [
          'http://10.0.0.1/hook',
          'http://[::ffff:a9fe:a9fe]/latest/meta-data',
          'http://2852039166/latest/meta-data',
          'http://[fd00:ec2::254]/latest/meta-data',
          'http://100.64.0.1/hook',
          'http://[fc00::1]/hook',
          'http://[64:ff9b::a00:1]/hook',
          'http://erp.internal.test/hook',
        ],
        /^url must not point at/,
      );
    } finally {
      t.app.hostResolver.lookup = system;
    }
  });

  it('refuses in production a delivery to an IPv6 spelling of loopback: failed at once, the reason in its log, never retried', async () => {
    const port = new URL(receiver.url).port;
    const created = await createHook({
      url: `http://[::ffff:7f00:1]:${port}/hook`,
      events: ['customer.created'],
      secret: SECRET,
    });
    expect(created.statusCode, created.body).toBe(200);
    const endpointId = created.json().endpoint.id;
    const marker = `mapped-loopback-${endpointId}`;
    await queueMarked(marker);
    await deliverDue({ production: true });
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    await deliverDue({ production: true, now: () => later });
    expect(receiver.received.some((r) => r.body.includes(marker))).toBe(false);
    const [delivery] = await deliveriesOf(endpointId);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });
    expect(delivery.log).toHaveLength(1);
    expect(delivery.log[0]).toMatchObject({ status_code: null });
    expect(delivery.log[0].error).toMatch(/^url must not point at this machine \(loopback\)/);
    await t.delete(`/api/admin/webhooks/${endpointId}`, staff.headers);
  });

  it('connects to the address DNS answers at delivery time: a name that became loopback after registration is refused in production', async () => {
    const port = new URL(receiver.url).port;
    const system = t.app.hostResolver.lookup;
    t.app.hostResolver.lookup = resolvingTo('93.184.216.34');
    const created = await createHook({
      url: `http://erp-hooks.test:${port}/hook`,
      events: ['customer.created'],
      secret: SECRET,
    });
    t.app.hostResolver.lookup = system;
    expect(created.statusCode, created.body).toBe(200);
    const endpointId = created.json().endpoint.id;

    // Outside production the name resolving to 127.0.0.1 reaches the local receiver: the
    // connection goes where the injected resolver said, and nowhere else.
    await queueMarked(`allowed-${endpointId}`);
    await deliverDue({ resolve: resolvingTo('127.0.0.1') });
    expect(receiver.received.some((r) => r.body.includes(`allowed-${endpointId}`))).toBe(true);

    await queueMarked(`rebound-${endpointId}`);
    await deliverDue({ production: true, resolve: resolvingTo('127.0.0.1') });
    expect(receiver.received.some((r) => r.body.includes(`rebound-${endpointId}`))).toBe(false);
    const [latest] = await deliveriesOf(endpointId);
    expect(latest.status).toBe('failed');
    expect(latest.log[0].error).toMatch(/loopback.*erp-hooks\.test resolves to 127\.0\.0\.1/);
    await t.delete(`/api/admin/webhooks/${endpointId}`, staff.headers);
  });

  it('never follows a redirect: a 3xx is a failed attempt, and the target it names gets nothing', async () => {
    const bouncer = createServer((_req, res) => {
      res.writeHead(307, { location: receiver.url });
      res.end();
    });
    await new Promise<void>((resolve) => bouncer.listen(0, '127.0.0.1', resolve));
    try {
      const created = await createHook({
        url: `http://127.0.0.1:${(bouncer.address() as AddressInfo).port}/hook`,
        events: ['customer.created'],
        secret: SECRET,
      });
      const endpointId = created.json().endpoint.id;
      const marker = `redirected-${endpointId}`;
      await queueMarked(marker);
      await deliverDue();
      expect(receiver.received.some((r) => r.body.includes(marker))).toBe(false);
      const [delivery] = await deliveriesOf(endpointId);
      expect(delivery.status).toBe('pending');
      expect(delivery.log[0]).toMatchObject({ status_code: 307, error: 'HTTP 307' });
      await t.delete(`/api/admin/webhooks/${endpointId}`, staff.headers);
    } finally {
      await new Promise((resolve) => bouncer.close(resolve));
    }
  });
});
