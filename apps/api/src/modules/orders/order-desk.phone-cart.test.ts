import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CartResponse } from '@wholesale/contract';
import { auditRowsFor } from '../../test/audit-rows';
import { insertShoppingFixtures } from '../../test/shopping-fixtures';
import { buyer, staff, t, useOrderDeskTestApp, type Headers } from './order-desk.test-app';

useOrderDeskTestApp();

beforeAll(async () => {
  // Beside the desk's BIG, SMALL (10 a pack, 40 packs in stock) and SOON (class N, 3 in stock):
  // a product out of stock and one sold in the United States only.
  await insertShoppingFixtures(t.handle.db, [
    { code: 'GONE', ca: { selling: 500, available: 0 } },
    { code: 'USONLY', us: { selling: 500, available: 10 } },
  ]);
});

const base = (customerId: number) => `/api/admin/phone-orders/${customerId}/cart`;
const add = (customerId: number, payload: object, headers: Headers = staff.headers) =>
  t.inject({ method: 'POST', url: `${base(customerId)}/lines`, headers, payload });
const setLine = (
  customerId: number,
  lineId: number | string,
  payload: object,
  headers: Headers = staff.headers,
) => t.inject({ method: 'PATCH', url: `${base(customerId)}/lines/${lineId}`, headers, payload });
const removeLine = (customerId: number, lineId: number | string, headers = staff.headers) =>
  t.inject({ method: 'DELETE', url: `${base(customerId)}/lines/${lineId}`, headers });
type LineFacts = { product_id: string; item: number } | null;
/** The audit row a staff change of the cart writes: the line before and after. */
const phoneCartAudit = (action: string, before: LineFacts, after: LineFacts) => ({
  actor_user_id: staff.userId,
  action: `customer.phone_cart_${action}`,
  before: before && { line: before },
  after: after && { line: after },
});
const staffCart = async (customerId: number) =>
  CartResponse.parse(
    (await t.inject({ method: 'GET', url: base(customerId), headers: staff.headers })).json(),
  );

describe("phone orders: staff change the customer's cart", () => {
  it('adds by code, changes and removes lines in the customer’s cart with an audit row each, then places it', async () => {
    const c = await t.signIn({ ownerName: 'Caller Carl' });
    const first = await add(c.userId, { product_id: ' SMALL ', item: 2 });
    expect(first.statusCode, first.body).toBe(200);
    const cart = CartResponse.parse(first.json());
    expect(cart.products).toMatchObject([{ product_id: 'SMALL', item: 2, ship_pack: 10 }]);
    expect(cart.notice).toEqual({ product_id: 'SMALL', requested: 2, quantity: 2, clamped: false });
    // The same code again grows the line, as the buyer's own add does.
    const again = CartResponse.parse(
      (await add(c.userId, { product_id: 'SMALL', item: '1' })).json(),
    );
    expect(again.products).toHaveLength(1);
    const line = again.products[0]!;
    expect(line.item).toBe(3);
    // The customer sees the line in their own cart, at their price.
    const own = (await t.inject({ method: 'GET', url: '/api/cart', headers: c.headers })).json();
    expect(own.products).toMatchObject([{ id: line.id, item: 3, price: line.price }]);

    const changed = await setLine(c.userId, line.id, { item: 5 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().products).toMatchObject([{ id: line.id, item: 5 }]);
    const big = await add(c.userId, { product_id: 'BIG', item: 2 });
    expect(big.json().products).toHaveLength(2);
    const removed = await removeLine(c.userId, line.id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().products.map((l: { product_id: string }) => l.product_id)).toEqual([
      'BIG',
    ]);

    const small = (item: number) => ({ product_id: 'SMALL', item });
    expect(await auditRowsFor(t.handle.db, 'customer', c.userId)).toEqual([
      phoneCartAudit('add', null, small(2)),
      phoneCartAudit('add', small(2), small(3)),
      phoneCartAudit('quantity', small(3), small(5)),
      phoneCartAudit('add', null, { product_id: 'BIG', item: 2 }),
      phoneCartAudit('remove', small(5), null),
    ]);

    const placed = await t.inject({
      method: 'POST',
      url: `/api/admin/phone-orders/${c.userId}`,
      headers: staff.headers,
      payload: {},
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await staffCart(c.userId)).products).toEqual([]);
  });

  it('clamps to stock and lets coming-soon products past it, as the buyer’s cart does', async () => {
    const c = await t.signIn({ ownerName: 'Stock Check' });
    const clamped = (await add(c.userId, { product_id: 'SMALL', item: 50 })).json();
    expect(clamped.products).toMatchObject([{ product_id: 'SMALL', item: 40 }]);
    expect(clamped.notice).toMatchObject({ requested: 50, quantity: 40, clamped: true });
    const soon = (await add(c.userId, { product_id: 'SOON', item: 5 })).json();
    expect(soon.notice).toMatchObject({ product_id: 'SOON', quantity: 5, clamped: false });
    const lineId = clamped.products[0].id as number;
    const set = (await setLine(c.userId, lineId, { item: 45 })).json();
    expect(set.notice).toMatchObject({ requested: 45, quantity: 40, clamped: true });
  });

  it('refuses what the buyer’s cart refuses, naming the field, and writes nothing', async () => {
    const c = await t.signIn({ ownerName: 'Refused Rita' });
    const refusals: Array<[object, number, string, string?]> = [
      // Quantities are whole ship packs: 2.5 packs is not one.
      [{ product_id: 'SMALL', item: 2.5 }, 400, 'item'],
      [{ product_id: 'SMALL', item: '2.5' }, 400, 'item'],
      [{ product_id: 'SMALL', item: 0 }, 400, 'item'],
      [{ product_id: 'SMALL', item: -1 }, 400, 'item'],
      [{ product_id: 'SMALL' }, 400, 'item'],
      // Above MAX_LINE_PACKS (10,000 in tests).
      [{ product_id: 'SMALL', item: 20_000 }, 400, 'item'],
      [{ item: 1 }, 400, 'product_id'],
      [{ product_id: '   ', item: 1 }, 400, 'product_id'],
      [{ product_id: 'NOPE-404', item: 1 }, 404, 'product_id', 'NOT_SOLD_HERE'],
      // Not sold in the customer's country (Canada).
      [{ product_id: 'USONLY', item: 1 }, 404, 'product_id', 'NOT_SOLD_HERE'],
      [{ product_id: 'GONE', item: 1 }, 422, 'product_id', 'OUT_OF_STOCK'],
    ];
    for (const [payload, status, field, reason] of refusals) {
      const res = await add(c.userId, payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(status);
      expect(res.json().error.fields).toHaveProperty(field);
      if (reason) expect(res.json().error.reason.key).toBe(reason);
    }
    const lineId = (await add(c.userId, { product_id: 'BIG', item: 1 })).json().products[0].id;
    for (const item of [2.5, 0, -3, 'two']) {
      const res = await setLine(c.userId, lineId, { item });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('item');
    }
    await t.handle.db.execute(
      sql`update product_prices set available = 0 where country = 'ca' and product_id = (select id from products where product_id = 'BIG')`,
    );
    try {
      const gone = await setLine(c.userId, lineId, { item: 2 });
      expect(gone.statusCode).toBe(422);
      expect(gone.json().error.reason.key).toBe('OUT_OF_STOCK');
    } finally {
      await t.handle.db.execute(
        sql`update product_prices set available = 1000 where country = 'ca' and product_id = (select id from products where product_id = 'BIG')`,
      );
    }
    expect((await staffCart(c.userId)).products).toMatchObject([{ id: lineId, item: 1 }]);
    expect((await auditRowsFor(t.handle.db, 'customer', c.userId)).map((r) => r.action)).toEqual([
      'customer.phone_cart_add',
    ]);
  });

  it("cannot change or remove another customer's line through this customer's URL", async () => {
    const owner = await t.signIn({ ownerName: 'Line Owner' });
    const other = await t.signIn({ ownerName: 'Other Caller' });
    const lineId = (await add(owner.userId, { product_id: 'BIG', item: 2 })).json().products[0].id;
    for (const res of [
      await setLine(other.userId, lineId, { item: 7 }),
      await removeLine(other.userId, lineId),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.reason.key).toBe('CART_LINE_MISSING');
      expect(res.json().error.fields).toHaveProperty('line_id');
    }
    expect((await staffCart(owner.userId)).products).toMatchObject([{ id: lineId, item: 2 }]);
    expect(await auditRowsFor(t.handle.db, 'customer', other.userId)).toEqual([]);
    const badId = await setLine(owner.userId, 'abc', { item: 1 });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields).toHaveProperty('line_id');
  });

  it('refuses buyers, unknown customers, staff accounts and inactive customers', async () => {
    const c = await t.signIn({ ownerName: 'Guarded Gail' });
    const lineId = (await add(c.userId, { product_id: 'BIG', item: 1 })).json().products[0].id;
    // A buyer, even on their own cart, gets 403 before the input is looked at.
    for (const res of [
      await add(c.userId, { product_id: 'BIG', item: 1 }, c.headers),
      await add(buyer.userId, {}, buyer.headers),
      await setLine(c.userId, lineId, { item: 3 }, c.headers),
      await removeLine(c.userId, lineId, c.headers),
    ])
      expect(res.statusCode).toBe(403);
    for (const res of [
      await add(999_999, { product_id: 'BIG', item: 1 }),
      await add(staff.userId, { product_id: 'BIG', item: 1 }),
      await setLine(999_999, lineId, { item: 3 }),
      await removeLine(999_999, lineId),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.fields).toHaveProperty('customer_id');
    }
    await t.handle.db.execute(sql`update users set is_active = false where id = ${c.userId}`);
    for (const res of [
      await add(c.userId, { product_id: 'BIG', item: 1 }),
      await setLine(c.userId, lineId, { item: 3 }),
      await removeLine(c.userId, lineId),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.reason.key).toBe('ACCOUNT_NOT_ACTIVE');
    }
    await t.handle.db.execute(sql`update users set is_active = true where id = ${c.userId}`);
    expect((await staffCart(c.userId)).products).toMatchObject([{ id: lineId, item: 1 }]);
  });

  it('adds once when the same add is sent twice under one Idempotency-Key', async () => {
    const c = await t.signIn({ ownerName: 'Twice Tom' });
    const headers = { ...staff.headers, 'idempotency-key': 'phone-add-twice-0001' };
    const first = await add(c.userId, { product_id: 'BIG', item: 2 }, headers);
    const second = await add(c.userId, { product_id: 'BIG', item: 2 }, headers);
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect((await staffCart(c.userId)).products).toMatchObject([{ product_id: 'BIG', item: 2 }]);
  });
});
