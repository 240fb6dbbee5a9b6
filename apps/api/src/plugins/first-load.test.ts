import zlib from 'node:zlib';
import { PRICED_FIELDS } from '@wholesale/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectFirstLoad } from '../lib/html-head';
import { allKeys, insertCatalogueFixtures } from '../test/catalogue-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

// docs/decisions/030-first-load-in-the-served-page.md: the home page, a listing, a product page and
// the cart come with their route's chunks named for preloading and their first API answers written
// in, exactly as the viewer's own requests would get them: a guest never a price or stock figure, a
// signed-in buyer their own, in a page no shared cache keeps.
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title></title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
// The build manifest's shape (apps/web/vite.config.ts build.manifest), cut down.
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', imports: ['_vendor.js'], css: ['assets/index.css'] },
  '_vendor.js': { file: 'assets/vendor-abc.js' },
  '_grid.js': { file: 'assets/grid-abc.js', imports: ['_vendor.js'], css: ['assets/grid.css'] },
  'src/app/routes/home.tsx': { file: 'assets/home-abc.js', imports: ['_vendor.js', '_grid.js'] },
  'src/app/routes/products.tsx': { file: 'assets/products-abc.js', imports: ['_grid.js'] },
  'src/features/search/components/search-box.tsx': {
    file: 'assets/search-box-abc.js',
    imports: ['index.html', '_vendor.js'],
  },
  'src/locales/en/search.json': { file: 'assets/search-en.js' },
  'src/locales/en/content.json': { file: 'assets/content-en.js' },
  'src/locales/en/catalogue.json': { file: 'assets/catalogue-en.js' },
  'src/locales/fr/content.json': { file: 'assets/content-fr.js' },
};

let t: TestApp;
let buyer: { cookie: string; userId: number };

beforeAll(async () => {
  t = await createTestApp({
    webBuild: { 'index.html': INDEX, '.vite/manifest.json': JSON.stringify(MANIFEST) },
  });
  await insertCatalogueFixtures(t);
  const { token, userId } = await t.signIn({ country: 'ca' });
  buyer = { cookie: `sid=${token}`, userId };
});
afterAll(() => t?.close());

const DATA_BLOCK = /<script type="application\/json" id="first-answers">([\s\S]*?)<\/script>/;

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await t.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  const block = DATA_BLOCK.exec(res.body);
  const links = (rel: string) =>
    [...res.body.matchAll(new RegExp(`<link rel="${rel}" crossorigin href="([^"]+)"`, 'g'))].map(
      (m) => m[1],
    );
  return {
    res,
    answers: block ? (JSON.parse(block[1]) as Record<string, unknown>) : null,
    modulepreloads: links('modulepreload'),
    stylesheets: links('stylesheet'),
    pictures: [
      ...res.body.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/g),
    ].map((m) => m[1]),
  };
}

/** Each written answer is the API's own answer to the same request. */
async function expectTheApiAnswers(answers: Record<string, unknown>, cookie?: string) {
  for (const [url, answer] of Object.entries(answers)) {
    const res = await t.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect(answer, url).toEqual(res.json());
  }
}

describe('a guest', () => {
  it('gets the home page with its first reads answered and its route chunks named', async () => {
    const { res, answers, modulepreloads, stylesheets } = await page('/');
    expect(Object.keys(answers!).sort()).toEqual(
      [
        '/api/best/sellers?country=ca&lang=en',
        '/api/catalogues?lang=en',
        '/api/categories?country=ca&lang=en',
        '/api/classCode?class_codes=F&country=ca&lang=en&page=1&pagination=25',
        '/api/client-config',
        '/api/crousalImages?lang=en',
        '/api/store-identity',
      ].sort(),
    );
    await expectTheApiAnswers(answers!);
    // The route chunk, the header's search box and what they import beyond the entry's, and the
    // words they suspend on.
    expect(modulepreloads).toEqual([
      '/assets/vendor-abc.js', // index.html's own link, unchanged
      '/assets/home-abc.js',
      '/assets/grid-abc.js',
      '/assets/search-box-abc.js',
      '/assets/content-en.js',
      '/assets/catalogue-en.js',
      '/assets/search-en.js',
    ]);
    expect(stylesheets).toEqual(['/assets/grid.css']);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it('never receives a price, stock or availability field on the home page, a listing or a product page', async () => {
    for (const url of ['/', '/products/Buttons/Buttons/BT', '/description/BT-1001/ca']) {
      const { answers } = await page(url);
      const keys = allKeys(answers);
      expect(keys.size, url).toBeGreaterThan(0);
      for (const field of PRICED_FIELDS) expect(keys.has(field), `${field} in ${url}`).toBe(false);
    }
  });

  it("gets a listing's first page and filters, a product's details, in the cflag cookie's country", async () => {
    const listing = await page('/products/Buttons/Buttons/BT');
    expect(Object.keys(listing.answers!)).toEqual(
      expect.arrayContaining([
        '/api/cadProducts?category=BT&lang=en&name=Buttons&page=1&pagination=25',
        '/api/filter-options-by-category?category=BT&country=ca',
      ]),
    );
    await expectTheApiAnswers(listing.answers!);
    expect(listing.modulepreloads).toContain('/assets/products-abc.js');
    const us = await page('/products/Buttons/Buttons/BT', { cookie: 'cflag=us' });
    expect(Object.keys(us.answers!)).toContain(
      '/api/usProducts?category=BT&lang=en&name=Buttons&page=1&pagination=25',
    );
    // Another page or filter of the listing: the app asks for it itself.
    const second = await page('/products/Buttons/Buttons/BT?page=2');
    expect(Object.keys(second.answers!).some((key) => key.includes('Products'))).toBe(false);
    const product = await page('/description/BT-1001/ca');
    expect(Object.keys(product.answers!)).toContain(
      '/api/productDescription?country=ca&lang=en&product_id=BT-1001',
    );
    await expectTheApiAnswers(product.answers!);
  });

  it('gets the pictures of the largest paint preloaded, as the answers name them', async () => {
    const listing = await page('/products/Buttons/Buttons/BT');
    const cards = (
      listing.answers![
        '/api/cadProducts?category=BT&lang=en&name=Buttons&page=1&pagination=25'
      ] as {
        products: { data: Array<{ image: string }> };
      }
    ).products.data;
    expect(listing.pictures).toEqual([cards[0].image, cards[1].image]);
    const product = await page('/description/BT-1001/ca');
    expect(product.pictures).toEqual(['/images/products/BT-1001.jpg']);
    const home = await page('/');
    const slides = (
      home.answers!['/api/crousalImages?lang=en'] as { data: Array<{ image: string }> }
    ).data;
    expect(home.pictures).toEqual(slides.slice(0, 1).map((slide) => slide.image));
  });

  it('gets other pages, an unknown product and the cart as the build wrote them', async () => {
    for (const url of ['/about-us', '/cart', '/login']) {
      const { answers, modulepreloads } = await page(url);
      expect(answers, url).toBeNull();
      expect(modulepreloads, url).toEqual(['/assets/vendor-abc.js']);
    }
    // An unknown product's page answers 404 (plugins/not-found-pages.test.ts), with no answers.
    const unknown = await t.inject({ method: 'GET', url: '/description/NOPE-1/ca' });
    expect(unknown.statusCode).toBe(404);
    expect(DATA_BLOCK.test(unknown.body)).toBe(false);
  });
});

describe('a signed-in buyer', () => {
  it('gets their own answers, with prices, in a page no cache keeps; a guest after them gets none', async () => {
    const { res, answers } = await page('/description/BT-1001/ca', { cookie: buyer.cookie });
    const keys = allKeys(answers);
    expect(PRICED_FIELDS.filter((field) => keys.has(field)).length).toBeGreaterThan(0);
    expect(Object.keys(answers!)).toEqual(
      expect.arrayContaining([
        `/api/cart?lang=en&user_id=${buyer.userId}`,
        `/api/favorite?country=ca&lang=en&user_id=${buyer.userId}`,
        '/api/me',
      ]),
    );
    await expectTheApiAnswers(answers!, buyer.cookie);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // The readable XSRF-TOKEN cookie the API mends on a read (plugins/auth.ts), set by the page.
    expect(String(res.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
    const guest = await page('/description/BT-1001/ca');
    for (const field of PRICED_FIELDS) expect(allKeys(guest.answers).has(field)).toBe(false);
  });

  it('gets the cart page with the cart and the checkout choices', async () => {
    const { answers } = await page('/cart', { cookie: buyer.cookie });
    expect(Object.keys(answers!)).toEqual(
      expect.arrayContaining([`/api/cart?lang=en&user_id=${buyer.userId}`, '/api/checkout']),
    );
  });

  it('in French: the reads and words of the language the app starts in', async () => {
    const fr = await t.signIn({ country: 'ca', lang: 'fr' });
    const { answers, modulepreloads } = await page('/', { cookie: `sid=${fr.token}` });
    expect(Object.keys(answers!)).toContain('/api/crousalImages?lang=fr');
    expect(modulepreloads).toContain('/assets/content-fr.js');
  });
});

describe('the written page', () => {
  it('is compressed for a browser that accepts it', async () => {
    const res = await t.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toMatch(DATA_BLOCK);
  });

  it('keeps the data block closed whatever the answers hold', () => {
    const answers = JSON.stringify({
      '/api/x': { name: '</script><script>alert(1)</script> & <!--' },
    });
    const html = injectFirstLoad(INDEX, { scripts: [], styles: [], images: [], answers })!;
    expect(html.match(/<\/script/gi)).toHaveLength(2); // the entry's and the data block's own
    expect(html).not.toContain('<!--');
    expect(JSON.parse(DATA_BLOCK.exec(html)![1])).toEqual(JSON.parse(answers));
  });
});
