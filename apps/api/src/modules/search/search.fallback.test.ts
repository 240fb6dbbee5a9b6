import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertCatalogueFixtures } from '../../test/catalogue-fixtures';
import { prepareSearch } from './search.service';
import { FALLBACK_TEXT_CAP, searchProducts, type SearchInput } from './search.queries';

/*
 * The search in PostgreSQL (the fallback while the in-process index builds, is over its budget or
 * off) ranks at most FALLBACK_TEXT_CAP full-text matches: a broad word at a million products
 * matches ~100,000 documents. Under the cap it answers what it always did; over it, a subset of the
 * matches, each with its own score, in the same order, and exact codes are not capped.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await insertCatalogueFixtures(t);
});
afterAll(async () => {
  await t?.close();
});

const input = (text: string): SearchInput => ({
  ...prepareSearch(text),
  lang: 'en',
  country: 'ca',
});

describe('search in PostgreSQL: a bounded number of text matches ranked', () => {
  it('ranks at most the cap of full-text matches, each scored and ordered as uncapped', async () => {
    const all = await searchProducts(t.handle.db, input('button'));
    expect(all.length).toBeGreaterThan(2);
    expect(all.length).toBeLessThan(FALLBACK_TEXT_CAP);
    const capped = await searchProducts(t.handle.db, input('button'), 2);
    expect(capped).toHaveLength(2);
    const scoreOf = new Map(all.map((hit) => [hit.id, hit.score]));
    for (const hit of capped) expect(scoreOf.get(hit.id)).toBe(hit.score);
    const order = all.map((hit) => hit.id).filter((id) => capped.some((hit) => hit.id === id));
    expect(capped.map((hit) => hit.id)).toEqual(order);
  });

  it('keeps exact SKU and barcode hits above the capped text matches', async () => {
    const exact = await searchProducts(t.handle.db, input('BT-1001'), 1);
    expect(exact[0]?.score).toBe(100);
    expect(exact.filter((hit) => hit.score < 50).length).toBeLessThanOrEqual(1);
  });

  it('takes the smaller of a caller cap (suggestions) and its own', async () => {
    const all = await searchProducts(t.handle.db, input('button'));
    expect(await searchProducts(t.handle.db, { ...input('button'), textCap: 1 })).toHaveLength(1);
    expect(
      await searchProducts(t.handle.db, { ...input('button'), textCap: all.length + 5 }, 2),
    ).toHaveLength(2);
  });
});
