import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app';
import { expectRefused } from '../../test/refused-calls';
import { createShopTestApp } from '../../test/shopping-fixtures';

let t: TestApp;

beforeAll(async () => {
  ({ t } = await createShopTestApp([
    { code: 'F1', shipPack: 4, ca: { selling: 250, selling2: 200, retail: 500, available: 7 } },
    { code: 'F2', ca: { selling: 100, available: 0 } },
    { code: 'USF', us: { selling: 100, available: 1 } },
  ]));
});
afterAll(() => t.close());

describe('favourites', () => {
  it('answers 401 to guests and 403 for a foreign user_id', async () => {
    await expectRefused(t, [
      { method: 'GET', url: '/api/favorite' },
      { method: 'POST', url: '/api/fav/add?product_id=F1' },
      { method: 'DELETE', url: '/api/fav/delete?product_id=F1' },
    ]);
    const me = await t.signIn();
    const other = await t.signIn();
    expect((await t.get(`/api/favorite?user_id=${other.userId}`, me.headers)).statusCode).toBe(403);
    expect(
      (await t.post(`/api/fav/add?product_id=F1&user_id=${other.userId}`, me.headers)).statusCode,
    ).toBe(403);
    expect(
      (await t.delete(`/api/fav/delete?product_id=F1&user_id=${other.userId}`, me.headers))
        .statusCode,
    ).toBe(403);
  });

  it('adds, lists as priced cards (newest first), is idempotent, and removes', async () => {
    const me = await t.signIn();
    let res = await t.post(
      `/api/fav/add?product_id=F1&user_id=${me.userId}&price=0.01&image=x&product=y&country=ca&lang=en`,
      me.headers,
    );
    expect(res.json()).toEqual({
      status: true,
      product_id: 'F1',
      favourite: true,
      message: 'Product is added to favourites',
    });
    await t.post('/api/fav/add?product_id=F2', me.headers);
    await t.post('/api/fav/add?product_id=F1', me.headers);

    res = await t.get(`/api/favorite?user_id=${me.userId}&country=ca&lang=fr`, me.headers);
    const body = res.json();
    expect(body.status).toBe(true);
    expect(body.products.total).toBe(2);
    expect(body.products.data.map((p: { product_id: string }) => p.product_id).sort()).toEqual([
      'F1',
      'F2',
    ]);
    expect(
      body.products.data.find((p: { product_id: string }) => p.product_id === 'F1'),
    ).toMatchObject({
      name: 'Produit F1',
      ship_pac: 4,
      available: 7,
      selling_price: 2.5,
      selling_price_2: 2,
      retail_price: 5,
    });

    res = await t.delete('/api/fav/delete?product_id=F1', me.headers);
    expect(res.json().message).toBe('Product is removed from favourites');
    res = await t.get('/api/favorite', me.headers);
    expect(res.json().products.data.map((p: { product_id: string }) => p.product_id)).toEqual([
      'F2',
    ]);
  });

  it('keeps each customer their own list', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    await t.post('/api/fav/add?product_id=F1', a.headers);
    expect((await t.get('/api/favorite', b.headers)).json().products.data).toEqual([]);
  });

  it('answers 404 for an unknown product and 400 without product_id', async () => {
    const me = await t.signIn();
    const unknown = await t.post('/api/fav/add?product_id=NOPE', me.headers);
    expect(unknown.statusCode).toBe(404);
    const missing = await t.post('/api/fav/add', me.headers);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields)).toContain('product_id');
  });
});
