import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { toUpcA } from '@wholesale/contract';
import { createFileStore } from '../../lib/file-store';
import { addToCart } from '../../test/shopping-fixtures';
import { expectRefused } from '../../test/refused-calls';
import { runImportQueue } from './import.worker';
import {
  FULL_HEADER,
  buyer,
  csv,
  deps,
  importFile,
  product,
  subCode,
  t,
  topCode,
  upload,
  useImportTestApp,
  zipBytes,
} from './import.test-app';

useImportTestApp();

describe('catalogue import: who may call', () => {
  it('answers 401 to guests and 403 to buyers on every import and export call', async () => {
    const calls = [
      { method: 'GET', url: '/api/admin/imports' },
      { method: 'GET', url: '/api/admin/imports/1' },
      { method: 'GET', url: '/api/admin/imports/1/errors' },
      { method: 'GET', url: '/api/admin/imports/1/errors.csv' },
      { method: 'GET', url: '/api/admin/imports/template.csv' },
      { method: 'GET', url: '/api/admin/catalogue/export.csv' },
    ] as const;
    await expectRefused(t, calls, buyer);
    expect((await upload(csv(['sku']), { headers: {} })).statusCode).toBe(401);
    expect((await upload(csv(['sku']), { headers: buyer })).statusCode).toBe(403);
  });
});

describe('catalogue import: every column', () => {
  const barcode = toUpcA('06000099999');
  // Built when a test runs: the category codes are read in beforeAll.
  const fullRow = () =>
    [
      'IMP-1',
      barcode,
      topCode,
      subCode,
      'Acme',
      'F',
      '6',
      '"Red <b>thread</b>; 50 m"',
      'Fil rouge',
      'Hilo rojo',
      '"<p>Strong</p><script>alert(1)</script>"',
      'Solide',
      'Fuerte',
      '2.50',
      '2.25',
      '5.00',
      '12',
      '3,10',
      '',
      '6',
      '4',
      'yes',
      'imp-1.png',
    ].join(';');

  it('creates a product from a semicolon CSV with BOM and quotes, image included, with HTML sanitised', async () => {
    const zip = new yazl.ZipFile();
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#c00' },
    })
      .png()
      .toBuffer();
    zip.addBuffer(png, 'photos/imp-1.png');
    zip.end();
    const images = await zipBytes(zip);
    const job = await importFile(
      { name: 'catalogue.csv', data: `\uFEFF${FULL_HEADER}\r\n${fullRow()}\r\n` },
      { images },
    );
    expect(job.errors).toEqual([]);
    expect(job).toMatchObject({
      status: 'done',
      rows_total: 1,
      rows_done: 1,
      created: 1,
      error_count: 0,
    });
    expect(job.groups.product).toEqual({ created: 1, updated: 0, unchanged: 0 });
    const p = await product('IMP-1');
    expect(p).toMatchObject({
      barcode,
      brand: 'Acme',
      classCode: 'F',
      shipPack: 6,
      active: true,
    });
    expect(p!.texts.en).toMatchObject({
      name: 'Red <b>thread</b>; 50 m',
      description: '<p>Strong</p>',
    });
    expect(p!.texts.fr.name).toBe('Fil rouge');
    expect(p!.texts.es.description).toBe('Fuerte');
    expect(p!.prices.ca).toMatchObject({
      sellingPriceCents: 250,
      sellingPrice2Cents: 225,
      retailPriceCents: 500,
      available: 12,
    });
    expect(p!.prices.us).toMatchObject({
      sellingPriceCents: 310,
      sellingPrice2Cents: null,
      retailPriceCents: 600,
      available: 4,
    });
    const stored = await createFileStore(t.config).get('images/products/IMP-1.jpg');
    expect((await sharp(stored!).metadata()).format).toBe('jpeg');

    // A buyer sees it with its price at once; a guest without.
    const seen = await t.get('/api/productDescription?product_id=IMP-1&country=ca', buyer);
    expect(seen.json().data).toMatchObject({ product_id: 'IMP-1', selling_price: 2.5 });
    // The image column sets the product's first picture (docs/decisions/022-product-images.md).
    const [first, ...others] = seen.json().data.images as string[];
    expect(first).toMatch(/^\/images\/gallery\/\d+\.jpg$/);
    expect(others).toEqual([]);
    const firstFile = await createFileStore(t.config).get(first.slice(1));
    expect(firstFile!.equals(stored!)).toBe(true);
    const guest = await t.get('/api/productDescription?product_id=IMP-1&country=ca');
    expect(guest.statusCode).toBe(200);
    expect(guest.json().data.selling_price).toBeUndefined();
  });

  it('changes nothing when the same file is imported again (idempotent), and reports it unchanged', async () => {
    const before = await product('IMP-1');
    const job = await importFile({
      name: 'again.csv',
      data: `${FULL_HEADER}\n${fullRow().replace(';imp-1.png', ';')}\n`,
    });
    expect(job).toMatchObject({ status: 'done', created: 0, updated: 0, unchanged: 1 });
    expect((await product('IMP-1'))!.updatedAt).toEqual(before!.updatedAt);
  });

  it('leaves absent columns unchanged: a stock-only file changes stock only', async () => {
    const job = await importFile(csv(['sku,stock_ca,stock_us', 'IMP-1,30,0']));
    expect(job).toMatchObject({ status: 'done', updated: 1 });
    expect(job.groups).toEqual({
      stock_ca: { created: 0, updated: 1, unchanged: 0 },
      stock_us: { created: 0, updated: 1, unchanged: 0 },
    });
    const p = await product('IMP-1');
    expect(p!.prices.ca).toMatchObject({ available: 30, sellingPriceCents: 250 });
    expect(p!.texts.en.name).toBe('Red <b>thread</b>; 50 m');
  });

  it('reports a dry run per field group without writing anything', async () => {
    const job = await importFile(
      csv(['sku,price_ca,name_fr,active', 'IMP-1,9.99,Nouveau nom,no', `IMP-NEW,1,,yes`]),
      { dryRun: true },
    );
    expect(job).toMatchObject({ status: 'done', dry_run: true, updated: 1, deactivated: 1 });
    expect(job.groups.prices_ca).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(job.errors).toEqual([
      { row: 3, column: 'category', message: 'category is required for a new product' },
    ]);
    const p = await product('IMP-1');
    expect(p!.prices.ca.sellingPriceCents).toBe(250);
    expect(p!.active).toBe(true);
  });

  it("counts a new product's stock as created with it, in a dry run and for real", async () => {
    const rows = csv([
      'sku,category,subcategory,class,name_en,price_ca,stock_ca',
      `STOCK-NEW,${topCode},${subCode},F,New with stock,1.50,12`,
    ]);
    for (const dryRun of [true, false]) {
      const job = await importFile(rows, { dryRun });
      expect(job, `dry run ${dryRun}`).toMatchObject({ created: 1, updated: 0 });
      expect(job.groups.stock_ca).toEqual({ created: 1, updated: 0, unchanged: 0 });
    }
  });

  it('deactivates with active=no: gone from listings, still known to old orders', async () => {
    const job = await importFile(csv(['sku,active', 'IMP-1,no']));
    expect(job).toMatchObject({ deactivated: 1 });
    const res = await t.get('/api/productDescription?product_id=IMP-1&country=ca', buyer);
    expect(res.statusCode).toBe(404);
    expect((await product('IMP-1'))!.active).toBe(false);
    await importFile(csv(['sku,active', 'IMP-1,yes']));
  });

  it("sets a new product's sold flags from the prices it comes with; a price added later sets the other", async () => {
    const soldFlags = async (sku: string) => {
      const result = (await t.handle.db.execute(
        sql`SELECT sold_ca, sold_us FROM products WHERE product_id = ${sku}`,
      )) as unknown as { rows: { sold_ca: boolean; sold_us: boolean }[] };
      return result.rows[0];
    };
    const job = await importFile(
      csv([
        'sku,category,subcategory,class,name_en,price_ca,price_us',
        `SOLD-CA,${topCode},${subCode},F,Sold in Canada,1.50,`,
        `SOLD-US,${topCode},${subCode},F,Sold in the US,,2.50`,
      ]),
    );
    expect(job.errors).toEqual([]);
    expect(job).toMatchObject({ status: 'done', created: 2 });
    expect(await soldFlags('SOLD-CA')).toEqual({ sold_ca: true, sold_us: false });
    expect(await soldFlags('SOLD-US')).toEqual({ sold_ca: false, sold_us: true });
    await importFile(csv(['sku,price_us', 'SOLD-CA,3.00']));
    expect(await soldFlags('SOLD-CA')).toEqual({ sold_ca: true, sold_us: true });
  });
});

describe('catalogue import: carts, listings, search and orders follow', () => {
  const codesOf = (list: { product_id: string }[]) =>
    list.map((p) => p.product_id).filter((code) => code.startsWith('FOLLOW-'));
  const listing = async (h: Record<string, string>) =>
    codesOf(
      (await t.get(`/api/cadProducts?name=Followable&category=${topCode}`, h)).json().products.data,
    );
  /** Awaited condition for what follows the change feed (never a fixed wait). */
  const FEED = { timeout: 10_000, interval: 20 };
  const found = async (h: Record<string, string>) =>
    codesOf((await t.get('/api/search/?search_term=Followable', h)).json().data.products.data);
  const cartLine = async (h: Record<string, string>) =>
    (await t.get('/api/cart', h))
      .json()
      .products.find((l: { product_id: string }) => l.product_id === 'FOLLOW-1');

  it('shows an imported price in a cart at once; a deactivated product leaves listings, search and carts but stays in old orders', async () => {
    const me = (await t.signIn({ country: 'ca' })).headers;
    await importFile(
      csv([
        'sku,category,class,name_en,price_ca,stock_ca',
        `FOLLOW-1,${topCode},A,Followable gizmo,600.00,50`,
      ]),
    );
    expect(await listing(me)).toEqual(['FOLLOW-1']);
    // The search index hears of the import through the change feed, a moment later on a server.
    await expect.poll(() => found(me), FEED).toEqual(['FOLLOW-1']);
    const add = () => addToCart(t, me, 'FOLLOW-1', 1);
    expect((await add()).statusCode).toBe(200);
    const placed = await t.post('/api/store/orders', me, {});
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().order_id;

    expect((await add()).statusCode).toBe(200);
    expect((await cartLine(me)).selling_price).toBe(600);
    await importFile(csv(['sku,price_ca', 'FOLLOW-1,7.25']));
    expect((await cartLine(me)).selling_price).toBe(7.25);

    await importFile(csv(['sku,active', 'FOLLOW-1,no']));
    expect(await listing(me)).toEqual([]);
    await expect.poll(() => found(me), FEED).toEqual([]);
    expect(await cartLine(me)).toBeUndefined();
    const old = (await t.get(`/api/fetch-order?order_id=${orderId}`, me)).json().order;
    expect(old.products).toEqual([
      expect.objectContaining({ product_id: 'FOLLOW-1', item: 1, price: 600 }),
    ]);
  });

  it('writes an audit row when an import is queued and when it ends, with who, file, dry run and counts', async () => {
    const who = await t.signIn({ role: 'staff', email: 'auditor@example.com' });
    const res = await upload(csv(['sku,stock_ca', 'FOLLOW-1,7', 'NOPE-404,1']), {
      dryRun: true,
      headers: who.headers,
    });
    await runImportQueue(deps());
    const id = String(res.json().import_id);
    const audit = (
      (await t.handle.db.execute(
        sql`SELECT actor_user_id, actor_email, action, after FROM audit_log
            WHERE subject_type = 'import' AND subject_id = ${id} ORDER BY id`,
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    expect(audit).toEqual([
      {
        actor_user_id: who.userId,
        actor_email: 'auditor@example.com',
        action: 'import.queue',
        after: {
          file_name: 'catalogue.csv',
          dry_run: true,
          images: false,
          create_missing: false,
        },
      },
      {
        actor_user_id: who.userId,
        actor_email: null,
        action: 'import.done',
        after: {
          file_name: 'catalogue.csv',
          dry_run: true,
          rows_total: 2,
          rows_done: 2,
          created: 0,
          updated: 1,
          unchanged: 0,
          deactivated: 0,
          errors: 1,
        },
      },
    ]);
  });
});
