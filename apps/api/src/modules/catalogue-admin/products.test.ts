import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toUpcA } from '@wholesale/contract';
import { auditRowsFor } from '../../test/audit-rows';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let staff: { userId: number; headers: Record<string, string> };
let buyer: Record<string, string>;
let sku: string;

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 30 }, ownDataDir: true });
  staff = await t.signIn({ role: 'staff', staffRoles: ['content'], email: 'editor@example.com' });
  buyer = (await t.signIn({ country: 'ca' })).headers;
  const rows = (await t.handle.db.execute(
    sql`SELECT p.product_id FROM products p JOIN product_prices pp ON pp.product_id = p.id AND pp.country = 'ca'
        WHERE p.active ORDER BY p.id LIMIT 1`,
  )) as unknown as { rows: { product_id: string }[] };
  sku = rows.rows[0].product_id.trim();
});
afterAll(() => t.close());

const URL = '/api/admin/products';
const get = async (code = sku) => (await t.get(`${URL}/${code}`, staff.headers)).json();
const patch = (payload: object, code = sku, method: 'PATCH' | 'PUT' = 'PATCH') =>
  t.inject({ method, url: `${URL}/${code}`, headers: staff.headers, payload });

describe('product editor: search', () => {
  it('finds products by SKU prefix, barcode or name, a page at a time', async () => {
    const page = (await t.get(`${URL}?per_page=5&page=2`, staff.headers)).json();
    expect(page).toMatchObject({ current_page: 2, per_page: 5 });
    expect(page.total).toBeGreaterThanOrEqual(30);
    expect(page.data).toHaveLength(5);
    const product = await get();
    const bySku = (await t.get(`${URL}?q=${sku}`, staff.headers)).json();
    expect(bySku.data.map((p: { sku: string }) => p.sku)).toContain(sku);
    const word = product.fields.name_en.split(' ')[0];
    const byName = (
      await t.get(`${URL}?q=${encodeURIComponent(word.toLowerCase())}`, staff.headers)
    ).json();
    expect(byName.data.map((p: { sku: string }) => p.sku)).toContain(sku);
    const none = (await t.get(`${URL}?q=%25%25nothing`, staff.headers)).json();
    expect(none).toMatchObject({ total: 0, data: [] });
    const bad = await t.get(`${URL}?per_page=500`, staff.headers);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['per_page']);
  });
});

describe('product editor: edits', () => {
  it('edits texts, prices, stock and flags with sanitised HTML, an audit row, and the storefront following at once', async () => {
    const before = await get();
    // The buyer's product page is read (and cached) before the edit.
    const page = () => t.get(`/api/productDescription?product_id=${sku}&country=ca`, buyer);
    expect((await page()).statusCode).toBe(200);
    const barcode = toUpcA('06111122222');
    const kept = {
      price_ca: '12.34',
      sale_price_ca: '11.00',
      stock_ca: '77',
      ship_pack: '3',
      barcode,
      brand: 'Editor brand',
    };
    const res = await patch({
      version: before.version,
      fields: {
        name_fr: 'Nom <script>alert(1)</script>modifié',
        description_es: '<p onclick="x()">Nueva <a href="http://x">descripción</a></p>',
        ...kept,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after.version).not.toBe(before.version);
    // The texts come back sanitised, the other fields as sent, and untouched fields unchanged.
    expect(after.fields).toMatchObject({
      name_fr: 'Nom modifié',
      description_es: '<p>Nueva descripción</p>',
      ...kept,
      name_en: before.fields.name_en,
    });
    expect((await page()).json().data).toMatchObject({ selling_price: 12.34 });
    const guest = await t.get(`/api/productDescription?product_id=${sku}&country=ca`);
    expect(guest.json().data.selling_price).toBeUndefined();
    expect(guest.json().data.available).toBeUndefined();

    const audit = (
      (await t.handle.db.execute(
        sql`SELECT actor_user_id, actor_email, action, before, after FROM audit_log
            WHERE subject_type = 'product' AND subject_id = ${sku} ORDER BY id`,
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_user_id: staff.userId,
      actor_email: 'editor@example.com',
      action: 'product.update',
      before: { price_ca: before.fields.price_ca, stock_ca: before.fields.stock_ca },
      after: { price_ca: '12.34', stock_ca: '77', name_fr: 'Nom modifié' },
    });
    expect(Object.keys(audit[0].after as object)).not.toContain('name_en');
  });

  it('takes a deactivated product out of listings and search (PUT), and back', async () => {
    const found = async () =>
      (await t.get(`/api/search/?search_term=${sku}`, buyer))
        .json()
        .data.products.data.map((p: { product_id: string }) => p.product_id);
    expect(await found()).toContain(sku);
    const off = await patch(
      { version: (await get()).version, fields: { active: 'no' } },
      sku,
      'PUT',
    );
    expect(off.statusCode, off.body).toBe(200);
    // On a PostgreSQL server the search index hears of the change through the change feed, a moment
    // after the answer (the storefront follows within seconds): an awaited condition, not a race.
    await expect.poll(found, { timeout: 10_000, interval: 20 }).not.toContain(sku);
    await patch({ version: off.json().version, fields: { active: 'yes' } });
    await expect.poll(found, { timeout: 10_000, interval: 20 }).toContain(sku);
  });

  it('answers 409 to an edit based on an old version and changes nothing', async () => {
    const first = await get();
    expect((await patch({ version: first.version, fields: { stock_ca: '5' } })).statusCode).toBe(
      200,
    );
    const stale = await patch({ version: first.version, fields: { stock_ca: '9' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT');
    expect((await get()).fields.stock_ca).toBe('5');
  });

  it('lets exactly one of ten parallel saves carrying one version win; the others answer 409', async () => {
    // Another product than the other tests', so its audit rows are this test's alone.
    const other = (await t.get(`${URL}?per_page=2&page=2`, staff.headers)).json().data[0].sku;
    const { version } = await get(other);
    const saves = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        patch({ version, fields: { stock_ca: String(100 + i), price_us: `${20 + i}.00` } }, other),
      ),
    );
    const codes = saves.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    const winner = saves.find((r) => r.statusCode === 200)!.json();
    expect((await get(other)).fields).toMatchObject({
      stock_ca: winner.fields.stock_ca,
      price_us: winner.fields.price_us,
    });
    expect(await auditRowsFor(t.handle.db, 'product', other)).toHaveLength(1);
  });

  it('names the bad fields and writes nothing', async () => {
    const current = await get();
    const bad = await patch({
      version: current.version,
      fields: { price_ca: '-1', barcode: '123456789013', class: 'ZZZ', stock_ca: '4' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['barcode', 'class', 'price_ca']);
    const emptyName = await patch({ version: current.version, fields: { name_en: ' ' } });
    expect(emptyName.json().error.fields).toEqual({ name_en: 'name_en is required' });
    const shape = await patch({ version: '', fields: { stock_ca: 4 } });
    expect(shape.statusCode).toBe(400);
    expect(Object.keys(shape.json().error.fields).sort()).toEqual(['fields.stock_ca', 'version']);
    expect(await get()).toEqual(current);
    expect((await patch({ version: 'x', fields: {} }, 'NO-SUCH-SKU')).statusCode).toBe(404);
    expect((await t.get(`${URL}/NO-SUCH-SKU`, staff.headers)).statusCode).toBe(404);
  });
});
