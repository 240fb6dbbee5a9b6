import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { toUpcA } from '@wholesale/contract';
import { productPrices, products, productTranslations } from '../../db/schema';
import { createFileStore } from '../../lib/file-store';
import { multipart, type MultipartPart } from '../../test/multipart';
import { addToCart } from '../../test/shopping-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectRefused } from '../../test/refused-calls';
import { importDeps } from './import.service';
import { runImportQueue, type ImportRunOptions } from './import.worker';
import { jobQueue } from '../../lib/job-queue';

let t: TestApp;
let staff: Record<string, string>;
let buyer: Record<string, string>;
let topCode: string;
let subCode: string;
let otherTop: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-test-'));
const MAX_BYTES = 300_000;

beforeAll(async () => {
  t = await createTestApp({
    seed: { products: 30 },
    env: { DATA_DIR: dataDir, IMPORT_MAX_BYTES: String(MAX_BYTES) },
  });
  staff = (await t.signIn({ role: 'staff' })).headers;
  buyer = (await t.signIn({ country: 'ca' })).headers;
  const rows = (await t.handle.db.execute(
    sql`SELECT c.cat_code AS sub, p.cat_code AS top FROM categories c JOIN categories p ON p.id = c.parent_id
        WHERE p.parent_id IS NULL ORDER BY c.id LIMIT 1`,
  )) as unknown as { rows: { sub: string; top: string }[] };
  topCode = rows.rows[0].top.trim();
  subCode = rows.rows[0].sub.trim();
  const others = (await t.handle.db.execute(
    sql`SELECT cat_code FROM categories WHERE parent_id IS NULL AND cat_code <> ${topCode} LIMIT 1`,
  )) as unknown as { rows: { cat_code: string }[] };
  otherTop = others.rows[0].cat_code.trim();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function zipBytes(zip: yazl.ZipFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const deps = () => importDeps(t.config, t.app.catalogue);

function upload(
  file: { name: string; data: Buffer | string },
  options: { dryRun?: boolean; images?: Buffer; headers?: Record<string, string> } = {},
) {
  const parts: MultipartPart[] = [
    {
      name: 'file',
      filename: file.name,
      contentType: 'text/csv',
      data: Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data),
    },
  ];
  if (options.images)
    parts.push({
      name: 'images',
      filename: 'images.zip',
      contentType: 'application/zip',
      data: options.images,
    });
  if (options.dryRun) parts.push({ name: 'dry_run', value: 'true' });
  const form = multipart(parts);
  return t.post(
    '/api/admin/imports',
    { ...form.headers, ...(options.headers ?? staff) },
    form.payload,
  );
}

/** Uploads, runs the worker to the end, and answers the job's status. */
async function importFile(
  file: { name: string; data: Buffer | string },
  options: Parameters<typeof upload>[1] & { run?: ImportRunOptions } = {},
) {
  const res = await upload(file, options);
  expect(res.statusCode, res.body).toBe(202);
  await runImportQueue(deps(), options.run);
  const status = await t.get(`/api/admin/imports/${res.json().import_id}`, staff);
  return status.json();
}

/**
 * The minute after the last heartbeat of the import job a stopped (crashed) run left active: the
 * supervisor fails it into a retry, which is due at once. pg-boss's clock is the database's, so
 * the heartbeat is moved back instead of waiting.
 */
async function heartbeatMinutePasses() {
  await t.handle.db.execute(
    sql`update pgboss.job set heartbeat_on = now() - interval '61 seconds'
        where name = 'import' and state = 'active'`,
  );
  await (await jobQueue(t.handle.db)).supervise('import');
  await t.handle.db.execute(
    sql`update pgboss.job set start_after = now() where name = 'import' and state = 'retry'`,
  );
}

const csv = (lines: string[]) => ({ name: 'catalogue.csv', data: `${lines.join('\r\n')}\r\n` });

async function product(sku: string) {
  const [p] = await t.handle.db.select().from(products).where(eq(products.productId, sku));
  if (!p) return null;
  const texts = await t.handle.db
    .select()
    .from(productTranslations)
    .where(eq(productTranslations.productId, p.id));
  const prices = await t.handle.db
    .select()
    .from(productPrices)
    .where(eq(productPrices.productId, p.id));
  return {
    ...p,
    texts: Object.fromEntries(texts.map((x) => [x.lang, x])),
    prices: Object.fromEntries(prices.map((x) => [x.country, x])),
  };
}

const FULL_HEADER =
  'sku;barcode;category;subcategory;brand;class;ship_pack;name_en;name_fr;name_es;description_en;description_fr;description_es;price_ca;sale_price_ca;retail_ca;stock_ca;price_us;sale_price_us;retail_us;stock_us;active;image';

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

describe('catalogue import: row errors', () => {
  it('skips invalid rows with row and column named, applies the valid ones, and lists them in errors.csv', async () => {
    const good = toUpcA('06000088888');
    const bad = `${good.slice(0, 11)}${(Number(good[11]) + 1) % 10}`;
    const job = await importFile(
      csv([
        'sku,barcode,category,subcategory,class,ship_pack,name_en,price_ca,stock_ca,image',
        `ERR-1,${good},${topCode},,A,2,Good one,1.00,5,`,
        `ERR-2,${bad},${topCode},,A,1,Bad barcode,1.00,5,`,
        `ERR-3,,NOPE,,A,1,Bad category,1.00,5,`,
        `ERR-4,,${topCode},,ZZ,1,Bad class,1.00,5,`,
        `ERR-1,,${topCode},,A,1,Duplicate,1.00,5,`,
        `ERR-5,,${topCode},,A,0,Bad pack,-1,-3,`,
        `ERR-6,,${otherTop},${subCode},A,1,Wrong branch,1.00,5,`,
        `ERR-7,,${topCode},,A,1,Image,1.00,5,nothing.jpg`,
      ]),
    );
    expect(job).toMatchObject({ status: 'done', created: 1 });
    expect(job.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, column: 'barcode' }),
        expect.objectContaining({ row: 4, column: 'category' }),
        expect.objectContaining({ row: 5, column: 'class' }),
        { row: 6, column: 'sku', value: 'ERR-1', message: 'sku ERR-1 already appears on row 2' },
        expect.objectContaining({ row: 7, column: 'ship_pack' }),
        expect.objectContaining({ row: 7, column: 'price_ca' }),
        expect.objectContaining({ row: 7, column: 'stock_ca' }),
        expect.objectContaining({ row: 8, column: 'subcategory' }),
        expect.objectContaining({ row: 9, column: 'image' }),
      ]),
    );
    expect(await product('ERR-2')).toBeNull();
    expect((await product('ERR-1'))!.texts.en.name).toBe('Good one');
    const errorsCsv = await t.get(`/api/admin/imports/${job.id}/errors.csv`, staff);
    expect(errorsCsv.headers['content-type']).toContain('text/csv');
    expect(errorsCsv.body.split('\n')[0]).toBe('row,column,value,message');
    expect(errorsCsv.body).toContain('6,sku,ERR-1,sku ERR-1 already appears on row 2');
  });
});

describe('catalogue import: refused files change nothing', () => {
  it('refuses an empty file, a wrong header, a binary file named .csv and a wrong extension at upload', async () => {
    const empty = await upload({ name: 'empty.csv', data: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.file).toBe('The file is empty');
    const header = await upload(csv(['sku,colour', 'X,red']));
    expect(header.statusCode).toBe(400);
    expect(header.json().error.message).toContain('Unknown column "colour"');
    const noSku = await upload(csv(['name_en', 'X']));
    expect(noSku.json().error.message).toBe('The header has no sku column');
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const binary = await upload({ name: 'prices.csv', data: png });
    expect(binary.statusCode).toBe(415);
    expect(binary.json().error.message).toContain('image/png');
    const pdf = await upload({ name: 'prices.pdf', data: 'sku\nX\n' });
    expect(pdf.statusCode).toBe(415);
  });

  it('answers 413 past the configured size limit', async () => {
    const big = `sku,name_en\n${'X,'.padEnd(MAX_BYTES + 10, 'a')}\n`;
    const res = await upload({ name: 'big.csv', data: big });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.message).toContain('limit');
  });

  it('refuses a ZIP bomb at upload', async () => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.alloc(5 * 1024 * 1024), 'bomb.png', { compress: true });
    zip.end();
    const bomb = await zipBytes(zip);
    const res = await upload(csv(['sku', 'X']), { images: bomb });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.fields.images).toContain('ZIP bomb');
  });

  it('fails a file that is not UTF-8 (mixed encodings) without changing anything', async () => {
    const latin1 = Buffer.concat([
      Buffer.from('sku,name_fr\nERR-1,Très bien\n', 'utf8'),
      Buffer.from('ERR-1,Tr\xe8s mal\n', 'latin1'),
    ]);
    const res = await upload({ name: 'mixed.csv', data: latin1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.file).toContain('not UTF-8');
    expect((await product('ERR-1'))!.texts.fr).toBeUndefined();
  });

  it('reads XLSX values and refuses formulas (never evaluated, cached values never used)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('catalogue');
    sheet.addRow(['sku', 'stock_ca']);
    sheet.addRow(['ERR-1', 41]);
    const values = Buffer.from(await book.xlsx.writeBuffer());
    const ok = await importFile({ name: 'stock.xlsx', data: values });
    expect(ok).toMatchObject({ status: 'done', updated: 1 });
    expect((await product('ERR-1'))!.prices.ca.available).toBe(41);

    sheet.addRow(['ERR-1', { formula: '1+1', result: 2 }]);
    const formula = Buffer.from(await book.xlsx.writeBuffer());
    const job = await importFile({ name: 'formula.xlsx', data: formula });
    expect(job.status).toBe('failed');
    expect(job.failure).toContain('Cell B3 holds a formula');
    expect((await product('ERR-1'))!.prices.ca.available).toBe(41);
  });
});

describe('catalogue import: one at a time', () => {
  it('gives no process a queued import while another is running, then runs both in order', async () => {
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const res = await upload(
        csv(['sku,category,class,name_en,price_ca', `ONE-${n},${topCode},A,One ${n},1.00`]),
      );
      ids.push(res.json().import_id);
    }
    const boss = await jobQueue(t.handle.db);
    // A process takes the first import's job (its worker is running it)...
    const [first] = await boss.fetch<{ import_id: number }>('import');
    expect(first.data.import_id).toBe(ids[0]);
    // ...and no process (the queue decides, not the process) gets the second meanwhile.
    expect(await boss.fetch('import')).toEqual([]);
    // That process dies: its job goes back to the queue, and the next run takes both, in order.
    await boss.fail('import', first.id);
    await t.handle.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'import' and state = 'retry'`,
    );
    expect(await runImportQueue(deps())).toBe(2);
    for (const id of ids)
      expect((await t.get(`/api/admin/imports/${id}`, staff)).json()).toMatchObject({
        status: 'done',
        created: 1,
      });
  });
});

describe('catalogue import: a crash between batches', () => {
  it('leaves every row old or new, and the next run finishes the import', async () => {
    const lines = ['sku,category,class,name_en,price_ca,stock_ca'];
    for (let i = 1; i <= 25; i += 1) lines.push(`CR-${i},${topCode},A,Crash ${i},1.00,${i}`);
    const controller = new AbortController();
    const res = await upload(csv(lines));
    const id = res.json().import_id;
    await runImportQueue(deps(), {
      batchRows: 10,
      signal: controller.signal,
      onBatch: (_job, batch) => batch === 1 && controller.abort(),
    });
    const midway = (await t.get(`/api/admin/imports/${id}`, staff)).json();
    expect(midway).toMatchObject({ status: 'running', rows_done: 10, created: 10 });
    const [{ count }] = (
      (await t.handle.db.execute(
        sql`SELECT count(*)::int AS count FROM products WHERE product_id LIKE 'CR-%'`,
      )) as unknown as { rows: { count: number }[] }
    ).rows;
    expect(count).toBe(10);
    // Each written product has its search document, or is queued to get one (migration 0023).
    expect(await productsWithoutSearchDocument('CR-%')).toEqual([]);

    // Nobody beats the stopped run's job: a minute later it is taken over and resumed.
    await heartbeatMinutePasses();
    await runImportQueue(deps(), { batchRows: 10 });
    const done = (await t.get(`/api/admin/imports/${id}`, staff)).json();
    expect(done).toMatchObject({ status: 'done', rows_done: 25, created: 25, error_count: 0 });
    expect((await product('CR-25'))!.prices.ca.available).toBe(25);
    expect(await queuedSearchDocuments()).toBe(0);
    expect(await productsWithoutSearchDocument('CR-%', { queuedCounts: false })).toEqual([]);
  });

  it('builds, when the worker starts, the search documents a crashed import left queued', async () => {
    // As a batch that committed just before its process died leaves it: texts written, documents
    // queued, not built.
    await t.handle.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('ws.search_documents', 'deferred', true)`);
      await tx.execute(
        sql`UPDATE product_translations SET name = 'Orphanedword button'
             WHERE lang = 'en' AND product_id = (SELECT id FROM products WHERE product_id = 'CR-7')`,
      );
    });
    expect(await queuedSearchDocuments()).toBe(1);
    const documentHas = async (word: string) => {
      const result = (await t.handle.db.execute(
        sql`SELECT s.doc @@ plainto_tsquery('simple', ${word}) AS has FROM product_search s
             JOIN products p ON p.id = s.product_id WHERE p.product_id = 'CR-7'`,
      )) as unknown as { rows: { has: boolean }[] };
      return result.rows[0].has;
    };
    expect(await documentHas('orphanedword')).toBe(false);

    await runImportQueue(deps());
    expect(await queuedSearchDocuments()).toBe(0);
    expect(await documentHas('orphanedword')).toBe(true);
    const found = await t.get('/api/search/?search_term=orphanedword');
    expect(
      found.json().data.products.data.map((p: { product_id: string }) => p.product_id),
    ).toEqual(['CR-7']);
  });
});

async function queuedSearchDocuments(): Promise<number> {
  const result = (await t.handle.db.execute(
    sql`SELECT count(*)::int AS count FROM product_search_pending`,
  )) as unknown as { rows: { count: number }[] };
  return result.rows[0].count;
}

/** SKUs like `pattern` with no search document (queued ones count as having one unless told). */
async function productsWithoutSearchDocument(
  pattern: string,
  options = { queuedCounts: true },
): Promise<string[]> {
  const result = (await t.handle.db.execute(
    sql`SELECT p.product_id AS sku FROM products p
         WHERE p.product_id LIKE ${pattern}
           AND NOT EXISTS (SELECT 1 FROM product_search s WHERE s.product_id = p.id)
           AND NOT (${options.queuedCounts}
                    AND EXISTS (SELECT 1 FROM product_search_pending q WHERE q.product_id = p.id))`,
  )) as unknown as { rows: { sku: string }[] };
  return result.rows.map((r) => r.sku);
}

describe('catalogue export', () => {
  it('exports the catalogue in the import format, and importing it back changes nothing', async () => {
    const exported = await t.get('/api/admin/catalogue/export.csv', staff);
    expect(exported.statusCode).toBe(200);
    const template = await t.get('/api/admin/imports/template.csv', staff);
    expect(exported.body.split('\n')[0]).toBe(template.body.trim());
    const job = await importFile({ name: 'export.csv', data: exported.body });
    expect(job.errors).toEqual([]);
    expect(job, JSON.stringify(job.groups)).toMatchObject({
      status: 'done',
      created: 0,
      updated: 0,
    });
    expect(job.unchanged).toBe(job.rows_total);

    const history = await t.get('/api/admin/imports', staff);
    expect(history.json().imports[0]).toMatchObject({ id: job.id, file_name: 'export.csv' });
  });

  it('writes formula-like texts neutralised, and importing the export back gives the identical catalogue', async () => {
    const { rows } = (await t.handle.db.execute(
      sql`SELECT id, product_id AS sku FROM products ORDER BY id LIMIT 3`,
    )) as unknown as { rows: { id: number; sku: string }[] };
    const hostile: Array<[number, Record<'en' | 'fr' | 'es', string>, string]> = [
      [0, { en: '=HYPERLINK("http://x","y")', fr: "'=already quoted", es: '@SUM(A1:A9)' }, '+1+1'],
      [1, { en: "-2+3+cmd|' /C calc'!A0", fr: "'plain quote", es: '＝1' }, '-5'],
      [2, { en: 'Ribbon = 5 m', fr: "''two quotes", es: '-' }, "'"],
    ];
    for (const [i, names, brand] of hostile) {
      const id = rows[i].id;
      for (const lang of ['en', 'fr', 'es'] as const)
        await t.handle.db.execute(
          sql`UPDATE product_translations SET name = ${names[lang]} WHERE product_id = ${id} AND lang = ${lang}`,
        );
      await t.handle.db.execute(sql`UPDATE products SET brand = ${brand} WHERE id = ${id}`);
    }
    const before = await Promise.all(rows.map((r) => product(r.sku)));

    const exported = await t.get('/api/admin/catalogue/export.csv', staff);
    expect(exported.body).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(exported.body).toContain(`"'+1+1"`);
    expect(exported.body).toContain(`"''=already quoted"`);
    const cells = (parseCsv(exported.body) as string[][]).flat();
    expect(cells.filter((c) => /^[=+@\t\r＝]/.test(c) || /^-[^0-9]/.test(c))).toEqual([]);

    const job = await importFile({ name: 'export.csv', data: exported.body });
    expect(job.errors).toEqual([]);
    expect(job).toMatchObject({ status: 'done', created: 0, updated: 0 });
    expect(job.unchanged).toBe(job.rows_total);
    expect(await Promise.all(rows.map((r) => product(r.sku)))).toEqual(before);
  });
});
