import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app';
import { addToCart, createShopTestApp, stockOf } from '../../test/shopping-fixtures';
import { PLACE_ORDER_STEPS, placeOrderTestHooks } from '../../workflows/place-order';

// Runs on PGlite (transactions serialised) and on PostgreSQL (DATABASE_URL: real concurrency over
// a connection pool); the assertions are the same in both modes.
let t: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  ({ t, ids } = await createShopTestApp([
    { code: 'TEN', shipPack: 1, ca: { selling: 60_000, available: 10 } },
    { code: 'PLENTY', shipPack: 1, ca: { selling: 60_000, available: 1_000 } },
    { code: 'OTHER', shipPack: 2, ca: { selling: 500, available: 100 } },
  ]));
});
afterAll(() => t.close());
afterEach(() => {
  placeOrderTestHooks.afterStep = undefined;
});

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const r = await t.handle.db.execute<{ n: string }>(query);
  return Number(r.rows[0].n);
}

const place = (headers: Record<string, string>, key?: string) =>
  t.post('/api/store/orders', { ...headers, ...(key ? { 'idempotency-key': key } : {}) }, {});

describe('orders under concurrency and failure', () => {
  it('50 concurrent orders for a product with 10 packs never oversell', async () => {
    const buyers = [];
    for (let i = 0; i < 50; i += 1) {
      const b = await t.signIn();
      const res = await addToCart(t, b.headers, 'TEN', 1);
      expect(res.statusCode).toBe(200);
      buyers.push(b);
    }
    const answers = await Promise.all(buyers.map((b) => place(b.headers)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    expect(await stockOf(t.handle.db, ids.TEN)).toBe(0);
    expect(
      await count(
        sql`select coalesce(sum(quantity), 0) as n from order_lines where product_id = ${ids.TEN}`,
      ),
    ).toBe(10);
    expect(
      await count(
        sql`select count(*) as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`,
      ),
    ).toBe(0);
  });

  it('five concurrent requests with one Idempotency-Key create one order', async () => {
    const me = await t.signIn();
    await addToCart(t, me.headers, 'PLENTY', 3);
    const before = await stockOf(t.handle.db, ids.PLENTY);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => place(me.headers, 'retry-abc')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const orderIds = new Set(answers.map((a) => a.json().order_id));
    expect(orderIds.size).toBe(1);
    expect(answers.filter((a) => a.json().replayed === false)).toHaveLength(1);
    expect(await count(sql`select count(*) as n from orders where user_id = ${me.userId}`)).toBe(1);
    expect(await stockOf(t.handle.db, ids.PLENTY)).toBe(before - 3);
  });

  it.each([...PLACE_ORDER_STEPS])(
    'a failure injected after step %s leaves no order, no stock change, the cart and no mail',
    async (failAfter) => {
      const me = await t.signIn();
      await addToCart(t, me.headers, 'PLENTY', 2);
      await addToCart(t, me.headers, 'OTHER', 4);
      const stock = [await stockOf(t.handle.db, ids.PLENTY), await stockOf(t.handle.db, ids.OTHER)];
      const mails = await count(sql`select count(*) as n from mail_outbox`);
      let reached = false;
      placeOrderTestHooks.afterStep = (step) => {
        if (step === failAfter) {
          reached = true;
          throw new Error(`injected failure after ${step}`);
        }
      };
      const res = await place(me.headers, `k-${failAfter}`);
      expect(reached).toBe(true);
      expect(res.statusCode).toBe(500);
      placeOrderTestHooks.afterStep = undefined;

      expect(await count(sql`select count(*) as n from orders where user_id = ${me.userId}`)).toBe(
        0,
      );
      expect(
        await count(
          sql`select count(*) as n from order_lines l join orders o on o.id = l.order_id where o.user_id = ${me.userId}`,
        ),
      ).toBe(0);
      expect([
        await stockOf(t.handle.db, ids.PLENTY),
        await stockOf(t.handle.db, ids.OTHER),
      ]).toEqual(stock);
      expect(
        await count(sql`select count(*) as n from cart_lines where user_id = ${me.userId}`),
      ).toBe(2);
      expect(await count(sql`select count(*) as n from mail_outbox`)).toBe(mails);

      // The same key works once the failure is gone: the failed attempt did not keep it.
      const retry = await place(me.headers, `k-${failAfter}`);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().replayed).toBe(false);
      expect(await stockOf(t.handle.db, ids.PLENTY)).toBe(stock[0] - 2);
    },
  );
});
