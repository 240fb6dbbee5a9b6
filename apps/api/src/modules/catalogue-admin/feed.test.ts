import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { productPrices } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { createShopTestApp } from '../../test/shopping-fixtures';
import { erpBearer } from '../../test/erp-fixtures';

let t: TestApp;
let ids: Record<string, number>;
let bearer: Record<string, string>;

beforeAll(async () => {
  ({ t, ids } = await createShopTestApp([
    { code: 'FD1', ca: { selling: 250, selling2: 200, retail: 500, available: 7 } },
    { code: 'FD2', ca: { selling: 100, available: 0 }, us: { selling: 90, available: 3 } },
  ]));
  bearer = await erpBearer(t, ['catalogue:write']);
});
afterAll(() => t.close());

async function priceRow(code: string, country: 'ca' | 'us') {
  const rows = await t.handle.db
    .select()
    .from(productPrices)
    .where(eq(productPrices.productId, ids[code]));
  return rows.find((r) => r.country === country) ?? null;
}

describe('stock and price feed', () => {
  it('answers 401 to guests and 403 to buyers', async () => {
    const buyer = await t.signIn();
    for (const url of ['/api/admin/stock', '/api/admin/prices']) {
      const payload = [{ sku: 'FD1', country: 'ca', available: 1, price: 1 }];
      expect((await t.inject({ method: 'PATCH', url, payload })).statusCode).toBe(401);
      expect((await t.patch(url, buyer.headers, payload)).statusCode).toBe(403);
    }
  });

  it('sets stock with a catalogue:write token, counting only real changes', async () => {
    const res = await t.patch('/api/admin/stock', bearer, [
      { sku: 'FD1', country: 'ca', available: 12 },
      { sku: 'FD2', country: 'us', available: 3 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 1 });
    expect((await priceRow('FD1', 'ca'))?.available).toBe(12);
  });

  it('refuses the whole call, naming each bad entry by index and field', async () => {
    const res = await t.patch('/api/admin/stock', bearer, [
      { sku: 'FD1', country: 'ca', available: 99 },
      { sku: 'NOPE', country: 'ca', available: 1 },
      { sku: 'FD1', country: 'us', available: 1 },
      { sku: 'FD1', country: 'ca', available: 5 },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({
      '1.sku': 'There is no product NOPE',
      '2.country': 'FD1 has no US price yet: send its price first',
      '3.sku': 'FD1 (ca) is already entry 0',
    });
    expect((await priceRow('FD1', 'ca'))?.available).toBe(12);

    const shape = await t.patch('/api/admin/stock', bearer, [
      { sku: 'FD1', country: 'mx', available: -1 },
    ]);
    expect(shape.statusCode).toBe(400);
    expect(Object.keys(shape.json().error.fields)).toEqual(
      expect.arrayContaining(['0.country', '0.available']),
    );
    const tooMany = await t.patch(
      '/api/admin/stock',
      bearer,
      Array.from({ length: 10_001 }, () => ({ sku: 'FD1', country: 'ca', available: 1 })),
    );
    expect(tooMany.statusCode).toBe(400);
  });

  it('sets prices, creates a country price row, and clears a second price with null', async () => {
    const res = await t.patch('/api/admin/prices', bearer, [
      { sku: 'FD1', country: 'ca', price: 3.1, sale_price: null },
      { sku: 'FD1', country: 'us', price: 2.75, retail: 5 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    expect(await priceRow('FD1', 'ca')).toMatchObject({
      sellingPriceCents: 310,
      sellingPrice2Cents: null,
      retailPriceCents: 500,
    });
    expect(await priceRow('FD1', 'us')).toMatchObject({
      sellingPriceCents: 275,
      retailPriceCents: 500,
      available: 0,
    });
    const again = await t.patch('/api/admin/prices', bearer, [
      { sku: 'FD1', country: 'us', price: 2.75 },
    ]);
    expect(again.json()).toEqual({ updated: 0 });
  });

  it('lets a staff session use the feed', async () => {
    const staff = await t.signIn({ role: 'staff' });
    const res = await t.patch('/api/admin/stock', staff.headers, [
      { sku: 'FD2', country: 'ca', available: 4 },
    ]);
    expect(res.statusCode).toBe(200);
    expect((await priceRow('FD2', 'ca'))?.available).toBe(4);
  });
});
