import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartAddResponse, CartResponse } from '@wholesale/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addToCart, insertShoppingFixtures } from '../../test/shopping-fixtures';
import { execAndAwaitFeed } from '../../test/change-feed';

// An add answers the cart's total and count from its own statement, not from a cart read
// (cart.service.ts addToCart): after every kind of change they must be the figures the cart page
// shows, with the process caches (kept by the change feed) and without them. Any faster way of
// computing them has to keep this passing.
describe.each(['on', 'off'])('cart: the total an add answers (CACHES=%s)', (caches) => {
  let t: TestApp;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp({ env: { CACHES: caches } });
    // Prices in cents; stock of 100 packs unless said otherwise.
    const sold = (selling: number, more: { selling2?: number; available?: number } = {}) => ({
      selling,
      available: 100,
      ...more,
    });
    ids = await insertShoppingFixtures(t.handle.db, [
      { code: 'A1', shipPack: 12, ca: sold(250), us: sold(300) },
      {
        code: 'SALE',
        classCode: 'Y',
        shipPack: 6,
        ca: sold(1000, { selling2: 800 }),
        us: sold(1100, { selling2: 0 }),
      },
      { code: 'NOPACK', shipPack: 0, ca: sold(199) },
      { code: 'SOON', classCode: 'N', ca: sold(500, { available: 0 }) },
      { code: 'GONE', ca: sold(700) },
      { code: 'CAONLY', ca: sold(900) },
    ]);
  });
  afterAll(() => t.close());

  // With caches on, a change made straight in the database shows once the feed delivered it.
  const change = (statement: string) =>
    caches === 'on' ? execAndAwaitFeed(t, statement) : t.handle.exec(statement);

  const read = async (headers: Record<string, string>) =>
    CartResponse.parse((await t.inject({ method: 'GET', url: '/api/cart', headers })).json());

  /** Adds, and checks the answer against a read of the cart made right after it. */
  const addAndCompare = async (headers: Record<string, string>, code: string, item: number) => {
    const res = await addToCart(t, headers, code, item);
    expect(res.statusCode, code).toBe(200);
    const added = CartAddResponse.parse(res.json());
    const cart = await read(headers);
    expect({ total: added.total, count: added.count }).toEqual({
      total: cart.total,
      count: cart.count,
    });
    expect(added.line).toEqual(cart.products.find((l) => l.product_id === code));
    return added;
  };

  it('equals the cart read after adds, unselecting, price and stock changes, withdrawals and removals', async () => {
    const me = await t.signIn();
    await addAndCompare(me.headers, 'A1', 2); // 2.50 × 2 × 12 = 60.00
    await addAndCompare(me.headers, 'SALE', 3); // 8.00 × 3 × 6 = 144.00
    await addAndCompare(me.headers, 'NOPACK', 3); // 1.99 × 3 × 1 = 5.97
    expect(await addAndCompare(me.headers, 'SOON', 1)).toMatchObject({ total: 214.97, count: 4 });

    const sale = (await read(me.headers)).products.find((l) => l.product_id === 'SALE');
    await t.inject({
      method: 'POST',
      url: '/api/add/item',
      headers: me.headers,
      payload: { id: sale?.id, selected: false },
    });
    expect(await addAndCompare(me.headers, 'A1', 1)).toMatchObject({ total: 100.97, count: 4 });

    await change(
      `update product_prices set selling_price_cents = 299 where product_id = ${ids.NOPACK}`,
    );
    expect(await addAndCompare(me.headers, 'SOON', 1)).toMatchObject({ total: 108.97, count: 4 });

    // Sold out: kept and counted, left out of the total.
    await change(`update product_prices set available = 0 where product_id = ${ids.NOPACK}`);
    expect(await addAndCompare(me.headers, 'GONE', 1)).toMatchObject({ total: 107, count: 5 });

    // Withdrawn, and no longer sold in the country: left out of both.
    await change(`update products set active = false where id = ${ids.GONE}`);
    expect(await addAndCompare(me.headers, 'A1', 1)).toMatchObject({ total: 130, count: 4 });
    await change(`delete from product_prices where product_id = ${ids.SOON}`);
    expect(await addAndCompare(me.headers, 'A1', 1)).toMatchObject({ total: 150, count: 3 });

    const a1 = (await read(me.headers)).products.find((l) => l.product_id === 'A1');
    await t.inject({
      method: 'DELETE',
      url: `/api/cart/delete?id=${a1?.id}`,
      headers: me.headers,
    });
    expect(await addAndCompare(me.headers, 'A1', 1)).toMatchObject({ total: 30, count: 3 });
  });

  it("counts only the lines of the customer's country, at that country's prices", async () => {
    const us = await t.signIn({ country: 'us' });
    // Lines kept in the other country's cart (a customer who moved) are not this cart's.
    await t.handle.exec(
      `insert into cart_lines (user_id, country, product_id, quantity)
       values (${us.userId}, 'ca', ${ids.CAONLY}, 4), (${us.userId}, 'ca', ${ids.A1}, 9)`,
    );
    expect(await addAndCompare(us.headers, 'A1', 1)).toMatchObject({ total: 36, count: 1 });
    // No second price above zero: the selling price (11.00 × 2 × 6).
    expect(await addAndCompare(us.headers, 'SALE', 2)).toMatchObject({ total: 168, count: 2 });
    expect((await addToCart(t, us.headers, 'CAONLY', 1)).statusCode).toBe(404);
  });
});
