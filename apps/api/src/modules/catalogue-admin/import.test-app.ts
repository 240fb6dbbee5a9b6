import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import yazl from 'yazl';
import { productPrices, products, productTranslations } from '../../db/schema';
import { multipart, type MultipartPart } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { importDeps } from './import.service';
import { runImportQueue, type ImportRunOptions } from './import.worker';

/**
 * The test app of each catalogue import test file (import.test.ts, import.refusals.test.ts,
 * import.runs.test.ts, import.export.test.ts) and the uploads they make. NOTE: exported `let`s are
 * live bindings, so a file reads the app its own beforeAll made (the API tests run with
 * isolate: false and share this module).
 */
export let t: TestApp;
export let staff: Record<string, string>;
export let buyer: Record<string, string>;
export let topCode: string;
export let subCode: string;
export let otherTop: string;
export const MAX_BYTES = 300_000;

/** Gives the calling test file its own app (30 products) with its own upload folder. */
export function useImportTestApp(): void {
  beforeAll(async () => {
    t = await createTestApp({
      seed: { products: 30 },
      ownDataDir: true,
      env: { IMPORT_MAX_BYTES: String(MAX_BYTES) },
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
  afterAll(() => t?.close());
}

export async function zipBytes(zip: yazl.ZipFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export const deps = () => importDeps(t.app);

export function upload(
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
export async function importFile(
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
export async function heartbeatMinutePasses() {
  await t.handle.db.execute(
    sql`update pgboss.job set heartbeat_on = now() - interval '61 seconds'
        where name = 'import' and state = 'active'`,
  );
  await (await t.app.jobQueue.boss()).supervise('import');
  await t.handle.db.execute(
    sql`update pgboss.job set start_after = now() where name = 'import' and state = 'retry'`,
  );
}

export const csv = (lines: string[]) => ({
  name: 'catalogue.csv',
  data: `${lines.join('\r\n')}\r\n`,
});

export async function product(sku: string) {
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

export const FULL_HEADER =
  'sku;barcode;category;subcategory;brand;class;ship_pack;name_en;name_fr;name_es;description_en;description_fr;description_es;price_ca;sale_price_ca;retail_ca;stock_ca;price_us;sale_price_us;retail_us;stock_us;active;image';
