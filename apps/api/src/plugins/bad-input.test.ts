import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../test/test-app';
import { addToCart, insertShoppingFixtures } from '../test/shopping-fixtures';

// Input the database cannot take (NUL in text, text-direction controls that would spoof it, ids ≥ 2^31, quantities that overflow a line) is a
// 400 naming the field on every route, never a 500 (docs/product/operations.md "Bad input").
let t: TestApp;
let buyer: Record<string, string>;
let staff: Record<string, string>;
const BIG_ID = '2147483648';

beforeAll(async () => {
  t = await createTestApp({ env: { MAX_LINE_PACKS: '500' } });
  await insertShoppingFixtures(t.handle.db, [
    { code: 'BACK', classCode: 'N', shipPack: 12, ca: { selling: 60_000, available: 0 } },
    { code: 'PLAIN', shipPack: 1, ca: { selling: 60_000, available: 1_000 } },
  ]);
  buyer = (await t.signIn()).headers;
  staff = (await t.signIn({ role: 'staff' })).headers;
});
afterAll(() => t.close());

async function expect400(request: InjectOptions, field: string): Promise<void> {
  const res = await t.inject(request);
  expect(res.statusCode, `${request.method ?? 'GET'} ${request.url} ${res.body}`).toBe(400);
  const fields = Object.keys(res.json().error.fields ?? {});
  expect(
    fields.some((f) => f.startsWith(field)),
    `${request.url} names ${field}: ${res.body}`,
  ).toBe(true);
}

describe('NUL bytes answer 400 naming the field', () => {
  it.each([
    [{ url: '/api/search?search_term=but%00ton' }, 'search_term'],
    [{ url: '/api/search/suggest?search_term=a%00' }, 'search_term'],
    [{ url: '/api/catalogues?category=%00&brand=x%00y' }, 'category'],
    [{ url: '/api/filter-options-by-category?category=a%00' }, 'category'],
    [
      { method: 'POST', url: '/api/cart/add', payload: { product_id: 'PL\u0000AIN', item: 1 } },
      'product_id',
    ],
    [
      { method: 'POST', url: '/api/store/orders', payload: { order_comment: 'hello\u0000' } },
      'order_comment',
    ],
    [
      { method: 'POST', url: '/api/store/orders', payload: { po_number: 'PO\u00001' } },
      'po_number',
    ],
    [{ method: 'POST', url: '/api/opticon/match', payload: { codes: ['123\u0000'] } }, 'codes.0'],
    [
      { method: 'POST', url: '/api/login', payload: { email: 'a\u0000@b.c', password: 'x' } },
      'email',
    ],
  ] as Array<[InjectOptions, string]>)('%o', async (request, field) => {
    await expect400({ ...request, headers: buyer }, field);
  });

  it('in a staff search', async () => {
    await expect400({ url: '/api/admin/applications?search=x%00', headers: staff }, 'search');
  });
});

describe('text-direction controls answer 400 naming the field, with a reason to translate', () => {
  it.each([
    [
      { method: 'POST', url: '/api/store/orders', payload: { po_number: 'PO-\u202E1' } },
      'po_number',
    ],
    [{ url: '/api/search?search_term=but%E2%80%AEton' }, 'search_term'],
    [{ method: 'POST', url: '/api/me/addresses', payload: { label: 'Ware\u2066house' } }, 'label'],
  ] as Array<[InjectOptions, string]>)('%o', async (request, field) => {
    await expect400({ ...request, headers: buyer }, field);
    const res = await t.inject({ ...request, headers: buyer });
    expect(res.json().error.reason).toEqual({
      key: 'TEXT_DIRECTION_CONTROL',
      params: { field },
    });
  });

  it('takes right-to-left text and the plain direction marks', async () => {
    const res = await t.inject({
      url: `/api/search?search_term=${encodeURIComponent('שלום \u200F')}`,
      headers: buyer,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('ids from 2^31 answer 400 naming the field', () => {
  it.each([
    [{ url: `/api/order-history?order_id=${BIG_ID}` }, 'order_id'],
    [{ url: `/api/fetch-order?order_id=${BIG_ID}` }, 'order_id'],
    [{ url: `/api/orders/${BIG_ID}/pdf` }, 'order_id'],
    [{ method: 'DELETE', url: `/api/cart/delete?id=${BIG_ID}` }, 'id'],
    [{ method: 'POST', url: '/api/add/item', payload: { id: BIG_ID, item: 1 } }, 'id'],
    [{ method: 'POST', url: `/api/re-orders?order_id=${BIG_ID}`, payload: {} }, 'order_id'],
    [{ url: `/api/product_group/${BIG_ID}` }, 'id'],
    [
      { method: 'POST', url: '/api/cart/add', payload: { product_id: 2 ** 31, item: 1 } },
      'product_id',
    ],
  ] as Array<[InjectOptions, string]>)('%o', async (request, field) => {
    await expect400({ ...request, headers: buyer }, field);
  });

  it.each([`/api/admin/applications/${BIG_ID}`, `/api/admin/integrations/tokens/${BIG_ID}`])(
    'staff %s',
    async (url) => {
      const method = url.includes('tokens') ? 'DELETE' : 'GET';
      await expect400({ method, url, headers: staff }, 'id');
    },
  );
});

describe('quantities', () => {
  it('a line above MAX_LINE_PACKS is a 400 naming item, even for back-order (class N) products', async () => {
    await expect400(
      {
        method: 'POST',
        url: '/api/cart/add',
        headers: buyer,
        payload: { product_id: 'BACK', item: 100_000 },
      },
      'item',
    );
    const add400 = () => addToCart(t, buyer, 'BACK', 400);
    expect((await add400()).statusCode).toBe(200);
    // Adding again does not grow the line past the maximum.
    const again = await add400();
    expect(again.statusCode).toBe(200);
    expect(again.json().notice.quantity).toBe(500);
  });

  it('an order whose line total overflows (a cart line from before the limit) is a 400 naming the product', async () => {
    const me = await t.signIn();
    const add = await addToCart(t, me.headers, 'BACK', 1);
    expect(add.statusCode).toBe(200);
    await t.handle.db.execute(
      sql`update cart_lines set quantity = 100000 where user_id = ${me.userId}`,
    );
    await expect400(
      { method: 'POST', url: '/api/store/orders', headers: me.headers, payload: {} },
      'product_id.BACK',
    );
    const orders = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where user_id = ${me.userId}`,
    );
    expect(Number(orders.rows[0].n)).toBe(0);
  });
});

describe('a path that cannot be decoded (a broken %-escape)', () => {
  it.each(['/api/orders/%FF/pdf', '/api/product_group/%E0%A4', '/description/%FF/ca'])(
    '%s answers the one error shape, with the security and cache headers',
    async (url) => {
      const res = await t.get(url, buyer);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: false,
        error: { code: 'VALIDATION_FAILED', message: 'This address is not valid' },
      });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );
});
