import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { createShopTestApp } from '../../test/shopping-fixtures';

/*
 * Impossible dates in requests (docs/product/operations.md "Bad input") and error answers of the download routes: a date
 * that names no calendar day answers 400 naming the field, with a reason the web translates, and
 * never reaches the database; an error answer stays a well-formed JSON body whatever the route's
 * content type (no stale content-encoding or content-disposition of the download it replaced).
 */

let t: TestApp;
let staff: Record<string, string>;
let buyer: { userId: number; headers: Record<string, string> };
let orderId: number;

beforeAll(async () => {
  ({ t } = await createShopTestApp([{ code: 'BIG', ca: { selling: 3_000, available: 100 } }]));
  staff = (await t.signIn({ role: 'staff' })).headers;
  buyer = await t.signIn({ lang: 'fr' });
  const { rows } = await t.handle.db.execute<{ id: number }>(sql`
    insert into orders (user_id, country, status, total_cents) values (${buyer.userId}, 'ca', 'placed', 3000) returning id`);
  orderId = Number(rows[0].id);
});
afterAll(() => t.close());

const IMPOSSIBLE = [
  '2026-13-01',
  '0000-00-00',
  '9999-99-99',
  '2026-02-31',
  '2023-02-29',
  '1066-10-14',
];

/** The answer's body, decoded as the client would (gzip or brotli when the answer says so). */
function decoded(res: Awaited<ReturnType<TestApp['inject']>>): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  return res.body;
}

/** An error answer a client can read: JSON, said so, nothing left of a download's headers. */
function expectJsonError(res: Awaited<ReturnType<TestApp['inject']>>, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['content-disposition']).toBeUndefined();
  const body = JSON.parse(decoded(res));
  expect(body.status).toBe(false);
  expect(body.error.code).not.toMatch(/^FST_/);
  return body.error as {
    code: string;
    fields?: Record<string, string>;
    reason?: { key: string; params?: Record<string, unknown> };
  };
}

describe('impossible dates answer 400 naming the field', () => {
  it('in the filters of the buyer order history and the staff order desk (list and CSV)', async () => {
    for (const date of IMPOSSIBLE)
      for (const [url, headers] of [
        [`/api/order-history?from=${date}`, buyer.headers],
        [`/api/order-history?to=${date}`, buyer.headers],
        [`/api/admin/orders?from=${date}`, staff],
        [`/api/admin/orders?to=${date}`, staff],
        [`/api/admin/orders.csv?from=${date}`, staff],
      ] as const) {
        const res = await t.inject({
          method: 'GET',
          url,
          headers: { ...headers, 'accept-encoding': 'gzip' },
        });
        const field = url.includes('from=') ? 'from' : 'to';
        const error = expectJsonError(res, 400);
        expect(Object.keys(error.fields ?? {}), `${url}`).toEqual([field]);
        expect(error.reason).toEqual({ key: 'DATE_INVALID', params: { field } });
      }
    // Real days pass, 29 February of a leap year included.
    for (const url of [
      '/api/order-history?from=2024-02-29&to=2026-12-31',
      '/api/admin/orders?from=2024-02-29&to=2026-12-31',
    ]) {
      const res = await t.get(url, url.includes('admin') ? staff : buyer.headers);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('in the requested ship date of a buyer order and a phone order', async () => {
    for (const date of ['2099-02-30', '9999-12-31', '2099-13-01']) {
      const own = await t.post('/api/store/orders', buyer.headers, { requested_ship_date: date });
      expect(own.statusCode, own.body).toBe(400);
      expect(own.json().error.fields).toEqual({
        requested_ship_date: 'The requested ship date must be a date written YYYY-MM-DD',
      });
      expect(own.json().error.reason).toEqual({
        key: 'SHIP_DATE_INVALID',
        params: { field: 'requested_ship_date' },
      });
      const phone = await t.post(`/api/admin/phone-orders/${buyer.userId}`, staff, {
        requested_ship_date: date,
      });
      expect(phone.statusCode, phone.body).toBe(400);
      expect(Object.keys(phone.json().error.fields)).toEqual(['requested_ship_date']);
    }
  });
});

describe('error answers of the download routes stay well-formed', () => {
  it('a bad parameter of a PDF answers JSON, without the attachment headers', async () => {
    for (const [url, headers] of [
      ['/api/orders/0/pdf', buyer.headers],
      ['/api/admin/orders/abc/picking-list.pdf', staff],
    ] as const) {
      const res = await t.inject({
        method: 'GET',
        url,
        headers: { ...headers, 'accept-encoding': 'gzip' },
      });
      expectJsonError(res, 400);
    }
  });

  it('a failure while the CSV, order PDF or picking list is made answers a JSON 500', async () => {
    // The database refuses the download's query: the table it reads is gone for this test.
    await t.handle.db.execute(sql`alter table orders rename to orders_away`);
    try {
      for (const [url, headers] of [
        ['/api/admin/orders.csv', staff],
        [`/api/orders/${orderId}/pdf`, buyer.headers],
        [`/api/admin/orders/${orderId}/picking-list.pdf`, staff],
      ] as const) {
        const res = await t.inject({
          method: 'GET',
          url,
          headers: { ...headers, 'accept-encoding': 'gzip, br' },
        });
        const error = expectJsonError(res, 500);
        expect(error.code, url).toBe('INTERNAL');
      }
    } finally {
      await t.handle.db.execute(sql`alter table orders_away rename to orders`);
    }
  });
});
