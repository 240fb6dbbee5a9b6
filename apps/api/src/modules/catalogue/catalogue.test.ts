import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICED_FIELDS } from '@wholesale/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { allKeys, insertCatalogueFixtures, SCRIPT_NAME } from '../../test/catalogue-fixtures';
import { sanitizeProductName } from './catalogue.dto';

let t: TestApp;
let fx: Awaited<ReturnType<typeof insertCatalogueFixtures>>;
let ca: Record<string, string>;
let us: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  fx = await insertCatalogueFixtures(t);
  ca = (await t.signIn({ country: 'ca' })).headers;
  us = (await t.signIn({ country: 'us' })).headers;
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() };
}

function codes(list: Array<{ product_id: string }>): string[] {
  return list.map((p) => p.product_id);
}

describe('guests never receive a price, stock or availability field', () => {
  const urls = [
    '/api/cadProducts?category=BT',
    '/api/usProducts',
    '/api/classCode?class_codes=F',
    '/api/displayProducts?category=TH',
    '/api/productDescription?product_id=BT-1001&country=ca',
    '/api/best/sellers',
    '/api/product_group/1',
    '/api/search/?search_term=button&lang_code=',
    '/api/search/suggest?q=butt',
    '/api/filter-options-by-category?category=BT',
    '/api/brands-by-category?category=BT',
    '/api/categories',
    '/api/displayCategories',
    '/api/class_codes',
  ];
  for (const url of urls) {
    it(`GET ${url}`, async () => {
      const { status, body } = await get(url);
      expect(status).toBe(200);
      expect(body.status).toBe(true);
      const keys = allKeys(body);
      for (const field of PRICED_FIELDS) expect(keys.has(field), `${field} in ${url}`).toBe(false);
    });
  }

  it('while a signed-in customer gets them on the same calls', async () => {
    for (const url of [
      '/api/cadProducts?category=BT',
      '/api/product_group/1',
      '/api/search/?search_term=button',
      '/api/best/sellers',
    ]) {
      const keys = allKeys((await get(url, ca)).body);
      for (const field of PRICED_FIELDS) expect(keys.has(field), `${field} in ${url}`).toBe(true);
    }
  });
});

describe('GET cadProducts / usProducts', () => {
  it('lists a category with its sub categories, 25 per page by default, ordered and unique by product_id', async () => {
    const { body } = await get('/api/cadProducts?name=Buttons&category=BT');
    expect(body.products).toMatchObject({ total: 33, current_page: 1, last_page: 2, per_page: 25 });
    expect(body.products.data).toHaveLength(25);
    const page2 = (await get('/api/cadProducts?category=BT&page=2')).body.products;
    expect(page2.data).toHaveLength(8);
    const all = [...codes(body.products.data), ...codes(page2.data)];
    expect(new Set(all).size).toBe(33);
    expect(all).toContain('BT-1003');
    expect(all).not.toContain('TH-2001');
  });

  it('shows signed-in customers their prices in dollars and stock in ship packs', async () => {
    const { body } = await get('/api/cadProducts?category=BT-PL&pagination=50', ca);
    const blue = body.products.data.find((p: { product_id: string }) => p.product_id === 'BT-1002');
    expect(blue).toMatchObject({
      country: 'ca',
      retail_price: 6,
      selling_price: 4,
      selling_price_2: 3.5,
      available: 5,
      class: 'Y',
      ship_pac: 1,
    });
    expect(blue.image).toBe('/images/products/BT-1002.jpg');
  });

  it('filters by country: usProducts only has products with a US price, and a US customer always sees US prices', async () => {
    const guest = (await get('/api/usProducts')).body.products;
    expect(codes(guest.data).sort()).toEqual(['BT-1001', 'TH-2001']);
    const usOnCad = (await get('/api/cadProducts?category=BT-WD', us)).body.products;
    expect(usOnCad.data).toHaveLength(1);
    expect(usOnCad.data[0]).toMatchObject({
      product_id: 'BT-1001',
      country: 'us',
      selling_price: 2.8,
      available: 3,
    });
  });

  it('answers names in the requested language (empty lang = English, sp = Spanish)', async () => {
    const name = async (lang: string) =>
      (await get(`/api/cadProducts?category=BT-WD-15&lang=${lang}`)).body.products.data[0].name;
    expect(await name('')).toBe('Wooden button 15 mm, red');
    expect(await name('fr')).toBe('Bouton en bois 15 mm, rouge');
    expect(await name('es')).toBe('Botón de madera 15 mm, rojo');
    expect(await name('sp')).toBe('Botón de madera 15 mm, rojo');
    expect((await get('/api/cadProducts?lang=de')).status).toBe(400);
  });

  it('filters by brand, colour, type and size (comma-separated values)', async () => {
    const acme = (await get('/api/cadProducts?category=BT&brand=Acme&pagination=100')).body
      .products;
    expect(acme.total).toBe(17);
    expect(acme.data.every((p: { brand: string }) => p.brand === 'Acme')).toBe(true);
    const both = (await get('/api/cadProducts?category=BT&brand=Acme,Bravo&color=Blue')).body
      .products;
    expect(codes(both.data)).toEqual(['BT-1002']);
    expect(
      (await get('/api/cadProducts?category=BT&type=Wooden&size=15%20mm')).body.products.total,
    ).toBe(1);
    expect((await get('/api/cadProducts?category=BT&brand=Nobody')).body.products).toMatchObject({
      total: 0,
      data: [],
      last_page: 1,
    });
  });

  it('accepts only the page sizes 25, 50, 75, 100, 125, 300 and names `pagination` otherwise', async () => {
    for (const size of [25, 50, 75, 100, 125, 300])
      expect((await get(`/api/cadProducts?pagination=${size}`)).status).toBe(200);
    for (const size of ['10', '0', '-25', 'abc', '1000']) {
      const { status, body } = await get(`/api/cadProducts?pagination=${size}`);
      expect(status).toBe(400);
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.error.fields)).toContain('pagination');
    }
    const bad = await get('/api/cadProducts?page=0');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toContain('page');
  });

  it('answers a page past the end with an empty page, not an error', async () => {
    const { status, body } = await get('/api/cadProducts?category=BT&page=99');
    expect(status).toBe(200);
    expect(body.products).toMatchObject({ data: [], total: 33, current_page: 99, last_page: 2 });
  });

  it('answers an unknown category with an empty list and leaves out inactive products', async () => {
    expect((await get('/api/cadProducts?category=NOPE')).body.products).toMatchObject({
      data: [],
      total: 0,
    });
    const threads = codes((await get('/api/cadProducts?category=TH')).body.products.data);
    expect(threads).toEqual(['TH-2001', 'TH-2002']);
  });

  it('stores names sanitised: a script in a name is gone, allowed markup stays', async () => {
    const item = (await get('/api/cadProducts?category=TH')).body.products.data[1];
    expect(item.name).toBe('Snap <b>fastener</b>');
    expect(item.name).not.toMatch(/script|onerror|<img/);
  });
});

describe('GET classCode', () => {
  it('limits a category listing to class codes', async () => {
    const newOnes = (await get('/api/classCode?category=BT&class_codes=F')).body.products;
    expect(codes(newOnes.data)).toEqual(['BT-1001']);
    const soonOrSale = (await get('/api/classCode?name=Buttons&class_codes=N,Y&country=ca')).body
      .products;
    expect(codes(soonOrSale.data).sort()).toEqual(['BT-1002', 'BT-1003']);
    expect((await get('/api/classCode?class_codes=F&country=us')).body.products.total).toBe(2);
  });
});

describe('GET productDescription', () => {
  it('answers the detail with description, category path, class label and related products', async () => {
    const { body } = await get('/api/productDescription?product_id=BT-1001&country=ca&lang=fr', ca);
    expect(body.data).toMatchObject({
      product_id: 'BT-1001',
      name: 'Bouton en bois 15 mm, rouge',
      description: 'À propos : Bouton en bois 15 mm, rouge',
      barcode: '060000123457',
      class_label: 'Nouveau',
      types: 'Videos,Patterns & Inspiration',
      selling_price: 3,
    });
    expect(body.data.categories.map((c: { cat_code: string }) => c.cat_code)).toEqual([
      'BT',
      'BT-WD',
      'BT-WD-15',
    ]);
    expect(body.data.related.length).toBeGreaterThan(0);
    expect(codes(body.data.related)).not.toContain('BT-1001');
    expect(codes(body.data.related)[0]).toBe('TH-2001');
  });

  it("relates a product in no group to its category's active products sold in the country", async () => {
    const { body } = await get('/api/productDescription?product_id=TH-2002&country=ca', ca);
    expect(codes(body.data.related)).toEqual(['TH-2001']);
    const inUs = await get('/api/productDescription?product_id=TH-2001&country=us', us);
    expect(codes(inUs.body.data.related)).toEqual(['BT-1001']);
  });

  it('answers 404 for a product not sold in the country, and 400 naming product_id when missing', async () => {
    const notInUs = await get('/api/productDescription?product_id=BT-1002&country=us');
    expect(notInUs.status).toBe(404);
    expect(notInUs.body).toMatchObject({ status: false, error: { code: 'NOT_FOUND' } });
    expect((await get('/api/productDescription?product_id=TH-9999&country=ca')).status).toBe(404);
    const missing = await get('/api/productDescription?country=ca');
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error.fields)).toContain('product_id');
  });
});

describe('GET class_codes, displayCategories, displayProducts, categories', () => {
  it('lists class codes with badge images', async () => {
    const { body } = await get('/api/class_codes?lang=es');
    expect(body.class_codes).toContainEqual({
      id: 2,
      class: 'F',
      image: '/images/classes/F.png',
      label: 'Nuevo',
    });
  });

  it('lists visible top-level categories as tiles', async () => {
    const { body } = await get('/api/displayCategories?lang=fr');
    expect(body.data.map((c: { category: string }) => c.category)).toEqual(['Boutons', 'Fils']);
  });

  it('lists a category for /dispay-products/:cate by name or code', async () => {
    expect(
      (await get('/api/displayProducts?category=Threads&country=ca')).body.products.total,
    ).toBe(2);
    expect(
      (await get('/api/displayProducts?category=TH&country=us&pagination=50')).body.products.total,
    ).toBe(1);
    expect((await get('/api/displayProducts?category=TH&pagination=7')).status).toBe(400);
  });

  it('counts New/Clear/Sale/Soon per top-level category', async () => {
    const [buttons] = (await get('/api/categories')).body.data;
    expect(buttons).toMatchObject({ cat_code: 'BT', New: 1, Sale: 1, Soon: 1, Clear: 0 });
  });
});

describe('GET /best/sellers', () => {
  it('ranks by quantity ordered in the last 90 days, then tops up with the newest products', async () => {
    const { body } = await get('/api/best/sellers?country=ca');
    const list = codes(body.products.data);
    expect(list.slice(0, 2)).toEqual(['TH-2001', 'BT-1002']);
    expect(list).not.toContain('BT-3001');
    expect(list).toContain('BT-1001');
    expect(new Set(list).size).toBe(list.length);
  });

  it('falls back to the newest class F products when a country has no orders', async () => {
    const { body } = await get('/api/best/sellers?country=us&lang=es');
    expect(codes(body.products.data).sort()).toEqual(['BT-1001', 'TH-2001']);
    expect(body.products.data.map((p: { name: string }) => p.name)).toContain(
      'Hilo de algodón, blanco',
    );
  });
});

describe('GET filter-options-by-category and brands-by-category', () => {
  it('answers the values present with counts', async () => {
    const { body } = await get('/api/filter-options-by-category?category=BT');
    expect(body.data.brands).toEqual([
      { value: 'Acme', count: 17 },
      { value: 'Bravo', count: 16 },
    ]);
    expect(body.data.colors).toContainEqual({ value: 'Blue', count: 1 });
    expect(body.data.sizes).toContainEqual({ value: '11 mm', count: 30 });
    expect(body.data.types).toEqual([
      { value: 'Plastic', count: 1 },
      { value: 'Wooden', count: 1 },
    ]);
    const brands = (await get('/api/brands-by-category?category=BT&classCode=F')).body.data;
    expect(brands).toEqual([{ brand: 'Acme', count: 1 }]);
    expect((await get('/api/brands-by-category?category=NOPE')).body.data).toEqual([]);
  });
});

describe('GET /api/product_group/:id', () => {
  it('answers data.title and data.data, paginated, in the language', async () => {
    const { body } = await get(`/api/product_group/${fx.groupId}?lang=fr&pagination=25`);
    expect(body.data).toMatchObject({
      title: 'Choix du printemps',
      total: 33,
      current_page: 1,
      last_page: 2,
      per_page: 25,
    });
    expect(codes(body.data.data).slice(0, 3)).toEqual(['TH-2001', 'BT-1001', 'BT-1002']);
    const page2 = (await get(`/api/product_group/${fx.groupId}?page=2`)).body.data;
    expect(page2.data).toHaveLength(8);
    const us = (await get(`/api/product_group/${fx.groupId}?country=us`)).body.data;
    expect(us.total).toBe(2);
  });

  it('answers 404 for an unknown group and 400 for a bad id or page size', async () => {
    expect((await get('/api/product_group/999')).status).toBe(404);
    expect((await get('/api/product_group/abc')).status).toBe(400);
    const bad = await get(`/api/product_group/${fx.groupId}?pagination=30`);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toContain('pagination');
  });
});

describe('sanitizeProductName', () => {
  it('keeps the allow-listed markup and removes everything else', () => {
    expect(sanitizeProductName(SCRIPT_NAME)).toBe('Snap <b>fastener</b>');
    expect(
      sanitizeProductName(
        '<i onclick="x()">Tape</i> <a href="javascript:alert(1)">link</a> 3<sup>rd</sup>',
      ),
    ).toBe('<i>Tape</i> link 3<sup>rd</sup>');
    expect(sanitizeProductName('<style>body{}</style>Plain')).toBe('Plain');
  });
});

describe('POST /api/dev/products (development only)', () => {
  it('adds a product with sanitised names, or raw names on request, visible to the listings at once', async () => {
    const before = (await get('/api/cadProducts?category=TH')).body.products.total;
    const res = await t.inject({
      method: 'POST',
      url: '/api/dev/products',
      headers: ca,
      payload: {
        product_id: 'TH-DEV1',
        category: 'TH',
        names: { en: 'Dev <script>alert(1)</script><i>thread</i>' },
        prices: [{ country: 'ca', retail: 2, selling: 1.5, available: 3 }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const raw = await t.inject({
      method: 'POST',
      url: '/api/dev/products',
      headers: ca,
      payload: {
        product_id: 'TH-DEV2',
        category: 'TH',
        names: { en: 'Raw <script>x()</script>' },
        prices: [{ country: 'ca', retail: 2, selling: 1 }],
        raw_names: true,
      },
    });
    expect(raw.statusCode).toBe(200);
    const after = (await get('/api/cadProducts?category=TH')).body.products;
    expect(after.total).toBe(before + 2);
    const names = Object.fromEntries(
      after.data.map((p: { product_id: string; name: string }) => [p.product_id, p.name]),
    );
    expect(names['TH-DEV1']).toBe('Dev <i>thread</i>');
    expect(names['TH-DEV2']).toBe('Raw <script>x()</script>');
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/dev/products',
          headers: ca,
          payload: { product_id: 'X', category: 'NOPE', names: { en: 'x' } },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe("a listing is a slice of its scope's ids", () => {
  it('answers every id of the scope in display order (category, then SKU)', async () => {
    const { selectListingIds } = await import('./catalogue.queries');
    const scope = {
      country: 'ca' as const,
      categoryIds: [fx.cat.BT, fx.cat['BT-WD'], fx.cat['BT-WD-15'], fx.cat['BT-PL']].sort(
        (a, b) => a - b,
      ),
      classCodes: [],
      brand: [],
      colour: [],
      type: [],
      size: [],
    };
    const expected = async (brand?: string) =>
      (
        await t.handle.db.execute(
          sql`select p.id from products p
               where p.active and p.sold_ca and p.category_id = any(${`{${scope.categoryIds.join(',')}}`}::int[])
                 and (${brand ?? null}::text is null or p.brand = ${brand ?? null})
               order by p.category_id, p.product_id`,
        )
      ).rows.map((r) => Number(r.id));
    const ids = Array.from(await selectListingIds(t.handle.db, scope));
    expect(ids).toHaveLength(33);
    expect(ids).toEqual(await expected());
    const branded = Array.from(await selectListingIds(t.handle.db, { ...scope, brand: ['Acme'] }));
    expect(branded.length).toBeGreaterThan(0);
    expect(branded).toEqual(await expected('Acme'));
    expect(
      await selectListingIds(t.handle.db, { ...scope, brand: ['No such brand'] }),
    ).toHaveLength(0);
  });

  it("answers each category's ids in display order: put together in category order, the scope's", async () => {
    const { selectListingIds, selectListingIdsByCategory } = await import('./catalogue.queries');
    const categoryIds = [fx.cat.BT, fx.cat['BT-WD'], fx.cat['BT-WD-15'], fx.cat['BT-PL']].sort(
      (a, b) => a - b,
    );
    const scope = {
      country: 'ca' as const,
      categoryIds,
      classCodes: [],
      brand: [],
      colour: [],
      type: [],
      size: [],
    };
    for (const brand of [[], ['Acme']]) {
      const byCategory = await selectListingIdsByCategory(t.handle.db, { ...scope, brand });
      expect(byCategory.size).toBeGreaterThan(1);
      const together = categoryIds.flatMap((id) => Array.from(byCategory.get(id) ?? []));
      expect(together).toEqual(
        Array.from(await selectListingIds(t.handle.db, { ...scope, brand })),
      );
    }
  });
});

describe('listing cards are kept per product and follow the change feed', () => {
  // NOTE: a notification arrives a moment after the commit; poll briefly, far below the cards'
  // own lifetime (minutes), so only the feed can make these pass.
  const soon = { timeout: 1500, interval: 20 };
  type Card = { id: number; product_id: string; name: string; available: number };
  const page = async (query: string, headers = ca) =>
    (await get(`/api/cadProducts?category=BT&${query}`, headers)).body.products.data as Card[];
  const cardStats = () => t.app.caches.stats()['catalogue.cards'];

  it('reads each product once for every page, size and language that shows it', async () => {
    expect(t.app.changeFeed.isLive()).toBe(true);
    await page('pagination=25&lang=fr');
    const before = cardStats();
    const all = await page('pagination=50&lang=fr');
    const after = cardStats();
    // The listing holds 33 products: the first 25 were read for the page of 25 and hit.
    expect(all).toHaveLength(33);
    expect(after.hits - before.hits).toBe(25);
    expect(after.misses - before.misses).toBe(8);
    // Another language is another card.
    await page('pagination=25&lang=es');
    expect(cardStats().misses - after.misses).toBe(25);
  });

  it('shows a new price, stock level or name at the next read, and drops a withdrawn product', async () => {
    const [card] = await page('pagination=25&lang=en');
    const find = async (lang = 'en') =>
      (await page(`pagination=25&lang=${lang}`)).find((c) => c.product_id === card.product_id);
    // An earlier test's write may have left a listing drop pending in its window: make it now, so
    // the count below sees only what this stock change does.
    t.app.caches.settle();
    await page('pagination=25&lang=en');
    const indexMisses = t.app.caches.stats()['catalogue.listing-index'].misses;
    await t.handle.db.execute(
      sql`update product_prices set available = ${card.available + 7} where product_id = ${card.id} and country = 'ca'`,
    );
    await expect.poll(find, soon).toMatchObject({ available: card.available + 7 });
    // A change of stock alone leaves the listings' ids in place (only the product's cards go).
    expect(t.app.caches.stats()['catalogue.listing-index'].misses).toBe(indexMisses);
    // Sold in the country no more (its price row deleted: the sold flag's trigger notifies 'f:').
    const [price] = (
      await t.handle.db.execute(
        sql`delete from product_prices where product_id = ${card.id} and country = 'ca' returning *`,
      )
    ).rows;
    await expect.poll(find, soon).toBeUndefined();
    await t.handle.db.execute(
      sql`insert into product_prices (product_id, country, retail_price_cents, selling_price_cents, selling_price_2_cents, available)
          values (${card.id}, 'ca', ${price.retail_price_cents}, ${price.selling_price_cents}, ${price.selling_price_2_cents}, ${price.available})`,
    );
    await expect.poll(find, soon).toMatchObject({ available: card.available + 7 });
    await t.handle.db.execute(
      sql`update product_translations set name = 'Renamed for the feed' where product_id = ${card.id} and lang = 'en'`,
    );
    await expect.poll(find, soon).toMatchObject({ name: 'Renamed for the feed' });
    await t.handle.db.execute(sql`update products set active = false where id = ${card.id}`);
    await expect.poll(find, soon).toBeUndefined();
    await t.handle.db.execute(sql`update products set active = true where id = ${card.id}`);
    await expect.poll(find, soon).toMatchObject({ name: 'Renamed for the feed' });
  });
});
