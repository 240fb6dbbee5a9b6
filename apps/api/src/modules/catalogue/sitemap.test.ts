import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { productsSitemap, sitemapIndex } from './catalogue.sitemap';

const BASE = 'https://shop.example.com';
let t: TestApp;
let listed: string[];

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 120, seed: 15 }, env: { PUBLIC_URL: `${BASE}/` } });
  const { rows } = await t.handle.db.execute<{ product_id: string }>(
    sql`select product_id from products where active and (sold_ca or sold_us) order by id`,
  );
  listed = rows.map((r) => r.product_id);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url, headers });
const locs = (body: string) => [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('robots.txt', () => {
  it('is plain text, not the SPA: the catalogue open, private routes closed, the sitemap named', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).not.toMatch(/<html/i);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/admin', '/api/', '/cart', '/order', '/profile', '/opticon', '/favorite'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /products');
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('sitemap.xml', () => {
  it('is an index of the categories file and the products files, with absolute URLs', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    expect(locs(res.body)).toEqual([
      `${BASE}/sitemaps/categories.xml`,
      `${BASE}/sitemaps/products-1.xml`,
    ]);
  });

  it('lists the home page and every visible category at the URL the menu links to', async () => {
    const { body, statusCode } = await get('/sitemaps/categories.xml');
    expect(statusCode).toBe(200);
    const urls = locs(body);
    expect(urls[0]).toBe(`${BASE}/`);
    expect(urls).toContain(`${BASE}/products/Buttons/Buttons/BT`);
    expect(urls).toContain(`${BASE}/products/Buttons/Wooden%20buttons/BT-WD`);
    // Hidden categories (Zippers) and their sub categories are not offered to crawlers.
    const { rows } = await t.handle.db.execute<{ cat_code: string }>(
      sql`select cat_code from categories where hidden`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { cat_code } of rows)
      expect(urls.some((u) => u.endsWith(`/${encodeURIComponent(cat_code)}`))).toBe(false);
    // "&" in a name is escaped for XML.
    expect(body).not.toMatch(/&(?!amp;|apos;|quot;|lt;|gt;)/);
  });

  it('lists every product a guest can open, once, with no price or stock, the same for a buyer', async () => {
    const guest = await get('/sitemaps/products-1.xml');
    expect(guest.statusCode).toBe(200);
    const urls = locs(guest.body);
    expect(urls).toHaveLength(listed.length);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls[0]).toMatch(
      new RegExp(`^${BASE}/description/${encodeURIComponent(listed[0])}/(ca|us)$`),
    );
    expect(guest.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(guest.body).not.toMatch(/price|available|stock|\$/i);
    const buyer = await t.signIn();
    expect((await get('/sitemaps/products-1.xml', buyer.headers)).body).toBe(guest.body);
    expect((await get('/sitemaps/products-2.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/other.xml')).statusCode).toBe(404);
  });

  it('splits the products into files of at most the per-file limit (50,000 in production)', async () => {
    const perFile = 50;
    const index = await sitemapIndex(t.app.catalogue, BASE, perFile);
    const files = Math.ceil(listed.length / perFile);
    expect(locs(index)).toHaveLength(1 + files);
    const all: string[] = [];
    for (let file = 1; file <= files; file++) {
      const part = locs((await productsSitemap(t.app.catalogue, BASE, file, perFile))!);
      expect(part.length).toBeLessThanOrEqual(perFile);
      all.push(...part);
    }
    expect(all.map((u) => decodeURIComponent(u.split('/')[4]))).toEqual(listed);
    expect(await productsSitemap(t.app.catalogue, BASE, files + 1, perFile)).toBeUndefined();
  });
});
