import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readSearchRows } from './search.index-source';
import { selectSearchRows, type SearchRow } from './search.queries';

/*
 * How a build reads the catalogue (search.index-source.ts): in ranges of ids, several statements
 * at once, answered in ascending id order whatever the ids' spread, each chunk no larger than asked.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 40, seed: 3 } });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** Every chunk a read answers, with the rows of all of them. */
async function readAll(options: { chunk: number; parallel: number }) {
  const chunks: SearchRow[][] = [];
  for await (const rows of readSearchRows(t.app.db, options)) chunks.push(rows);
  return { chunks, rows: chunks.flat() };
}

/** Every product as a refresh reads it, in id order. */
async function everyProduct(): Promise<SearchRow[]> {
  const ids = await t.handle.db.execute(sql`select id from products order by id`);
  return selectSearchRows(
    t.app.db,
    (ids.rows as { id: number }[]).map((r) => Number(r.id)),
  );
}

describe('readSearchRows', () => {
  it('reads every product once, in id order, in chunks no larger than asked', async () => {
    const expected = await everyProduct();
    expect(expected).toHaveLength(40);
    expect(expected.filter((row) => row.doc)).toHaveLength(40);
    for (const [chunk, parallel] of [
      [7, 1],
      [7, 3],
      [5000, 3],
    ]) {
      const { chunks, rows } = await readAll({ chunk, parallel });
      expect(rows, `${chunk} × ${parallel}`).toEqual(expected);
      expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(chunk);
      expect(chunks.every((c) => c.length > 0)).toBe(true);
    }
  });

  it('keeps chunks small and the order ascending when the ids are spread unevenly', async () => {
    // One product far above the others: ranges as wide as the average spread (here ~250,000 ids
    // for 7 products) would put all the dense ones in the first range.
    await t.handle.exec(`
      create temp table far as select * from products where id = (select max(id) from products);
      update far set id = 10000000, product_id = 'FAR-AWAY-1', barcode = null;
      insert into products select * from far;
      drop table far;`);
    const expected = await everyProduct();
    expect(expected.at(-1)?.id).toBe(10_000_000);
    const { chunks, rows } = await readAll({ chunk: 7, parallel: 2 });
    expect(rows).toEqual(expected);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(7);
  });

  it('answers nothing for an empty catalogue', async () => {
    const empty = await createTestApp();
    try {
      const chunks: SearchRow[][] = [];
      for await (const rows of readSearchRows(empty.app.db, { chunk: 7, parallel: 2 }))
        chunks.push(rows);
      expect(chunks).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});
