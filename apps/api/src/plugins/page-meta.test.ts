import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueFixtures } from '../test/catalogue-fixtures';
import { saveTestIdentity } from '../test/store-identity';
import { createTestApp, type TestApp } from '../test/test-app';

// docs/product/storefront-ux.md "Titles and link previews": the SPA fallback writes a public
// catalogue page's title, description, canonical URL and Open Graph tags into index.html, in the
// request's language, escaped, with no price or stock; any other page gets the generic file.
const BASE = 'https://shop.example.com';
// The shape of the web build's index.html (a description over several lines, a title, a script).
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Wholesale craft and notions: buttons, threads, ribbons, patterns and more for retail shops."
    />
    <title>Title of the build</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
// The first API answers a served page carries (decision 030, plugins/first-load.test.ts): a
// signed-in buyer's carry their prices, by design; the head is what this file is about.
const FIRST_ANSWERS = /<script type="application\/json" id="first-answers">[\s\S]*?<\/script>\n/;
/** The build's file as a page without a head of its own is served: titled with the store's name. */
const titled = (title: string, lang = 'en') =>
  INDEX.replace('<title>Title of the build</title>', `<title>${title}</title>`).replace(
    '<html lang="en">',
    `<html lang="${lang}">`,
  );
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ webBuild: { 'index.html': INDEX }, env: { PUBLIC_URL: `${BASE}/` } });
  await insertCatalogueFixtures(t);
});
afterAll(() => t?.close());

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await t.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  const head = res.body.slice(0, res.body.search(/<\/head>/i));
  const meta = (key: string) =>
    [...head.matchAll(/<meta\b[^>]*>/gi)]
      .map((m) => m[0])
      .filter((tag) => tag.includes(`"${key}"`))
      .map((tag) => /content="([^"]*)"/.exec(tag)?.[1]);
  return {
    body: res.body,
    headers: res.headers,
    title: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]),
    lang: /<html lang="([^"]*)"/.exec(res.body)?.[1],
    description: meta('description'),
    og: (key: string) => meta(`og:${key}`),
    canonical: [...head.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => m[1]),
  };
}

describe('a fresh store, whose identity is not set', () => {
  it("titles pages with a neutral word in the reader's language, never a made-up name", async () => {
    expect((await page('/')).title).toEqual(['Home | Store']);
    const fr = await page('/products/Buttons/Buttons/BT', { 'accept-language': 'fr' });
    expect(fr.title).toEqual(['Boutons | Boutique']);
    const es = await page('/login', { 'accept-language': 'es' });
    expect(es.body).toBe(titled('Tienda', 'es'));
  });
});

describe('with the identity an admin saved', () => {
  beforeAll(() => saveTestIdentity(t));

  describe('product page', () => {
    it('in English: title, description, canonical URL and Open Graph tags, once each', async () => {
      const p = await page('/description/BT-1001/ca?utm_source=x');
      expect(p.title).toEqual(['Wooden button 15 mm, red (BT-1001) | Maple Test Supply']);
      expect(p.lang).toBe('en');
      expect(p.description).toEqual(['About Wooden button 15 mm, red']);
      expect(p.canonical).toEqual([`${BASE}/description/BT-1001/ca`]);
      expect(p.og('title')).toEqual(p.title);
      expect(p.og('description')).toEqual(p.description);
      expect(p.og('url')).toEqual(p.canonical);
      expect(p.og('image')).toEqual([`${BASE}/images/products/BT-1001.jpg`]);
      // The rest of the document is the build's.
      expect(p.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
      expect(p.body).toContain('<div id="root"></div>');
      expect(p.headers.vary).toMatch(/accept-language/i);
      // The site's description stays for the browser to restore on pages without their own.
      expect(p.body).toContain(
        'data-default="Wholesale craft and notions: buttons, threads, ribbons, patterns and more for retail shops."',
      );
    });

    it('in French when Accept-Language or the lang parameter asks for it', async () => {
      const expected = ['Bouton en bois 15 mm, rouge (BT-1001) | Fournitures Érable Test'];
      const byHeader = await page('/description/BT-1001/ca', {
        'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8',
      });
      expect(byHeader.title).toEqual(expected);
      expect(byHeader.lang).toBe('fr');
      expect(byHeader.description).toEqual(['À propos : Bouton en bois 15 mm, rouge']);
      expect((await page('/description/BT-1001/ca?lang=fr')).title).toEqual(expected);
      // A language nobody speaks here falls back to English.
      expect((await page('/description/BT-1001/ca', { 'accept-language': 'de' })).lang).toBe('en');
    });

    it("a signed-in user's saved language wins over the browser's", async () => {
      const { token } = await t.signIn({ lang: 'es' });
      const p = await page('/description/BT-1001/ca', {
        cookie: `sid=${token}`,
        'accept-language': 'fr',
      });
      expect(p.title).toEqual(['Botón de madera 15 mm, rojo (BT-1001) | Maple Test Supply']);
      expect(p.lang).toBe('es');
    });

    it('an unknown product, or one not sold in that country, gets the generic page with 404', async () => {
      for (const url of ['/description/NOPE-1/ca', '/description/TH-9999/ca']) {
        const res = await t.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.body.replace(FIRST_ANSWERS, '')).toBe(titled('Maple Test Supply'));
      }
    });
  });

  describe('listings and search', () => {
    it('a category listing is titled with the category in the language asked for', async () => {
      const en = await page('/products/Buttons/Buttons/BT');
      expect(en.title).toEqual(['Buttons | Maple Test Supply']);
      expect(en.description).toEqual(['Buttons: wholesale for craft, fabric and yarn shops.']);
      expect(en.og('image')).toEqual([]);
      const fr = await page('/products/Buttons/Buttons/BT', { 'accept-language': 'fr' });
      expect(fr.title).toEqual(['Boutons | Fournitures Érable Test']);
      const sub = await page('/products/Buttons/Wooden%20buttons/BT-WD/F');
      expect(sub.title).toEqual(['Wooden buttons – New | Maple Test Supply']);
      expect((await page('/dispay-products/BT')).title).toEqual(['Buttons | Maple Test Supply']);
    });

    it('the search page and home', async () => {
      const search = await page('/search-page/ribbon/2', { 'accept-language': 'es' });
      expect(search.title).toEqual(['Resultados de búsqueda de «ribbon» | Maple Test Supply']);
      const home = await page('/');
      expect(home.title).toEqual(['Home | Maple Test Supply']);
      expect(home.canonical).toEqual([`${BASE}/`]);
    });

    it('any other page gets the generic file', async () => {
      for (const url of ['/cart', '/login', '/category-page/Buttons', '/products/a/b/c/d/e']) {
        const res = await t.inject({ method: 'GET', url });
        expect(res.body, url).toBe(titled('Maple Test Supply'));
      }
      // Titled in the reader's language.
      const fr = await page('/login', { 'accept-language': 'fr' });
      expect(fr.body).toBe(titled('Fournitures Érable Test', 'fr'));
    });
  });

  describe('safety', () => {
    it('escapes HTML from the address and from product names', async () => {
      // (A listing of an unknown category answers 404 with the generic page: the search page
      // writes its query into the title.)
      const fromUrl = await page('/search-page/%22%3E%3Cb%3Ealert(1)%3C%2Fb%3E%3C/1');
      expect(fromUrl.body).not.toContain('<b>alert');
      expect(fromUrl.title).toEqual([
        'Search results for “&quot;&gt; alert(1) &lt;” | Maple Test Supply',
      ]);
      await t.handle.db.execute(
        sql`update product_translations set name = ${'Ribbon "Deluxe" & co'},
          description = ${'Says </title><script>alert(2)</script> "hi"'}
          where lang = 'en' and product_id = (select id from products where product_id = 'BT-1003')`,
      );
      const named = await page('/description/BT-1003/ca?lang=en&x=1');
      expect(named.title).toEqual([
        'Ribbon &quot;Deluxe&quot; &amp; co (BT-1003) | Maple Test Supply',
      ]);
      expect(named.body).not.toContain('<script>alert');
      expect(named.body.match(/<title>/g)).toHaveLength(1);
      // A path starting with two slashes keeps the canonical URL on this site.
      expect((await page('//products/Buttons')).canonical).toEqual([`${BASE}/products/Buttons`]);
    });

    it('carries no price or stock, for guests or signed-in buyers', async () => {
      const { token } = await t.signIn();
      for (const headers of [{}, { cookie: `sid=${token}` }] as Array<Record<string, string>>) {
        const p = await page('/description/BT-1001/ca', headers);
        expect(p.body.replace(FIRST_ANSWERS, '')).not.toMatch(
          /price|stock|available|\$|5\.00|3\.00/i,
        );
        // Only the tags the head is allowed to carry.
        const names = [...p.body.matchAll(/<meta\s+(?:name|property|charset)="?([^"\s/>]+)/g)].map(
          (m) => m[1],
        );
        expect(new Set(names)).toEqual(
          new Set([
            'UTF-8',
            'description',
            'og:type',
            'og:title',
            'og:description',
            'og:url',
            'og:image',
          ]),
        );
      }
    });
  });
});
