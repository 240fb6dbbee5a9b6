import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * A whole list in one file (docs/product/pricing.md "Importing and exporting a list"): the set-based
 * path creates, then finds unchanged, every entry of a large file. The entries are volume breaks:
 * each product from 1 up to BREAKS packs. NOTE: nothing here is timed against a target (tests do not
 * measure speed); the time is printed, and PRICE_IMPORT_PRODUCTS=5000 with DATABASE_URL set gives the
 * 100,000-entry reading recorded in bench/RESULTS.md.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const PRODUCTS = Number(process.env.PRICE_IMPORT_PRODUCTS ?? (onPostgres ? 500 : 100));
const BREAKS = 20;
const ENTRIES = PRODUCTS * BREAKS;

let t: TestApp;
let content: Record<string, string>;
let csv: string;

beforeAll(async () => {
  t = await createTestApp({ seed: { products: PRODUCTS }, ownDataDir: true });
  content = (await t.signIn({ role: 'staff', staffRoles: ['content'] })).headers;
  const { rows } = await t.handle.db.execute<{ sku: string }>(
    sql`SELECT product_id AS sku FROM products ORDER BY id`,
  );
  const lines = ['target,code,min_packs,fixed_price,percent_off,starts_on,ends_on'];
  for (const { sku } of rows)
    for (let packs = 1; packs <= BREAKS; packs += 1)
      lines.push(`product,${sku},${packs},${(10 - packs * 0.25).toFixed(2)},,,`);
  csv = lines.join('\n');
}, 600_000);
afterAll(() => t?.close());

async function importFile(listId: number, data: string) {
  const body = multipart([
    { name: 'file', filename: 'prices.csv', contentType: 'text/csv', data: Buffer.from(data) },
  ]);
  const started = performance.now();
  const res = await t.inject({
    method: 'POST',
    url: `/api/admin/price-lists/${listId}/import`,
    headers: { ...content, ...body.headers },
    payload: body.payload,
  });
  return { res, seconds: (performance.now() - started) / 1000 };
}

describe(`a ${ENTRIES.toLocaleString('en')}-entry list`, () => {
  it('imports every entry, then finds them all unchanged, and exports them all', async () => {
    const list = (
      await t.post('/api/admin/price-lists', content, { name: 'Scale', currency: 'CAD' })
    ).json();
    const first = await importFile(list.id, csv);
    expect(first.res.statusCode, first.res.body).toBe(200);
    expect(first.res.json()).toMatchObject({ created: ENTRIES, refused: 0 });
    const second = await importFile(list.id, csv);
    expect(second.res.json()).toMatchObject({ created: 0, unchanged: ENTRIES });
    const exported = await t.get(`/api/admin/price-lists/${list.id}/export`, content);
    expect(exported.body.trim().split('\n')).toHaveLength(ENTRIES + 1);
    console.info(
      `price list import, ${ENTRIES} entries on ${onPostgres ? 'PostgreSQL' : 'PGlite'}: ` +
        `${first.seconds.toFixed(1)} s new, ${second.seconds.toFixed(1)} s unchanged`,
    );
  }, 300_000);
});
