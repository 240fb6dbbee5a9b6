import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartAddResponse } from '@wholesale/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addToCart, insertShoppingFixtures } from '../../test/shopping-fixtures';
import { execAndAwaitFeed } from '../../test/change-feed';

let t: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await insertShoppingFixtures(t.handle.db, [
    {
      code: 'A1',
      shipPack: 12,
      ca: { selling: 250, available: 10 },
      us: { selling: 300, available: 5 },
    },
    {
      code: 'SALE',
      classCode: 'Y',
      shipPack: 6,
      ca: { selling: 1000, selling2: 800, available: 100 },
    },
    { code: 'OUT', ca: { selling: 100, available: 0 } },
    { code: 'SOON', classCode: 'N', ca: { selling: 500, available: 0 } },
    { code: 'USONLY', us: { selling: 100, available: 9 } },
    { code: 'NOPACK', shipPack: 0, ca: { selling: 199, available: 50 } },
  ]);
});
afterAll(() => t.close());

const add = (headers: Record<string, string>, body: unknown, userId?: number) =>
  t.inject({
    method: 'POST',
    url: `/api/cart/add${userId ? `?user_id=${userId}` : ''}`,
    headers,
    payload: body as object,
  });

describe('cart: who may call', () => {
  it('answers 401 to guests on every cart call', async () => {
    const calls = [
      { method: 'GET', url: '/api/cart' },
      { method: 'POST', url: '/api/cart/add', payload: { product_id: 'A1', item: 1 } },
      { method: 'POST', url: '/api/add/item?id=1&item=2' },
      { method: 'DELETE', url: '/api/cart/delete?id=1' },
      { method: 'DELETE', url: '/api/cart-delete-all' },
    ] as const;
    for (const call of calls) {
      const res = await t.inject({ ...call });
      expect(res.statusCode, call.url).toBe(401);
      expect(res.json().status).toBe(false);
    }
  });

  it("answers 403 when user_id is another customer's", async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const asMe = (method: 'GET' | 'DELETE', url: string) =>
      t.inject({ method, url, headers: me.headers });
    const answers = [
      [await asMe('GET', `/api/cart?user_id=${other.userId}`), 403],
      [await add(me.headers, { product_id: 'A1', item: 1 }, other.userId), 403],
      [await asMe('DELETE', `/api/cart-delete-all?user_id=${other.userId}`), 403],
      [await asMe('GET', `/api/cart?user_id=${me.userId}`), 200],
    ] as const;
    for (const [res, status] of answers) expect(res.statusCode, res.body).toBe(status);
  });

  it("cannot touch another customer's cart line by id (404)", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const { line } = (await add(a.headers, { product_id: 'A1', item: 1 })).json();
    expect(
      (
        await t.inject({
          method: 'DELETE',
          url: `/api/cart/delete?id=${line.id}`,
          headers: b.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/add/item?id=${line.id}&item=3`,
          headers: b.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: '/api/cart', headers: a.headers })).json().products[0]
        .item,
    ).toBe(1);
  });
});

describe('cart: adding', () => {
  it('adds ship packs at server prices and answers {status, line, total, count, notice}', async () => {
    const me = await t.signIn();
    const res = await add(me.headers, { product_id: 'A1', item: 2, price: 0.01 });
    expect(res.statusCode).toBe(200);
    const body = CartAddResponse.parse(res.json());
    expect(body.status).toBe(true);
    expect(body.count).toBe(1);
    expect(body.line).toMatchObject({
      product_id: 'A1',
      item: 2,
      price: 2.5,
      selling_price: 2.5,
      ship_pack: 12,
      available: 10,
      class: 'A',
      image: '/images/products/A1.jpg',
      selected: true,
    });
    expect(body.total).toBe(60); // 2.50 × 2 packs × 12
  });

  it('grows an existing line and clamps above stock, saying so', async () => {
    const me = await t.signIn();
    await add(me.headers, { product_id: 'A1', item: 4 });
    const res = await add(me.headers, { product_id: 'A1', item: 9 });
    expect(res.json().line.item).toBe(10);
    expect(res.json().notice).toEqual({
      product_id: 'A1',
      requested: 13,
      quantity: 10,
      clamped: true,
    });
  });

  it("answers the whole cart's total and count and the line as a read of the cart shows them", async () => {
    const me = await t.signIn();
    const read = async () =>
      (await t.inject({ method: 'GET', url: '/api/cart', headers: me.headers })).json();
    await add(me.headers, { product_id: 'SALE', item: 3 });
    await add(me.headers, { product_id: 'NOPACK', item: 3 });
    const sale = (await read()).products.find(
      (l: { product_id: string }) => l.product_id === 'SALE',
    );
    await t.inject({
      method: 'POST',
      url: '/api/add/item',
      headers: me.headers,
      payload: { id: sale.id, selected: false },
    });
    const res = CartAddResponse.parse(
      (await add(me.headers, { product_id: 'SOON', item: 1 })).json(),
    );
    const cart = await read();
    expect(res).toMatchObject({ total: 10.97, count: 3 }); // 5.97 + 5.00; SALE unselected
    expect({ total: res.total, count: res.count }).toEqual({
      total: cart.total,
      count: cart.count,
    });
    expect(cart.products.find((l: { product_id: string }) => l.product_id === 'SOON')).toEqual(
      res.line,
    );
  });

  it('never loses an add when adds race (one atomic upsert)', async () => {
    const me = await t.signIn();
    await Promise.all(
      Array.from({ length: 8 }, () => add(me.headers, { product_id: 'SALE', item: 2 })),
    );
    const cart = (await t.inject({ method: 'GET', url: '/api/cart', headers: me.headers })).json();
    expect(cart.products.find((l: { product_id: string }) => l.product_id === 'SALE').item).toBe(
      16,
    );
  });

  it('accepts a numeric product id, and class N beyond stock', async () => {
    const me = await t.signIn();
    const res = await add(me.headers, { product_id: ids.SOON, item: 25 });
    expect(res.statusCode).toBe(200);
    expect(res.json().line).toMatchObject({
      product_id: 'SOON',
      item: 25,
      available: 0,
      unavailable: false,
    });
    expect(res.json().total).toBe(125);
  });

  it('refuses an unavailable product with a clear message', async () => {
    const me = await t.signIn();
    const res = await add(me.headers, { product_id: 'OUT', item: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      message: 'This product is currently out of stock',
      fields: { product_id: 'This product is currently out of stock' },
      reason: { key: 'OUT_OF_STOCK' },
    });
  });

  it('refuses a product not sold in the customer country', async () => {
    const me = await t.signIn();
    expect((await add(me.headers, { product_id: 'USONLY', item: 1 })).statusCode).toBe(404);
    const us = await t.signIn({ country: 'us' });
    const res = await add(us.headers, { product_id: 'USONLY', item: 1 });
    expect(res.statusCode).toBe(200);
    // A US customer sees US prices and stock even if asking for ca.
    const a1 = await addToCart(t, us.headers, 'A1', 9);
    expect(a1.json().line).toMatchObject({ product_id: 'A1', price: 3, item: 5 });
  });

  it('refuses negative, zero, fractional and non-numeric quantities, naming the field', async () => {
    const me = await t.signIn();
    for (const item of [-1, 0, 1.5, 'abc', '2x', null]) {
      const res = await add(me.headers, { product_id: 'A1', item });
      expect(res.statusCode, String(item)).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain('item');
    }
    const missing = await add(me.headers, { item: 1 });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields)).toContain('product_id');
  });
});

describe('cart: total (docs/product/cart-and-orders.md)', () => {
  it('uses price if above zero else selling_price, ship pack default 1, selected available or class-N lines, 2 decimals', async () => {
    const me = await t.signIn();
    await add(me.headers, { product_id: 'SALE', item: 3 }); // 8.00 × 3 × 6 = 144.00 (second price)
    await add(me.headers, { product_id: 'NOPACK', item: 3 }); // 1.99 × 3 × 1 = 5.97 (ship pack 0 → 1)
    await add(me.headers, { product_id: 'SOON', item: 1 }); // class N with no stock: 5.00
    let cart = (await t.inject({ method: 'GET', url: '/api/cart', headers: me.headers })).json();
    expect(cart.total).toBe(154.97);
    const sale = cart.products.find((l: { product_id: string }) => l.product_id === 'SALE');
    expect(sale).toMatchObject({ price: 8, selling_price: 10, line_total: 144 });

    // Unselecting a line leaves it out of the total.
    cart = (
      await t.inject({
        method: 'POST',
        url: '/api/add/item',
        headers: me.headers,
        payload: { id: sale.id, selected: false },
      })
    ).json();
    expect(cart.total).toBe(10.97);
    expect(cart.products.find((l: { id: number }) => l.id === sale.id).selected).toBe(false);

    // A line whose product sold out is kept, marked unavailable and left out of the total.
    await execAndAwaitFeed(
      t,
      `update product_prices set available = 0 where product_id = ${ids.NOPACK}`,
    );
    cart = (await t.inject({ method: 'GET', url: '/api/cart', headers: me.headers })).json();
    expect(
      cart.products.find((l: { product_id: string }) => l.product_id === 'NOPACK').unavailable,
    ).toBe(true);
    expect(cart.total).toBe(5);
    await execAndAwaitFeed(
      t,
      `update product_prices set available = 50 where product_id = ${ids.NOPACK}`,
    );
  });
});

describe('cart: changing lines', () => {
  it('sets a quantity (query or body), clamps it, 0 removes the line', async () => {
    const me = await t.signIn();
    const { line } = (await add(me.headers, { product_id: 'A1', item: 1 })).json();
    let res = await t.inject({
      method: 'POST',
      url: `/api/add/item?id=${line.id}&item=4&user_id=${me.userId}`,
      headers: me.headers,
    });
    expect(res.json().products[0].item).toBe(4);
    res = await t.inject({
      method: 'POST',
      url: '/api/add/item',
      headers: me.headers,
      payload: { id: line.id, item: 50 },
    });
    expect(res.json().products[0].item).toBe(10);
    expect(res.json().notice.clamped).toBe(true);
    res = await t.inject({
      method: 'POST',
      url: '/api/add/item',
      headers: me.headers,
      payload: { id: line.id, item: -2 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.item).toBe('Quantity cannot be negative');
    res = await t.inject({
      method: 'POST',
      url: '/api/add/item',
      headers: me.headers,
      payload: { id: line.id, item: 0 },
    });
    expect(res.json().products).toEqual([]);
  });

  it('removes one line and empties the cart', async () => {
    const me = await t.signIn();
    await add(me.headers, { product_id: 'A1', item: 1 });
    expect((await add(me.headers, { product_id: 'SALE', item: 1 })).json().count).toBe(2);
    const cart = (await t.inject({ method: 'GET', url: '/api/cart', headers: me.headers })).json();
    let res = await t.inject({
      method: 'DELETE',
      url: `/api/cart/delete?id=${cart.products[0].id}&user_id=${me.userId}`,
      headers: me.headers,
    });
    expect(res.json().products.map((l: { product_id: string }) => l.product_id)).toEqual(['SALE']);
    res = await t.inject({
      method: 'DELETE',
      url: `/api/cart-delete-all?user_id=${me.userId}`,
      headers: me.headers,
    });
    expect(res.json()).toMatchObject({ status: true, products: [], total: 0, count: 0 });
    res = await t.inject({ method: 'DELETE', url: '/api/cart/delete?id=abc', headers: me.headers });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain('id');
  });
});

describe('cart: adding a product group at once', () => {
  const addMany = (headers: Record<string, string>, body: unknown) =>
    t.inject({ method: 'POST', url: '/api/cart/add-many', headers, payload: body as object });
  const cartOf = async (headers: Record<string, string>) =>
    (await t.inject({ method: 'GET', url: '/api/cart', headers })).json();

  it('adds every product in one call, clamped to stock like single adds', async () => {
    const me = await t.signIn();
    await add(me.headers, { product_id: 'A1', item: 2 });
    const res = await addMany(me.headers, {
      items: [
        { product_id: 'A1', item: 3 },
        { product_id: 'SALE', item: 2 },
        { product_id: 'SOON', item: 4 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const items = Object.fromEntries(
      res.json().products.map((l: { product_id: string; item: number }) => [l.product_id, l.item]),
    );
    expect(items).toEqual({ A1: 5, SALE: 2, SOON: 4 });
  });

  it('adds nothing when a product midway is unavailable or unknown, naming its place', async () => {
    const me = await t.signIn();
    await add(me.headers, { product_id: 'A1', item: 1 });
    const before = await cartOf(me.headers);
    for (const [bad, status] of [
      ['OUT', 422],
      ['NO-SUCH-CODE', 404],
    ] as const) {
      const res = await addMany(me.headers, {
        items: [
          { product_id: 'A1', item: 2 },
          { product_id: bad, item: 1 },
          { product_id: 'SALE', item: 1 },
        ],
      });
      expect(res.statusCode, bad).toBe(status);
      expect(Object.keys(res.json().error.fields)).toEqual(['items.1.product_id']);
      expect(await cartOf(me.headers)).toEqual(before);
    }
  });

  it('refuses an empty list and bad quantities with 400, and guests with 401', async () => {
    const me = await t.signIn();
    expect((await addMany(me.headers, { items: [] })).statusCode).toBe(400);
    expect((await addMany(me.headers, { items: [{ product_id: 'A1', item: 0 }] })).statusCode).toBe(
      400,
    );
    expect((await addMany({}, { items: [{ product_id: 'A1', item: 1 }] })).statusCode).toBe(401);
  });
});
