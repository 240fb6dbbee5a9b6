import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueFixtures } from '../test/catalogue-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

// docs/product/overview-and-routes.md "Not found": an address the shop has no page for (no route,
// an unknown category code, an unknown product) answers HTTP 404 with the site's not-found page
// (the SPA's index.html, which shows it), so crawlers and monitors do not take it for a page.
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Wholesale craft and notions." />
    <title>Title of the build</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ webBuild: { 'index.html': INDEX } });
  await insertCatalogueFixtures(t);
});
afterAll(() => t?.close());

const get = (url: string) => t.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('pages the shop does not have', () => {
  it('answer 404 with the app page, which shows the not-found page', async () => {
    for (const url of [
      '/no-such-page',
      '/products/Nope/Nope/ZZ',
      '/products/Nope',
      '/products/Nope/Nope/ZZ/F',
      '/dispay-products/ZZ',
      '/description/NOPE-1/ca',
      '/admin/nope',
      '/cart/extra',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root"></div>');
      // No shared cache may keep a miss for a category or product that may be added later.
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('real pages keep answering 200: listings by code or name, products, other routes', async () => {
    for (const url of [
      '/',
      '/products',
      '/products/Buttons',
      '/products/Buttons/Buttons/BT',
      '/products/Buttons/Wooden%20buttons/BT-WD/F',
      '/products/Buttons/F',
      '/dispay-products/BT',
      '/description/BT-1001/ca',
      '/about-us',
      '/login',
      '/admin/orders/phone',
      '/search-page/ribbon/1',
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });
});
