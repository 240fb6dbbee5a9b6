import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { TestApp } from '../../test/test-app';
import { expectRefused } from '../../test/refused-calls';
import { addToCart, createShopTestApp, plentyInBoth, stockOf } from '../../test/shopping-fixtures';
import { execAndAwaitFeed } from '../../test/change-feed';
import { buildApp } from '../../app';
import { stockLevelsUpdate } from '../catalogue';

let t: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  ({ t, ids } = await createShopTestApp([
    plentyInBoth('BIG', { ca: 30_000, us: 15_000 }),
    {
      code: 'SMALL',
      shipPack: 10,
      ca: { selling: 150, available: 40 },
      us: { selling: 150, available: 40 },
    },
    { code: 'SOON', classCode: 'N', shipPack: 2, ca: { selling: 1000, available: 3 } },
    { code: 'SCARCE', ca: { selling: 5000, available: 5 } },
    { code: 'GONE', ca: { selling: 100, available: 10 } },
  ]));
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const add = (h: Headers, code: string, item: number) => addToCart(t, h, code, item);
const order = (h: Headers, payload: object = {}, key?: string) =>
  t.post('/api/store/orders', { ...h, ...(key ? { 'idempotency-key': key } : {}) }, payload);
const cartOf = async (h: Headers) => (await t.get('/api/cart', h)).json();
describe('orders: who may call', () => {
  it('answers 401 to guests on every order call', async () => {
    await expectRefused(t, [
      { method: 'POST', url: '/api/store/orders', payload: {} },
      { method: 'GET', url: '/api/order-history' },
      { method: 'GET', url: '/api/fetch-order' },
      { method: 'POST', url: '/api/re-orders?order_id=1' },
      { method: 'GET', url: '/api/orders/1/pdf' },
    ]);
  });

  it("answers 403 for another customer's user_id and 404 for another customer's order", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    await add(a.headers, 'BIG', 2);
    const placed = (await order(a.headers)).json();
    expect(placed.status).toBe(true);
    expect((await order(b.headers, { user_id: a.userId })).statusCode).toBe(403);
    const callsByB = [
      { method: 'GET', url: `/api/order-history?user_id=${a.userId}`, status: 403 },
      { method: 'GET', url: `/api/fetch-order?user_id=${a.userId}`, status: 403 },
      {
        method: 'POST',
        url: `/api/re-orders?user_id=${a.userId}&order_id=${placed.order_id}`,
        status: 403,
      },
      { method: 'GET', url: `/api/fetch-order?order_id=${placed.order_id}`, status: 404 },
      { method: 'GET', url: `/api/orders/${placed.order_id}/pdf`, status: 404 },
      { method: 'POST', url: `/api/re-orders?order_id=${placed.order_id}`, status: 404 },
    ] as const;
    for (const { method, url, status } of callsByB) {
      expect((await t.inject({ method, url, headers: b.headers })).statusCode, url).toBe(status);
    }
  });
});

describe('placing an order', () => {
  it('refuses a first order below the opening minimum ($500 CA, $200 US), then accepts smaller ones', async () => {
    const ca = await t.signIn();
    await add(ca.headers, 'SMALL', 10); // 1.50 × 10 × 10 = 150.00
    const refused = await order(ca.headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      'Your opening order must reach CA$500.00; this order comes to CA$150.00',
    );
    // The web shows the reason in the buyer's language, amounts formatted there.
    expect(refused.json().error).toMatchObject({
      fields: { total: expect.stringContaining('CA$500.00') },
      reason: { key: 'OPENING_MINIMUM', params: { minimumCents: 50_000, totalCents: 15_000 } },
    });
    expect(await cartOf(ca.headers)).toMatchObject({ count: 1 });

    await add(ca.headers, 'BIG', 1); // + 300.00 = 450.00: still short
    expect((await order(ca.headers)).statusCode).toBe(422);
    await add(ca.headers, 'SMALL', 4); // + 60.00 = 510.00
    const ok = await order(ca.headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: true, total: 510, replayed: false });

    await add(ca.headers, 'SMALL', 1);
    expect((await order(ca.headers)).statusCode).toBe(200);

    const us = await t.signIn({ country: 'us' });
    await add(us.headers, 'SMALL', 13); // 195.00
    const refusedUs = await order(us.headers);
    expect(refusedUs.statusCode).toBe(422);
    expect(refusedUs.json().error.message).toBe(
      'Your opening order must reach US$200.00; this order comes to US$195.00',
    );
    await add(us.headers, 'SMALL', 1); // 210.00
    expect((await order(us.headers)).statusCode).toBe(200);
  });

  it('decrements stock, freezes prices, removes only the ordered lines, and keeps the PO number and comment', async () => {
    const me = await t.signIn();
    const before = await stockOf(t.handle.db, ids.SMALL);
    await add(me.headers, 'BIG', 2);
    await add(me.headers, 'SMALL', 3);
    const gone = (await add(me.headers, 'GONE', 1)).json().line;
    await t.post('/api/add/item', me.headers, { id: gone.id, selected: false });

    const res = await order(me.headers, {
      order_comment: 'Leave at the back door',
      po_number: 'PO-7788',
      user_id: me.userId,
      price: 0.01,
    });
    expect(res.statusCode).toBe(200);
    const { order_id } = res.json();
    expect(res.json().total).toBe(645); // 600 + 45, the unselected line left out

    expect(await stockOf(t.handle.db, ids.SMALL)).toBe(before - 3);
    const left = await cartOf(me.headers);
    expect(left.products.map((l: { product_id: string }) => l.product_id)).toEqual(['GONE']);

    await execAndAwaitFeed(
      t,
      `update product_prices set selling_price_cents = 99999 where product_id = ${ids.SMALL}`,
    );
    const detail = (await t.get(`/api/fetch-order?order_id=${order_id}`, me.headers)).json().order;
    await execAndAwaitFeed(
      t,
      `update product_prices set selling_price_cents = 150 where product_id = ${ids.SMALL}`,
    );
    expect(detail).toMatchObject({
      order_id,
      status: 'placed',
      po_number: 'PO-7788',
      order_comment: 'Leave at the back door',
      total: 645,
      lines: 2,
    });
    expect(
      detail.products.find((l: { product_id: string }) => l.product_id === 'SMALL'),
    ).toMatchObject({
      item: 3,
      ship_pack: 10,
      price: 1.5,
      line_total: 45,
      backorder: false,
    });

    // The confirmation waits in the outbox, written in the same transaction as the order.
    const mails = await t.handle.db.execute<{ n: string }>(
      sql`select count(*) as n from mail_outbox m join users u on u.email = m.to_address where m.template = 'order-confirmation' and u.id = ${me.userId}`,
    );
    expect(Number(mails.rows[0].n)).toBe(1);
  });

  it('orders only the lines named by product_id when given', async () => {
    const me = await t.signIn();
    await add(me.headers, 'BIG', 2);
    await add(me.headers, 'SMALL', 1);
    const res = await order(me.headers, { product_id: ['BIG'] });
    expect(res.json().total).toBe(600);
    expect(
      (await cartOf(me.headers)).products.map((l: { product_id: string }) => l.product_id),
    ).toEqual(['SMALL']);
  });

  it('turns class N beyond stock into a back-order line without taking stock below zero', async () => {
    const me = await t.signIn();
    await add(me.headers, 'BIG', 2);
    await add(me.headers, 'SOON', 5);
    const res = await order(me.headers);
    expect(res.statusCode).toBe(200);
    expect(await stockOf(t.handle.db, ids.SOON)).toBe(0);
    const detail = (
      await t.get(`/api/fetch-order?order_id=${res.json().order_id}`, me.headers)
    ).json().order;
    expect(
      detail.products.find((l: { product_id: string }) => l.product_id === 'SOON'),
    ).toMatchObject({ item: 5, backorder: true, line_total: 100 });
  });

  it('refuses with 409 when stock fell below the cart quantity, changing nothing', async () => {
    const me = await t.signIn();
    await add(me.headers, 'BIG', 2);
    await add(me.headers, 'SCARCE', 4);
    await execAndAwaitFeed(
      t,
      `update product_prices set available = 2 where product_id = ${ids.SCARCE}`,
    );
    const res = await order(me.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      message: 'Only 2 ship packs of SCARCE are available',
      fields: { 'product_id.SCARCE': 'Only 2 ship packs of SCARCE are available' },
      reason: { key: 'ONLY_AVAILABLE', params: { product: 'SCARCE', available: 2 } },
    });
    expect(await stockOf(t.handle.db, ids.SCARCE)).toBe(2);
    expect(await stockOf(t.handle.db, ids.BIG)).toBeGreaterThan(0);
    expect((await cartOf(me.headers)).count).toBe(2);
    await execAndAwaitFeed(
      t,
      `update product_prices set available = 5 where product_id = ${ids.SCARCE}`,
    );
  });

  it('refuses an empty selection and a too-long PO number', async () => {
    const me = await t.signIn();
    expect((await order(me.headers)).statusCode).toBe(422);
    const long = await order(me.headers, { po_number: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().error.fields)).toContain('po_number');
  });

  it('answers the same order for a repeated Idempotency-Key, once', async () => {
    const me = await t.signIn();
    await add(me.headers, 'BIG', 2);
    const first = (await order(me.headers, {}, 'key-123')).json();
    await add(me.headers, 'BIG', 2);
    const again = (await order(me.headers, {}, 'key-123')).json();
    expect(again).toMatchObject({
      status: true,
      order_id: first.order_id,
      replayed: true,
      total: 600,
    });
    expect((await cartOf(me.headers)).count).toBe(1);
    const history = (await t.get('/api/order-history', me.headers)).json();
    expect(history.total).toBe(1);
  });
});

/** Every payload the app's change feed delivers on `channel` from now on. */
function heardOn(channel: string): string[] {
  const heard: string[] = [];
  t.app.changeFeed.subscribe(channel, (payload) => heard.push(payload));
  return heard;
}

describe('placing an order: the change feed', () => {
  it('announces the order and the stock it took once committed, this process at once', async () => {
    const me = await t.signIn();
    await add(me.headers, 'BIG', 2);
    await add(me.headers, 'SMALL', 1);
    const catalogue = heardOn('ws_catalogue');
    const orders = heardOn('ws_orders');
    expect((await order(me.headers)).statusCode).toBe(200);
    // Delivered to this process before the answer: its next read already misses the old stock.
    const named = catalogue.flatMap((p) => (p.startsWith('p:') ? p.slice(2).split(',') : []));
    expect(named).toEqual(expect.arrayContaining([String(ids.BIG), String(ids.SMALL)]));
    expect(orders).toContain('');
  });

  it('leaves the catalogue trigger silent in a transaction whose writer announces after commit', async () => {
    const heard = heardOn('ws_catalogue');
    const level = await stockOf(t.handle.db, ids.GONE);
    await t.handle.db.transaction(async (tx) => {
      await tx.execute(
        stockLevelsUpdate('ca', [{ id: ids.GONE, available: level }], 'after-commit'),
      );
    });
    // Notifications arrive in commit order: had the first write notified, it would come before
    // the second's. Awaited by content: a late notification of an earlier test may come first.
    const names = (id: number) => heard.some((p) => p.split(/[:,]/).includes(String(id)));
    await t.handle.exec(
      `update product_prices set available = available where product_id = ${ids.SCARCE}`,
    );
    await expect.poll(() => names(ids.SCARCE), { timeout: 30_000 }).toBe(true);
    expect(names(ids.GONE)).toBe(false);
  });

  it('drops stock and desk counts everywhere when a process starts (one may have crashed before announcing)', async () => {
    const catalogue = heardOn('ws_catalogue');
    const orders = heardOn('ws_orders');
    const heard = new Promise<void>((resolve) =>
      t.app.changeFeed.subscribe('ws_orders', () => resolve()),
    );
    const starting = await buildApp({ config: t.config, db: t.handle, logger: false });
    try {
      await starting.ready();
      await heard;
      await expect.poll(() => catalogue).toContain('p:*');
      expect(orders).toContain('');
    } finally {
      await starting.close();
    }
  });
});

describe('placing an order: the statements', () => {
  // PostgreSQL parses and plans a named statement once per connection: each of an order's
  // statements is the same text for every order (values are parameters, the ids arrays).
  it.skipIf(!process.env.DATABASE_URL)(
    'sends every statement of the transaction but BEGIN and COMMIT named',
    async () => {
      const me = await t.signIn();
      await add(me.headers, 'BIG', 2);
      await add(me.headers, 'SMALL', 1);
      const sent: Array<{ client: unknown; name?: string; text: string }> = [];
      const originalQuery = pg.Client.prototype.query;
      const query = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
        this: pg.Client,
        ...args: unknown[]
      ) {
        const config = args[0] as { name?: string; text?: string } | string;
        if (typeof config === 'object' && config.text)
          sent.push({ client: this, name: config.name, text: config.text.trim() });
        return Reflect.apply(originalQuery, this, args) as never;
      } as never);
      try {
        expect((await order(me.headers, {}, `named-${me.userId}`)).statusCode).toBe(200);
      } finally {
        query.mockRestore();
      }
      const begin = sent.findIndex((s) => s.text === 'begin');
      const client = sent[begin].client;
      const inTransaction = sent.slice(begin).filter((s) => s.client === client);
      const end = inTransaction.findIndex((s) => s.text === 'commit');
      const statements = inTransaction.slice(1, end);
      expect(statements.length).toBeGreaterThanOrEqual(4);
      expect(statements.filter((s) => !s.name).map((s) => s.text.slice(0, 60))).toEqual([]);
    },
  );
});

describe('order history, details, PDF and re-order', () => {
  it('pages newest first and filters by order id, status and date range', async () => {
    const me = await t.signIn();
    const placed: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await add(me.headers, 'BIG', 2);
      placed.push((await order(me.headers)).json().order_id);
    }
    await t.handle.exec(
      `update orders set created_at = '2024-01-15T10:00:00Z', status = 'shipped' where id = ${placed[0]}`,
    );

    const history = async (query: string) =>
      (await t.get(`/api/order-history?${query}`, me.headers)).json();

    let res = await history(`user_id=${me.userId}&per_page=2&lang=en&country=ca`);
    expect(res).toMatchObject({
      status: true,
      total: 3,
      current_page: 1,
      last_page: 2,
      per_page: 2,
    });
    expect(res.data.map((o: { order_id: number }) => o.order_id)).toEqual([placed[2], placed[1]]);
    expect(res.data[0]).toMatchObject({ total: 600, lines: 1, status: 'placed' });

    res = await history('per_page=2&page=2');
    expect(res.data.map((o: { order_id: number }) => o.order_id)).toEqual([placed[0]]);
    // Past the last page: no rows, and still the right total.
    res = await history('per_page=2&page=9');
    expect(res).toMatchObject({ data: [], total: 3, current_page: 9 });
    res = await history('status=cancelled');
    expect(res).toMatchObject({ data: [], total: 0 });

    res = await history('status=shipped');
    expect(res.data.map((o: { order_id: number }) => o.order_id)).toEqual([placed[0]]);
    res = await history('from=2024-01-01&to=2024-01-15');
    expect(res.data.map((o: { order_id: number }) => o.order_id)).toEqual([placed[0]]);
    res = await history('from=2024-01-16');
    expect(res.total).toBe(2);
    res = await history(`order_id=${placed[1]}`);
    expect(res.data.map((o: { order_id: number }) => o.order_id)).toEqual([placed[1]]);

    const bad = await t.get('/api/order-history?from=15/01/2024', me.headers);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toContain('from');
    const reversed = await t.get('/api/order-history?from=2024-02-01&to=2024-01-01', me.headers);
    expect(reversed.statusCode).toBe(400);
    const badStatus = await t.get('/api/order-history?status=lost', me.headers);
    expect(badStatus.statusCode).toBe(400);

    const latest = (await t.get('/api/fetch-order', me.headers)).json();
    expect(latest.order.order_id).toBe(placed[2]);
  });

  it('fetch-order answers null for a customer without orders', async () => {
    const me = await t.signIn();
    expect((await t.get('/api/fetch-order', me.headers)).json()).toEqual({
      status: true,
      order: null,
    });
  });

  it('renders an order as a PDF', async () => {
    const me = await t.signIn();
    await add(me.headers, 'BIG', 2);
    const { order_id } = (await order(me.headers, { po_number: 'PO-PDF' })).json();
    const res = await t.get(`/api/orders/${order_id}/pdf`, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`order-${order_id}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(1000);
  });

  it("names the lines in the reader's language where the catalogue has it, keeping the snapshot", async () => {
    const me = await t.signIn();
    await add(me.headers, 'BIG', 2);
    const { order_id } = (await order(me.headers)).json();
    const names = async (lang: string) =>
      (
        await t.get(
          `/api/fetch-order?order_id=${order_id}${lang ? `&lang=${lang}` : ''}`,
          me.headers,
        )
      )
        .json()
        .order.products.map((l: { name: string }) => l.name);
    expect(await names('fr')).toEqual(['Produit BIG']);
    expect(await names('')).toEqual(['Product BIG']);
    // No Spanish name in the catalogue: the name the order was placed under.
    expect(await names('es')).toEqual(['Product BIG']);
    const { rows } = await t.handle.db.execute<{ name: string }>(
      sql`select name from order_lines where order_id = ${order_id}`,
    );
    expect(rows.map((r) => r.name)).toEqual(['Product BIG']);
    const pdf = (lang: string) => t.get(`/api/orders/${order_id}/pdf?lang=${lang}`, me.headers);
    expect((await pdf('fr')).statusCode).toBe(200);
    expect((await pdf('xx')).statusCode).toBe(400);
  });

  it("re-order copies the lines into the cart at today's stock and reports what it could not add", async () => {
    const me = await t.signIn();
    await add(me.headers, 'BIG', 2);
    await add(me.headers, 'SCARCE', 5);
    await add(me.headers, 'GONE', 3);
    const { order_id } = (await order(me.headers)).json();
    // SCARCE now has 0 left; GONE goes out of stock; BIG is fine.
    await execAndAwaitFeed(
      t,
      `update product_prices set available = 0 where product_id = ${ids.GONE}`,
    );
    await execAndAwaitFeed(
      t,
      `update product_prices set available = 1 where product_id = ${ids.SCARCE}`,
    );

    const res = await t.post('/api/re-orders', me.headers, { user_id: me.userId, order_id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(
      body.products.map((l: { product_id: string; item: number }) => [l.product_id, l.item]),
    ).toEqual([
      ['BIG', 2],
      ['SCARCE', 1],
    ]);
    expect(body.added).toBe(2);
    expect(body.skipped).toEqual([
      { product_id: 'SCARCE', requested: 5, added: 1, reason: 'clamped' },
      { product_id: 'GONE', requested: 3, added: 0, reason: 'unavailable' },
    ]);
    expect(body.total).toBe(650);

    const missing = await t.post('/api/re-orders', me.headers);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields)).toContain('order_id');
    await execAndAwaitFeed(
      t,
      `update product_prices set available = 10 where product_id = ${ids.GONE}`,
    );
  });
});
