import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsFor } from '../../test/audit-rows';
import { multipart } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * A price list's file and the ERP's upsert (docs/product/pricing.md "Importing and exporting a
 * list", "The ERP"): dry run, refusals with their errors file, round trip, replace; a scoped token.
 */

let t: TestApp;
let content: Record<string, string>;
let skus: string[];
let brand: string;
const LISTS = '/api/admin/price-lists';

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 30 }, ownDataDir: true });
  content = (await t.signIn({ role: 'staff', staffRoles: ['content'], lang: 'fr' })).headers;
  const { rows } = await t.handle.db.execute<{ sku: string; brand: string }>(
    sql`SELECT product_id AS sku, brand FROM products WHERE brand IS NOT NULL ORDER BY id LIMIT 5`,
  );
  skus = rows.map((r) => r.sku);
  brand = rows[0].brand;
});
afterAll(() => t.close());

const newList = async (name: string) =>
  (await t.post(LISTS, content, { name, currency: 'CAD' })).json() as { id: number };

function upload(
  listId: number,
  file: { name: string; data: Buffer | string; type?: string },
  fields: Record<string, string> = {},
) {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    {
      name: 'file',
      filename: file.name,
      contentType: file.type ?? 'text/csv',
      data: Buffer.from(file.data),
    },
  ]);
  return t.inject({
    method: 'POST',
    url: `${LISTS}/${listId}/import`,
    headers: { ...content, ...body.headers },
    payload: body.payload,
  });
}

const HEADER = 'target,code,min_packs,fixed_price,percent_off,starts_on,ends_on';
const entryCount = async (listId: number) =>
  (await t.get(`${LISTS}/${listId}/entries`, content)).json().total as number;

describe('price list import', () => {
  it('dry-runs a file: counts what it would create and lists refused rows, writing nothing', async () => {
    const list = await newList('Dry run');
    const csv = [
      HEADER,
      `product,${skus[0]},1,1.99,,,`,
      `product,${skus[1]},10,,12.5,2026-01-01,2026-03-31`,
      `brand,${brand},,,8,,`,
      `product,NO-SUCH,1,1.00,,,`,
      `product,${skus[2]},1,,150,,`,
      `product,${skus[3]},1,2.00,5,,`,
      `product,${skus[3]},1,1.00,,2026-05-02,2026-05-01`,
      `shelf,${skus[3]},1,1.00,,,`,
      `product,${skus[0]},1,1.50,,,`,
    ].join('\n');
    const res = await upload(list.id, { name: 'prices.csv', data: csv }, { dry_run: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ dry_run: true, rows: 9, created: 3, changed: 0, refused: 6 });
    expect(result.refusals).toEqual([
      expect.objectContaining({
        row: 5,
        column: 'code',
        message: 'sku NO-SUCH is not a product of this store',
      }),
      expect.objectContaining({ row: 6, column: 'percent_off' }),
      expect.objectContaining({ row: 7, column: 'percent_off' }),
      expect.objectContaining({ row: 8, column: 'ends_on' }),
      expect.objectContaining({ row: 9, column: 'target' }),
      expect.objectContaining({ row: 10, message: 'the same entry already appears on row 2' }),
    ]);
    expect(result.changes.map((c: { action: string }) => c.action)).toEqual([
      'create',
      'create',
      'create',
    ]);
    expect(await entryCount(list.id)).toBe(0);

    // The errors file: every refused row, in the staff member's language (French here).
    const errors = await upload(
      list.id,
      { name: 'prices.csv', data: csv },
      { errors_file: 'true' },
    );
    expect(errors.headers['content-type']).toContain('text/csv');
    expect(errors.body).toContain('ligne,colonne,valeur,message');
    expect(errors.body).toContain('le sku NO-SUCH n’est pas un produit de la boutique');
    expect(await entryCount(list.id)).toBe(0);
  });

  it('refuses a cell holding a text-direction control by row and column, shown as its code point', async () => {
    const list = await newList('Spoofed');
    const csv = [HEADER, `brand,${brand}\u202E,,,8,,`, `product,${skus[0]},1,1.99,,,`].join('\n');
    const res = await upload(list.id, { name: 'prices.csv', data: csv }, { dry_run: 'true' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 2, created: 1, refused: 1 });
    expect(res.json().refusals).toEqual([
      expect.objectContaining({
        row: 2,
        column: 'code',
        value: `${brand}[U+202E]`,
        message: expect.stringContaining('code must not contain text-direction control'),
      }),
    ]);
    const errors = await upload(
      list.id,
      { name: 'prices.csv', data: csv },
      { errors_file: 'true' },
    );
    expect(errors.body).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(errors.body).toContain(`${brand}[U+202E]`);
  });

  it('imports for real, then the same file again changes nothing; the export imports back unchanged', async () => {
    const list = await newList('Round trip');
    const csv = [HEADER, `product,${skus[0]},1,1.99,,,`, `brand,${brand},5,,8,,2026-12-31`].join(
      '\n',
    );
    const first = (await upload(list.id, { name: 'p.csv', data: csv })).json();
    expect(first).toMatchObject({ dry_run: false, created: 2, changed: 0, unchanged: 0 });
    const again = (await upload(list.id, { name: 'p.csv', data: csv })).json();
    expect(again).toMatchObject({ created: 0, changed: 0, unchanged: 2 });
    const changed = csv.replace('1.99', '1.89');
    expect((await upload(list.id, { name: 'p.csv', data: changed })).json()).toMatchObject({
      created: 0,
      changed: 1,
      unchanged: 1,
    });
    const exported = await t.get(`${LISTS}/${list.id}/export`, content);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain(`price-list-${list.id}.csv`);
    expect(exported.body.split('\n')[0]).toBe(HEADER);
    expect(exported.body).toContain(`product,${skus[0]},1,1.89,,,`);
    const back = (await upload(list.id, { name: 'back.csv', data: exported.body })).json();
    expect(back).toMatchObject({ created: 0, changed: 0, unchanged: 2, refused: 0 });
    const audit = await auditRowsFor(t.handle.db, 'price_list', list.id);
    expect(audit.filter((a) => a.action === 'price_list.import')).toHaveLength(4);
  });

  it('reads a workbook, exports one, and with replace removes what the file leaves out', async () => {
    const list = await newList('Workbook');
    await upload(list.id, {
      name: 'p.csv',
      data: [HEADER, `product,${skus[0]},1,1.99,,,`, `product,${skus[1]},1,2.99,,,`].join('\n'),
    });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('prices');
    sheet.addRow(HEADER.split(','));
    sheet.addRow(['product', skus[0], 1, '1.99', '', '', '']);
    sheet.addRow(['product', skus[2], 3, '', 10, '2026-02-01', '']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const dry = (
      await upload(list.id, { name: 'p.xlsx', data, type }, { replace: 'true', dry_run: 'true' })
    ).json();
    expect(dry).toMatchObject({ created: 1, unchanged: 1, removed: 1 });
    expect(await entryCount(list.id)).toBe(2);
    const real = (
      await upload(list.id, { name: 'p.xlsx', data, type }, { replace: 'true' })
    ).json();
    expect(real).toMatchObject({ created: 1, unchanged: 1, removed: 1, refused: 0 });
    const codes = (await t.get(`${LISTS}/${list.id}/entries`, content))
      .json()
      .data.map((e: { code: string }) => e.code);
    expect(codes.sort()).toEqual([skus[0], skus[2]].sort());
    const xlsx = await t.inject({
      method: 'GET',
      url: `${LISTS}/${list.id}/export?format=xlsx`,
      headers: content,
    });
    expect(xlsx.headers['content-type']).toBe(type);
    // The exported workbook imports back unchanged.
    const back = await upload(list.id, { name: 'back.xlsx', data: xlsx.rawPayload, type });
    expect(back.json()).toMatchObject({ created: 0, changed: 0, unchanged: 2, refused: 0 });
  });

  it('refuses a file that is not one: wrong extension, unknown column, binary CSV, no file', async () => {
    const list = await newList('Refused files');
    const wrong = await upload(list.id, { name: 'p.pdf', data: 'x' });
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().error.fields).toHaveProperty('file');
    const column = await upload(list.id, { name: 'p.csv', data: 'target,code,colour\n' });
    expect(column.statusCode).toBe(400);
    expect(column.json().error.fields.file).toContain('Unknown column "colour"');
    const noCode = await upload(list.id, { name: 'p.csv', data: 'target,fixed_price\n' });
    expect(noCode.json().error.fields.file).toBe('The header has no code column');
    const binary = await upload(list.id, { name: 'p.csv', data: Buffer.from([0, 1, 2, 3]) });
    expect(binary.statusCode).toBe(415);
    const fieldsOnly = multipart([{ name: 'dry_run', value: 'true' }]);
    const none = await t.inject({
      method: 'POST',
      url: `${LISTS}/${list.id}/import`,
      headers: { ...content, ...fieldsOnly.headers },
      payload: fieldsOnly.payload,
    });
    expect(none.statusCode).toBe(400);
    expect((await upload(999999, { name: 'p.csv', data: `${HEADER}\n` })).statusCode).toBe(404);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'imports'))).toEqual([]);
  });
});

describe('the ERP upsert', () => {
  let erp: Record<string, string>;
  let catalogueOnly: Record<string, string>;
  beforeAll(async () => {
    const admin = (await t.signIn({ role: 'staff' })).headers;
    const token = async (scopes: string[]) => ({
      authorization: `Bearer ${(await t.post('/api/admin/integrations/tokens', admin, { name: scopes.join(' '), scopes })).json().secret}`,
    });
    erp = await token(['prices:write']);
    catalogueOnly = await token(['catalogue:write']);
  });
  const url = (id: number) => `/api/integrations/price-lists/${id}/entries`;

  it('creates and updates by key; repeating the call changes nothing; replace removes the rest', async () => {
    const list = await newList('ERP');
    const entries = [
      { target: 'product', code: skus[0], kind: 'fixed', unit_cents: 199 },
      { target: 'product', code: skus[0], min_packs: 10, kind: 'fixed', unit_cents: 179 },
      { target: 'brand', code: brand, kind: 'percent_off', basis_points: 500 },
    ];
    const first = await t.put(url(list.id), erp, { entries });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ created: 3, changed: 0, unchanged: 0, removed: 0 });
    expect((await t.put(url(list.id), erp, { entries })).json()).toEqual({
      created: 0,
      changed: 0,
      unchanged: 3,
      removed: 0,
    });
    const replaced = await t.put(url(list.id), erp, {
      entries: [{ ...entries[0], unit_cents: 189 }],
      replace: true,
    });
    expect(replaced.json()).toEqual({ created: 0, changed: 1, unchanged: 0, removed: 2 });
    const audit = await auditRowsFor(t.handle.db, 'price_list', list.id);
    expect(audit.at(-1)).toMatchObject({ actor_user_id: null, action: 'price_list.entries_sync' });
  });

  it('is all or none: an unknown SKU refuses the call naming entries.N.code', async () => {
    const list = await newList('ERP refused');
    const res = await t.put(url(list.id), erp, {
      entries: [
        { target: 'product', code: skus[0], kind: 'fixed', unit_cents: 100 },
        { target: 'product', code: 'GHOST', kind: 'fixed', unit_cents: 100 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      'entries.1.code': 'sku GHOST is not a product of this store',
    });
    expect(await entryCount(list.id)).toBe(0);
    const bad = await t.put(url(list.id), erp, {
      entries: [{ target: 'product', code: skus[0], kind: 'percent_off', basis_points: 0 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['entries.0.basis_points']);
  });

  it('refuses a token without prices:write (403), guests (401), and an unknown list (404)', async () => {
    const list = await newList('ERP scope');
    const body = { entries: [] };
    expect((await t.put(url(list.id), catalogueOnly, body)).statusCode).toBe(403);
    expect((await t.put(url(list.id), {}, body)).statusCode).toBe(401);
    expect((await t.put(url(999999), erp, body)).statusCode).toBe(404);
    // The token reaches the ERP's route only, not the staff screens.
    expect((await t.get(LISTS, erp)).statusCode).toBe(401);
  });
});
