import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { searchIndexBuilt } from './search.index-holder';
import relevanceSet from './relevance/relevance-set.json';

/**
 * Search quality over a fixed relevance set (relevance/relevance-set.json): queries a buyer types in
 * three languages (cross-language words, typos, brands, SKUs, barcodes) and the products they expect
 * on page 1, defined by what the products are (category, colour, size, brand), never by what the
 * engine answers. Precision at 10 = relevant results among the first 10 / min(10, relevant products).
 */
type Want = { cat?: string[]; colour?: string; size?: string; brand?: string; sku?: string };
type Query = { kind: string; lang: string; q: string; want: Want };
type Product = { sku: string; cat: string; colour: string; size: string; brand: string };

/** Lowest mean precision at 10 accepted (measured 2026-11-23; docs/decisions/020-search-design.md). */
const PRECISION_FLOOR = 0.9;
/** No single kind of query may fall below this. */
const KIND_FLOOR = 0.75;

/** The same set through both engines: PostgreSQL alone (SEARCH_INDEX=off) and the in-process index. */
const engines = { postgres: 'off', 'in-process index': 'on' } as const;
const apps = new Map<string, TestApp>();
let catalogue: Product[];

beforeAll(async () => {
  for (const [engine, flag] of Object.entries(engines)) {
    const app = await createTestApp({ seed: relevanceSet.catalogue, env: { SEARCH_INDEX: flag } });
    apps.set(engine, app);
    if (flag === 'on') expect(await searchIndexBuilt(app.app)).not.toBeNull();
  }
  const t = apps.get('postgres')!;
  const { rows } = await t.handle.db.execute<Record<string, string | null>>(
    `select p.product_id, c.cat_code, p.colour, p.size, p.brand
       from products p join categories c on c.id = p.category_id
      where p.active and p.sold_ca` as never,
  );
  catalogue = rows.map((r) => ({
    sku: String(r.product_id),
    cat: String(r.cat_code),
    colour: r.colour ?? '',
    size: r.size ?? '',
    brand: r.brand ?? '',
  }));
}, 300_000);
afterAll(async () => {
  await Promise.all([...apps.values()].map((app) => app.close()));
});

function relevantTo(want: Want): Set<string> {
  const inCat = (cat: string) =>
    !want.cat || want.cat.some((code) => cat === code || cat.startsWith(`${code}-`));
  return new Set(
    catalogue
      .filter(
        (p) =>
          (!want.sku || p.sku === want.sku) &&
          inCat(p.cat) &&
          (!want.colour || p.colour === want.colour) &&
          (!want.size || p.size === want.size) &&
          (!want.brand || p.brand === want.brand),
      )
      .map((p) => p.sku),
  );
}

async function firstTen(t: TestApp, query: Query): Promise<string[]> {
  const res = await t.inject({
    method: 'GET',
    url: `/api/search/?search_term=${encodeURIComponent(query.q)}&lang_code=${query.lang}&country=ca&pagination=25`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.products.data as Array<{ product_id: string }>)
    .slice(0, 10)
    .map((p) => p.product_id);
}

describe.each(Object.keys(engines))('search relevance set (%s)', (engine) => {
  it('holds its precision at 10 in every language and kind of query', async () => {
    const t = apps.get(engine)!;
    const queries = relevanceSet.queries as Query[];
    expect(queries.length).toBeGreaterThanOrEqual(100);
    const byKind = new Map<string, number[]>();
    const misses: string[] = [];
    for (const query of queries) {
      const relevant = relevantTo(query.want);
      expect(relevant.size, `no product fits "${query.q}"`).toBeGreaterThan(0);
      const top = await firstTen(t, query);
      const precision = top.filter((sku) => relevant.has(sku)).length / Math.min(10, relevant.size);
      if (query.want.sku) expect(top[0], `${query.q} ranks its product first`).toBe(query.want.sku);
      for (const key of [query.kind, `lang ${query.lang}`, 'all'])
        byKind.set(key, [...(byKind.get(key) ?? []), precision]);
      if (precision < 1)
        misses.push(`  ${precision.toFixed(2)}  [${query.lang}] ${query.q} → ${top.join(' ')}`);
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const report = [...byKind].map(([k, v]) => `${k}: ${mean(v).toFixed(3)} (${v.length})`);
    console.log(
      `search precision@10 (${engine})\n  ${report.join('\n  ')}\nbelow 1:\n${misses.join('\n')}`,
    );
    expect(mean(byKind.get('all')!)).toBeGreaterThanOrEqual(PRECISION_FLOOR);
    for (const [kind, values] of byKind)
      expect(mean(values), `precision@10 of ${kind}`).toBeGreaterThanOrEqual(KIND_FLOOR);
  }, 300_000);
});
