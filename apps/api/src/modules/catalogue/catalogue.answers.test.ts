import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProductDescriptionResponse, ProductsResponse } from '@wholesale/contract';
import { buildApp } from '../../app';
import { inSchemaOrder } from '../../lib/fast-serializer';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertCatalogueFixtures } from '../../test/catalogue-fixtures';
import { getProductDetail } from './catalogue.detail';

/*
 * Product details are mapped and written once per cached entry and kept beside it
 * (catalogue.routes.ts), and listing pages are made of cards mapped once: their bytes must be those
 * an app without caches writes for the same request (every object mapped and written afresh), for
 * guests and for buyers of each country in each language, on the first request and on the next
 * ones, and after a write the feed announces.
 */

let t: TestApp;
let off: FastifyInstance;
const viewers: Record<string, Record<string, string>> = { guest: {} };

beforeAll(async () => {
  t = await createTestApp();
  const { ids } = await insertCatalogueFixtures(t);
  // Two pictures of one product (decision 022), so a detail's `images` is not always empty.
  await t.handle.db.execute(sql`
    insert into product_images (product_id, position, width, height, bytes)
    values (${ids['BT-1001']}, 1, 800, 800, 1000), (${ids['BT-1001']}, 0, 800, 800, 1000)`);
  off = await buildApp({
    config: { ...t.config, cachesEnabled: false },
    db: t.handle,
    logger: false,
  });
  await off.ready();
  viewers.ca = (await t.signIn({ country: 'ca' })).headers;
  viewers.us = (await t.signIn({ country: 'us' })).headers;
});
afterAll(async () => {
  await off?.close();
  await t?.close();
});

const LANGS = ['en', 'fr', 'es'];
const urls = (lang: string) => [
  `/api/productDescription?product_id=BT-1001&lang=${lang}`,
  `/api/productDescription?product_id=BT-1002&lang=${lang}&country=ca`,
  `/api/productDescription?product_id=TH-2001&lang=${lang}&country=us`,
  `/api/productDescription?product_id=BT-3007&lang=${lang}`,
  `/api/cadProducts?category=BT&lang=${lang}`,
  `/api/cadProducts?category=BT&page=2&pagination=25&lang=${lang}`,
  `/api/cadProducts?category=BT&pagination=100&lang=${lang}`,
  `/api/cadProducts?category=BT&page=9&lang=${lang}`,
  `/api/usProducts?lang=${lang}`,
  `/api/classCode?class_codes=F,Y&lang=${lang}`,
  `/api/displayProducts?category=TH&lang=${lang}`,
  `/api/cadProducts?category=NOPE&lang=${lang}`,
];

async function answer(app: FastifyInstance, url: string, headers: Record<string, string>) {
  const res = await app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, type: res.headers['content-type'], body: res.body };
}

/** What the route's serializer writes for the parsed answer (the bytes the routes sent before). */
function rewritten(url: string, body: string): string {
  const schema = url.startsWith('/api/productDescription')
    ? ProductDescriptionResponse
    : ProductsResponse;
  return inSchemaOrder(schema as typeof ProductsResponse)(JSON.parse(body));
}

describe('cached catalogue answers', () => {
  it('are the bytes an app without caches writes, for every viewer and language, missed or hit', async () => {
    for (const [who, headers] of Object.entries(viewers))
      for (const lang of LANGS)
        for (const url of urls(lang)) {
          const fresh = await answer(off, url, headers);
          expect(fresh.type).toBe('application/json; charset=utf-8');
          // A US buyer always sees US prices, and most fixtures are not sold in the US (404).
          expect(fresh.status, `${who} ${url}`).toBe(
            who === 'us' && /BT-1002|BT-3007/.test(url) ? 404 : 200,
          );
          if (fresh.status === 200)
            expect(fresh.body, `${who} ${url}`).toBe(rewritten(url, fresh.body));
          const missed = await answer(t.app, url, headers);
          const hit = await answer(t.app, url, headers);
          expect(missed, `${who} ${url}`).toEqual(fresh);
          expect(hit, `${who} ${url}`).toEqual(fresh);
        }
  });

  it('answers a product not sold in the country 404, as before', async () => {
    const res = await answer(t.app, '/api/productDescription?product_id=BT-1002&country=us', {});
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ status: false, error: { code: 'NOT_FOUND' } });
  });

  it('maps a cached detail once per kind of viewer and serves that one object', async () => {
    const buyer = { country: 'ca', priced: true } as const;
    const first = await getProductDetail(t.app.catalogue, 'BT-1001', 'fr', buyer);
    expect(await getProductDetail(t.app.catalogue, 'BT-1001', 'fr', buyer)).toBe(first);
    const guest = await getProductDetail(t.app.catalogue, 'BT-1001', 'fr', {
      ...buyer,
      priced: false,
    });
    expect(guest).not.toBe(first);
    expect(guest).not.toHaveProperty('selling_price');
    // Without caches every request maps (and writes) its own.
    expect(await getProductDetail(off.catalogue, 'BT-1001', 'fr', buyer)).not.toBe(
      await getProductDetail(off.catalogue, 'BT-1001', 'fr', buyer),
    );
  });

  it('writes a cached detail once per kind of viewer, and again after a write drops it', async () => {
    const url = '/api/productDescription?product_id=BT-1001&lang=fr&country=ca';
    const read = () => answer(t.app, url, viewers.ca);
    const before = await read();
    expect((await read()).body).toBe(before.body);
    await t.handle.db.execute(
      sql`update product_prices set selling_price_cents = selling_price_cents + 1
           where country = 'ca' and product_id = (select id from products where product_id = 'BT-1001')`,
    );
    // The change feed drops the cached detail (and with it its JSON) a moment after the commit.
    await vi.waitFor(async () => expect((await read()).body).not.toBe(before.body), {
      timeout: 15_000,
    });
    expect(await read()).toEqual(await answer(off, url, viewers.ca));
  });
});
