import { sql } from 'drizzle-orm';
import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { importFile, product, staff, t, useImportTestApp } from './import.test-app';

useImportTestApp();

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
