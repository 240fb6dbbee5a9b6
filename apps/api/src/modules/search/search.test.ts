import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PRICED_FIELDS } from '@wholesale/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { allKeys, insertCatalogueFixtures } from '../../test/catalogue-fixtures';

let t: TestApp;
let ca: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  await insertCatalogueFixtures(t);
  ca = (await t.signIn({ country: 'ca' })).headers;
});
afterAll(async () => {
  await t?.close();
});

async function search(term: string, lang = '', extra = '', headers: Record<string, string> = {}) {
  const res = await t.inject({
    method: 'GET',
    url: `/api/search/?search_term=${encodeURIComponent(term)}&lang_code=${lang}${extra}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.status).toBe(true);
  return body.data as {
    products: {
      data: Array<{ product_id: string; name: string }>;
      total: number;
      current_page: number;
      last_page: number;
      per_page: number;
    };
    categories: Array<{ cat_code: string; category: string }>;
  };
}

const ids = (data: Awaited<ReturnType<typeof search>>) =>
  data.products.data.map((p) => p.product_id);

describe('GET /api/search/ — relevance in three languages', () => {
  it('finds words in English with stemming (buttons → button) and answers in English for an empty lang_code', async () => {
    const data = await search('wooden buttons');
    expect(ids(data)[0]).toBe('BT-1001');
    expect(data.products.data[0].name).toBe('Wooden button 15 mm, red');
  });

  it('ranks a search once whatever its letter case: the hit list is cached under the lower-case text', async () => {
    const hits = () => t.app.caches.stats()['catalogue.search'];
    const first = await search('Wooden Buttons');
    const before = hits();
    const again = await search('wOODEN bUTTONS');
    expect(ids(again)).toEqual(ids(first));
    expect(hits().hits).toBe(before.hits + 1);
    expect(hits().misses).toBe(before.misses);
  });

  it('is accent-insensitive in Spanish: boton finds botón, algodon finds algodón', async () => {
    const data = await search('boton madera', 'es');
    expect(ids(data)[0]).toBe('BT-1001');
    expect(data.products.data[0].name).toBe('Botón de madera 15 mm, rojo');
    expect(ids(await search('hilo algodon', 'es'))).toEqual(['TH-2001']);
    expect(ids(await search('BOTÓN de COCO', 'es'))).toContain('BT-1003');
  });

  it('finds French words with or without accents and answers in French', async () => {
    const data = await search('fil coton', 'fr');
    expect(ids(data)).toEqual(['TH-2001']);
    expect(data.products.data[0].name).toBe('Fil de coton, blanc');
    expect(ids(await search('chemise modele 7', 'fr'))[0]).toBe('BT-3007');
    expect(ids(await search('modèle', 'fr')).length).toBe(25);
  });

  it('tolerates typos through trigram similarity (buttn, cottn, plastik)', async () => {
    expect(ids(await search('buttn'))).toContain('BT-1001');
    expect(ids(await search('cottn thred'))).toContain('TH-2001');
    expect(ids(await search('botnes plastico', 'es'))).toContain('BT-1002');
  });

  it('ranks an exact product id first, then prefixes, case-insensitively', async () => {
    expect(ids(await search('BT-1002'))[0]).toBe('BT-1002');
    expect(ids(await search('bt-1002'))[0]).toBe('BT-1002');
    const prefix = ids(await search('BT-100'));
    expect(prefix.slice(0, 3).sort()).toEqual(['BT-1001', 'BT-1002', 'BT-1003']);
  });

  it('finds a barcode exactly or by prefix', async () => {
    expect(ids(await search('060000765432'))[0]).toBe('BT-1002');
    expect(ids(await search('06000012'))[0]).toBe('BT-1001');
  });

  it('orders by relevance: a name match beats a description-only match', async () => {
    const data = await search('shirt button');
    expect(data.products.total).toBe(30);
    expect(ids(data).every((id) => id.startsWith('BT-30'))).toBe(true);
  });

  it('paginates with the page sizes of docs/product/search.md and answers an empty page past the end', async () => {
    const first = await search('shirt', '', '&pagination=25');
    expect(first.products).toMatchObject({ total: 30, last_page: 2, per_page: 25 });
    const second = await search('shirt', '', '&page=2');
    expect(second.products.data).toHaveLength(5);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(30);
    const past = await search('shirt', '', '&page=9');
    expect(past.products).toMatchObject({ data: [], total: 30, current_page: 9 });
    const bad = await t.inject({
      method: 'GET',
      url: '/api/search/?search_term=shirt&pagination=33',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toContain('pagination');
  });

  it('strips HTML from names and never returns inactive products', async () => {
    const data = await search('snap fastener');
    expect(data.products.data[0]).toMatchObject({ product_id: 'TH-2002', name: 'Snap fastener' });
    expect(ids(await search('retired thread'))).not.toContain('TH-9999');
  });

  it('filters by country and shows prices only to signed-in customers', async () => {
    expect(ids(await search('plastic', '', '&country=us'))).toEqual([]);
    const guest = await search('cotton');
    for (const f of PRICED_FIELDS) expect(allKeys(guest).has(f)).toBe(false);
    const buyer = await search('cotton', '', '', ca);
    expect(buyer.products.data[0]).toMatchObject({
      product_id: 'TH-2001',
      selling_price: 1.5,
      available: 40,
    });
  });

  it('also answers matching categories in the language', async () => {
    const data = await search('botones', 'es');
    expect(data.categories.map((c) => c.cat_code)).toEqual(
      expect.arrayContaining(['BT', 'BT-WD', 'BT-PL']),
    );
    expect(data.categories.find((c) => c.cat_code === 'BT-PL')?.category).toBe(
      'Botones de plástico',
    );
    expect((await search('zippers')).categories).toEqual([]);
  });
});

describe('GET /api/search/ — hostile input is answered cleanly', () => {
  const hostile = [
    `"'; drop table products; --`,
    `it's "quoted`,
    '100%',
    '%',
    '_',
    '\\',
    'back\\slash\\',
    '& | ! ( ) : * <->',
    '<script>alert(1)</script>',
    '   ',
    '',
    '😀 emoji',
    'x'.repeat(10_000),
    'button '.repeat(2000),
  ];
  for (const term of hostile) {
    it(`answers 200 for ${JSON.stringify(term.slice(0, 40))}${term.length > 40 ? '…' : ''}`, async () => {
      const data = await search(term);
      expect(Array.isArray(data.products.data)).toBe(true);
      expect(data.products.total).toBeGreaterThanOrEqual(0);
    });
  }

  it('does not treat % or _ as wildcards in product ids', async () => {
    expect(ids(await search('BT-%'))).toEqual([]);
    expect(ids(await search('BT_1001'))).not.toContain('BT-1002');
  });

  it('answers an empty result for a missing search_term', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/search/' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.products.total).toBe(0);
  });
});

describe('GET /api/search/suggest', () => {
  it('suggests products by prefix and categories while typing, without prices', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/search/suggest?q=bot&lang_code=es',
      headers: ca,
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.products.length).toBeGreaterThan(0);
    expect(data.products.length).toBeLessThanOrEqual(6);
    expect(data.products[0]).toHaveProperty('image');
    expect(data.categories[0].category).toMatch(/^Botones/);
    for (const f of PRICED_FIELDS) expect(allKeys(data).has(f)).toBe(false);
  });

  it('answers nothing for one character and cleanly for hostile text', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/search/suggest?q=b' })).json().data).toEqual(
      { products: [], categories: [] },
    );
    const res = await t.inject({
      method: 'GET',
      url: `/api/search/suggest?q=${encodeURIComponent('%\'\\"' + 'y'.repeat(5000))}`,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/search/ — every language, the interface language first (docs/product/search.md)', () => {
  it('finds a product by a word of another language and names it in the interface language', async () => {
    const fromFrench = await search('bouton bois');
    expect(ids(fromFrench)[0]).toBe('BT-1001');
    expect(fromFrench.products.data[0].name).toBe('Wooden button 15 mm, red');
    const fromEnglish = await search('wooden button', 'fr');
    expect(ids(fromEnglish)[0]).toBe('BT-1001');
    expect(fromEnglish.products.data[0].name).toBe('Bouton en bois 15 mm, rouge');
    expect(ids(await search('botón', 'en'))).toContain('BT-1001');
    expect(ids(await search('cotton thread', 'es'))).toEqual(['TH-2001']);
  });

  it('answers categories named in any language, in the interface language', async () => {
    const data = await search('boutons');
    expect(data.categories.find((c) => c.cat_code === 'BT-WD')?.category).toBe('Wooden buttons');
  });

  it('ranks a match in the interface language above the same word in another language', async () => {
    const db = t.handle.db;
    const { rows } = await db.execute<{ id: number }>(sql`
      insert into products (product_id, class_code, category_id, brand)
      select code, 'A', (select id from categories where cat_code = 'BT-PL'), 'Zenith'
        from (values ('ZZ-0001'), ('ZZ-0002')) v(code) order by code
      returning id`);
    const [english, spanish] = rows.map((r) => Number(r.id));
    await db.execute(sql`
      insert into product_translations (product_id, lang, name) values
        (${english}, 'en', 'Lino marker'), (${english}, 'fr', 'Marqueur'), (${english}, 'es', 'Marcador'),
        (${spanish}, 'en', 'Flax swatch'), (${spanish}, 'fr', 'Échantillon'), (${spanish}, 'es', 'Muestra de lino')`);
    await db.execute(sql`
      insert into product_prices (product_id, country, retail_price_cents, selling_price_cents, available)
      values (${english}, 'ca', 200, 100, 5), (${spanish}, 'ca', 200, 100, 5)`);
    expect(ids(await search('lino', 'en'))).toEqual(['ZZ-0001', 'ZZ-0002']);
    expect(ids(await search('lino', 'es'))).toEqual(['ZZ-0002', 'ZZ-0001']);
  });

  it('keeps the search document fresh when a name or a brand changes, and finds brands', async () => {
    const db = t.handle.db;
    expect(ids(await search('zenith'))).toEqual(['ZZ-0001', 'ZZ-0002']);
    await db.execute(
      sql`update product_translations set name = 'Quokka swatch' where lang = 'en' and product_id = (select id from products where product_id = 'ZZ-0002')`,
    );
    await db.execute(sql`update products set brand = 'Orbital' where product_id = 'ZZ-0001'`);
    // The service's caches are bypassed: these are database writes made outside it (an import).
    // The search index hears of them through the change feed, a moment later on a server.
    const feed = { timeout: 10_000, interval: 20 };
    await expect.poll(async () => ids(await search('quokka', 'fr')), feed).toEqual(['ZZ-0002']);
    await expect.poll(async () => ids(await search('orbital', 'es')), feed).toEqual(['ZZ-0001']);
    await expect.poll(async () => ids(await search('flax')), feed).toEqual([]);
  });
});
