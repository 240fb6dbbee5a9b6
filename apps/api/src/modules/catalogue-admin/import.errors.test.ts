import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/multipart';
import { expectRefused } from '../../test/refused-calls';
import { createTestApp, type TestApp } from '../../test/test-app';
import { importDeps } from './import.service';
import { runImportQueue } from './import.worker';

let t: TestApp;
let staff: Record<string, string>;
let spanishStaff: Record<string, string>;
let buyer: Record<string, string>;
let jobId: number;
const REFUSED = 120;

/** Uploads a CSV as staff and runs the import to its end; answers the job id. */
async function importCsv(lines: string[]): Promise<number> {
  const form = multipart([
    {
      name: 'file',
      filename: 'catalogue.csv',
      contentType: 'text/csv',
      data: Buffer.from(`${lines.join('\r\n')}\r\n`),
    },
    { name: 'dry_run', value: 'true' },
  ]);
  const res = await t.post('/api/admin/imports', { ...form.headers, ...staff }, form.payload);
  expect(res.statusCode, res.body).toBe(202);
  await runImportQueue(importDeps(t.app));
  return res.json().import_id as number;
}

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 5 }, ownDataDir: true });
  staff = (await t.signIn({ role: 'staff', staffRoles: ['content'] })).headers;
  spanishStaff = (await t.signIn({ role: 'staff', staffRoles: ['content'], lang: 'es' })).headers;
  buyer = (await t.signIn({ country: 'ca' })).headers;
  const { rows } = (await t.handle.db.execute(
    sql`select cat_code from categories where parent_id is null order by id limit 1`,
  )) as unknown as { rows: { cat_code: string }[] };
  const top = rows[0].cat_code.trim();
  // Rows 2..121 each refused once (an unknown class); the last one's class looks like a formula.
  const lines = ['sku,category,class,name_en,price_ca,stock_ca'];
  for (let i = 1; i <= REFUSED; i += 1)
    lines.push(`ERRP-${i},${top},${i === REFUSED ? '=1+2' : `Z${i}`},Thing ${i},1.00,1`);
  jobId = await importCsv(lines);
});
afterAll(() => t.close());

const errorsPage = (query: Record<string, string>, headers = staff) =>
  t.inject({ method: 'GET', url: `/api/admin/imports/${jobId}/errors`, query, headers });

describe('GET /api/admin/imports/:id/errors (refused rows, a page at a time)', () => {
  it('answers 50 refused rows a page by default, in file order, with the refused value', async () => {
    const first = await errorsPage({});
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ total: REFUSED, current_page: 1, last_page: 3, per_page: 50 });
    expect(body.data).toHaveLength(50);
    expect(body.data.map((e: { row: number }) => e.row)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 2),
    );
    expect(body.data[0]).toMatchObject({ row: 2, column: 'class', value: 'Z1' });
    expect(body.data[0].message).toMatch(/^class Z1 is not a known class/);

    const last = (await errorsPage({ page: '3' })).json();
    expect(last.data).toHaveLength(REFUSED - 100);
    expect(last.data.at(-1)).toMatchObject({ row: REFUSED + 1, value: '=1+2' });
    const beyond = (await errorsPage({ page: '4' })).json();
    expect(beyond).toMatchObject({ data: [], total: REFUSED, current_page: 4 });
    const small = (await errorsPage({ page: '2', per_page: '7' })).json();
    expect(small.data.map((e: { row: number }) => e.row)).toEqual([9, 10, 11, 12, 13, 14, 15]);
  });

  it('refuses a page or size that is not a whole number in range, naming the field', async () => {
    for (const [query, field] of [
      [{ page: '0' }, 'page'],
      [{ page: 'two' }, 'page'],
      [{ per_page: '101' }, 'per_page'],
      [{ per_page: '0' }, 'per_page'],
      [{ per_page: '2.5' }, 'per_page'],
    ] as const) {
      const res = await errorsPage(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
    }
  });

  it('answers 404 for an unknown import, 401 to guests and 403 to buyers', async () => {
    const unknown = await t.get('/api/admin/imports/999999/errors', staff);
    expect(unknown.statusCode).toBe(404);
    expect((await t.get('/api/admin/imports/999999/errors.csv', staff)).statusCode).toBe(404);
    await expectRefused(
      t,
      [
        { method: 'GET', url: `/api/admin/imports/${jobId}/errors` },
        { method: 'GET', url: `/api/admin/imports/${jobId}/errors.csv` },
      ],
      buyer,
    );
  });
});

describe('GET /api/admin/imports/:id/errors.csv (the errors file)', () => {
  const csvOf = async (url: string, headers = staff) => {
    const res = await t.get(url, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`import-${jobId}-errors.csv`);
    return { body: res.body, rows: parseCsv(res.body) as string[][] };
  };

  it('has every refused row: row, column, value and message', async () => {
    const { rows } = await csvOf(`/api/admin/imports/${jobId}/errors.csv`);
    expect(rows[0]).toEqual(['row', 'column', 'value', 'message']);
    expect(rows).toHaveLength(REFUSED + 1);
    expect(rows[1].slice(0, 3)).toEqual(['2', 'class', 'Z1']);
    expect(rows[1][3]).toMatch(/^class Z1 is not a known class/);
  });

  it('writes a value that looks like a formula with the neutralising quote (csv-cells)', async () => {
    const { rows, body } = await csvOf(`/api/admin/imports/${jobId}/errors.csv`);
    expect(rows.at(-1)!.slice(0, 3)).toEqual([String(REFUSED + 1), 'class', "'=1+2"]);
    expect(body).not.toMatch(/(^|,)=1\+2/m);
  });

  it('speaks the staff member’s language, or the one asked for', async () => {
    const es = await csvOf(`/api/admin/imports/${jobId}/errors.csv`, spanishStaff);
    expect(es.rows[0]).toEqual(['fila', 'columna', 'valor', 'mensaje']);
    expect(es.rows[1][3]).toMatch(/^la clase Z1 no es una clase conocida/);
    const fr = await csvOf(`/api/admin/imports/${jobId}/errors.csv?lang=fr`);
    expect(fr.rows[0]).toEqual(['ligne', 'colonne', 'valeur', 'message']);
    expect(fr.rows[1][3]).toMatch(/^la classe Z1 n’est pas une classe connue/);
    const wrong = await t.get(`/api/admin/imports/${jobId}/errors.csv?lang=de`, staff);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('lang');
  });
});
