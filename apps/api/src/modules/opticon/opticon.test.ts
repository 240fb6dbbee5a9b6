import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScannerExport } from '@wholesale/contract';
import type { TestApp } from '../../test/test-app';
import { addToCart, createShopTestApp } from '../../test/shopping-fixtures';

let t: TestApp;

beforeAll(async () => {
  ({ t } = await createShopTestApp([
    { code: 'OP1', barcode: '036000291452', ca: { selling: 100, available: 3 } },
    { code: 'OP2', barcode: '4006381333931', ca: { selling: 200, available: 50 } },
    { code: 'OPOUT', ca: { selling: 200, available: 0 } },
    { code: 'OPN', classCode: 'N', ca: { selling: 200, available: 0 } },
  ]));
});
afterAll(() => t.close());

describe('POST /api/opticon', () => {
  it('answers 401 to guests, 403 for a foreign user_id, 400 for an empty upload', async () => {
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/opticon',
          payload: { products: [{ code: 'OP1', quantity: 1 }] },
        })
      ).statusCode,
    ).toBe(401);
    const me = await t.signIn();
    const other = await t.signIn();
    const foreign = await t.post('/api/opticon', me.headers, {
      products: [{ code: 'OP1', quantity: 1 }],
      user_id: other.userId,
    });
    expect(foreign.statusCode).toBe(403);
    const empty = await t.post('/api/opticon', me.headers, { products: [] });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().error.fields)).toContain('products');
  });

  it('matches barcodes (UPC/EAN) and product ids, answering per line', async () => {
    const me = await t.signIn();
    const file =
      '036000291452\n036000291452\nOP2,4,2025/11/22,10:01:02\nNOPE;2\nOPOUT\t1\nOPN,7\n036000291452,5';
    const parsed = parseScannerExport(file);
    const res = await t.post('/api/opticon', me.headers, {
      products: parsed.lines.map(({ code, quantity }) => ({ code, quantity })),
      user_id: me.userId,
      country: 'ca',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(
      body.results.map((r: { code: string; status: string; added: number }) => [
        r.code,
        r.status,
        r.added,
      ]),
    ).toEqual([
      ['036000291452', 'clamped', 3],
      ['OP2', 'added', 4],
      ['NOPE', 'unknown', 0],
      ['OPOUT', 'unavailable', 0],
      ['OPN', 'added', 7],
    ]);
    expect(body.results[0]).toMatchObject({ quantity: 7, product_id: 'OP1' });
    expect(
      body.products.map((l: { product_id: string; item: number }) => [l.product_id, l.item]),
    ).toEqual([
      ['OP1', 3],
      ['OP2', 4],
      ['OPN', 7],
    ]);
    expect(body.total).toBe(3 + 8 + 14);
  });

  it('adds to what the cart already holds', async () => {
    const me = await t.signIn();
    await addToCart(t, me.headers, 'OP2', 10);
    const res = await t.post('/api/opticon', me.headers, {
      products: [{ code: '4006381333931', quantity: 45 }],
    });
    expect(res.json().results[0]).toMatchObject({ status: 'clamped', added: 40 });
    expect(res.json().products[0].item).toBe(50);
  });

  it('previews matches without adding anything', async () => {
    const me = await t.signIn();
    const res = await t.post('/api/opticon/match', me.headers, {
      codes: ['036000291452', 'NOPE', 'OPOUT', 'OPN'],
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((m: { code: string; status: string; product_id: string | null }) => [
          m.code,
          m.status,
          m.product_id,
        ]),
    ).toEqual([
      ['036000291452', 'ok', 'OP1'],
      ['NOPE', 'unknown', null],
      ['OPOUT', 'unavailable', 'OPOUT'],
      ['OPN', 'ok', 'OPN'],
    ]);
    expect((await t.get('/api/cart', me.headers)).json().count).toBe(0);
    expect(
      (await t.inject({ method: 'POST', url: '/api/opticon/match', payload: { codes: ['OP1'] } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('GET /api/quick-order/suggest', () => {
  it('suggests by id prefix, barcode prefix and name, and needs a query', async () => {
    const me = await t.signIn();
    const byId = await t.get('/api/quick-order/suggest?q=op', me.headers);
    expect(byId.json().data.map((s: { product_id: string }) => s.product_id)).toEqual([
      'OP1',
      'OP2',
      'OPN',
      'OPOUT',
    ]);
    const byBarcode = await t.get('/api/quick-order/suggest?q=400638', me.headers);
    expect(byBarcode.json().data.map((s: { product_id: string }) => s.product_id)).toEqual(['OP2']);
    const percent = await t.get('/api/quick-order/suggest?q=%25', me.headers);
    expect(percent.json().data).toEqual([]);
    expect((await t.get('/api/quick-order/suggest?q=', me.headers)).statusCode).toBe(400);
    expect((await t.get('/api/quick-order/suggest?q=op')).statusCode).toBe(401);
  });
});
