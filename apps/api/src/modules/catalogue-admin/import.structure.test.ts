import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, type MultipartPart } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { importDeps } from './import.service';
import { runImportQueue } from './import.worker';

/** A fresh store (no categories, classes or brands) importing its first catalogue. */
let t: TestApp;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: false, ownDataDir: true });
  staff = (await t.signIn({ role: 'staff', staffRoles: ['content'] })).headers;
});
afterAll(() => t.close());

const FILE = [
  'sku,category,subcategory,class,brand,name_en,price_ca,stock_ca',
  'FR-1,BT,BT-WD,A,Acme Threads,Wooden button,1.00,5',
  'FR-2,BT,BT-WD,A,Acme Threads,Wooden button 2,1.00,5',
  'FR-3,TH,,B,,Thread,2.00,5',
  // Refused for its price: what only it names is not created.
  'FR-4,ZZ,,C,Ghost,Ghost,abc,1',
  'FR-5,bad code,,A,,Bad code,1.00,1',
].join('\r\n');

async function runImport(options: { dryRun?: boolean; createMissing?: boolean }, file = FILE) {
  const parts: MultipartPart[] = [
    { name: 'file', filename: 'first.csv', contentType: 'text/csv', data: Buffer.from(file) },
  ];
  if (options.dryRun) parts.push({ name: 'dry_run', value: 'true' });
  if (options.createMissing) parts.push({ name: 'create_missing', value: 'true' });
  const form = multipart(parts);
  const res = await t.post('/api/admin/imports', { ...form.headers, ...staff }, form.payload);
  expect(res.statusCode, res.body).toBe(202);
  await runImportQueue(importDeps(t.app));
  return (await t.get(`/api/admin/imports/${res.json().import_id}`, staff)).json();
}

const count = async (table: 'categories' | 'class_codes' | 'brands' | 'products') =>
  Number(
    (
      (await t.handle.db.execute(
        sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0].n,
  );

const EXPECTED = [
  { kind: 'category', code: 'BT', level: 1, parent: null, name: 'BT' },
  { kind: 'category', code: 'BT-WD', level: 2, parent: 'BT', name: 'BT-WD' },
  { kind: 'brand', code: 'ACME-THREADS', level: null, parent: null, name: 'Acme Threads' },
  { kind: 'class', code: 'A', level: null, parent: null, name: 'A' },
  { kind: 'category', code: 'TH', level: 1, parent: null, name: 'TH' },
  { kind: 'class', code: 'B', level: null, parent: null, name: 'B' },
];

describe('catalogue import: create unknown categories, classes and brands', () => {
  it('without the option, keeps refusing unknown codes', async () => {
    const job = await runImport({});
    expect(job).toMatchObject({ status: 'done', created: 0, create_missing: false, structure: [] });
    expect(job.errors.map((e: { column: string }) => e.column)).toContain('category');
    expect(job.errors[0].message).toBe('category BT is not a known top-level category code');
    expect(await count('categories')).toBe(0);
  });

  it('a dry run lists what it would create (codes, level, parent) and creates nothing', async () => {
    const job = await runImport({ dryRun: true, createMissing: true });
    expect(job).toMatchObject({ status: 'done', dry_run: true, create_missing: true, created: 3 });
    expect(job.structure).toEqual(EXPECTED);
    const refused = job.errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`);
    expect(refused).toEqual(['5:price_ca', '6:category']);
    expect(job.errors[1].message).toBe(
      'category must be 1 to 32 capital letters, digits, - or _, starting with a letter or digit',
    );
    expect(await count('categories')).toBe(0);
    expect(await count('class_codes')).toBe(0);
    expect(await count('brands')).toBe(0);
  });

  it('the real run creates them with the rows, files products under them, and audits each', async () => {
    const job = await runImport({ createMissing: true });
    expect(job).toMatchObject({ status: 'done', created: 3, structure: EXPECTED });
    expect(await count('categories')).toBe(3);
    expect(await count('class_codes')).toBe(2);
    expect(await count('brands')).toBe(1);
    const rows = (await t.handle.db.execute(
      sql`SELECT p.product_id, c.cat_code, c.level, parent.cat_code AS parent FROM products p
          JOIN categories c ON c.id = p.category_id LEFT JOIN categories parent ON parent.id = c.parent_id
          ORDER BY p.product_id`,
    )) as unknown as { rows: Record<string, unknown>[] };
    expect(rows.rows).toEqual([
      { product_id: 'FR-1', cat_code: 'BT-WD', level: 2, parent: 'BT' },
      { product_id: 'FR-2', cat_code: 'BT-WD', level: 2, parent: 'BT' },
      { product_id: 'FR-3', cat_code: 'TH', level: 1, parent: null },
    ]);
    const audit = (await t.handle.db.execute(
      sql`SELECT action, subject_id FROM audit_log WHERE action LIKE '%.create' ORDER BY id`,
    )) as unknown as { rows: { action: string; subject_id: string }[] };
    expect(audit.rows.map((r) => `${r.action} ${r.subject_id}`)).toEqual([
      'category.create BT',
      'category.create BT-WD',
      'brand.create ACME-THREADS',
      'product_class.create A',
      'category.create TH',
      'product_class.create B',
    ]);
    // The same file again: everything is known now, nothing more is created.
    const again = await runImport({ createMissing: true });
    expect(again).toMatchObject({ created: 0, unchanged: 3, structure: [] });
  });
});

describe('catalogue import: what it creates holds no text-direction control', () => {
  const direction = (column: string) =>
    `${column} must not contain text-direction control characters (U+202A–U+202E, U+2066–U+2069)`;
  const file = [
    'sku,category,class,brand,name_en,price_ca,stock_ca',
    'DIR-1,BT,A,Acme\u202E Threads,Spoofed brand,1.00,5',
    'DIR-2,NEW\u2066,A,,Spoofed category,1.00,5',
    'DIR-3,BT,N\u202A,,Spoofed class,1.00,5',
    'DIR-4,RTL,A,חוטי \u200Fالنور,Right-to-left brand,1.00,5',
  ].join('\r\n');

  it('refuses the row naming its column, creates nothing for it, and creates right-to-left names', async () => {
    const brandsBefore = await count('brands');
    const job = await runImport({ createMissing: true }, file);
    expect(job).toMatchObject({ status: 'done', created: 1 });
    expect(job.errors).toEqual([
      { row: 2, column: 'brand', value: 'Acme[U+202E] Threads', message: direction('brand') },
      { row: 3, column: 'category', value: 'NEW[U+2066]', message: direction('category') },
      { row: 4, column: 'class', value: 'N[U+202A]', message: direction('class') },
    ]);
    expect(job.structure).toEqual([
      { kind: 'category', code: 'RTL', level: 1, parent: null, name: 'RTL' },
      expect.objectContaining({ kind: 'brand', name: 'חוטי \u200Fالنور' }),
    ]);
    expect(await count('brands')).toBe(brandsBefore + 1);
    const names = (await t.handle.db.execute(
      sql`SELECT name FROM brands WHERE name ~ '[\u202A-\u202E\u2066-\u2069]'`,
    )) as unknown as { rows: unknown[] };
    expect(names.rows).toEqual([]);
  });
});
