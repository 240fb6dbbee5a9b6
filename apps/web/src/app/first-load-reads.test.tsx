import { cleanup, screen, waitFor } from '@testing-library/react';
import { firstLoadPlan, readKeyOf, type FirstLoadViewer } from '@wholesale/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { clearSession } from '@/lib/session';
import { noFilterOptions, plainClientConfig, productDetail, productsPage } from '@/test/catalogue';
import { renderRoutes, stubFetch } from '@/test/render';
import { cart, line, plainCheckout, signInStored } from '@/test/shopping';
import { prefetchShell } from './prefetch-shell';
import { routes } from './router';

// The contract's first-load table (packages/contract/src/first-load/routes.ts) says which API reads
// each measured page makes first; the server writes their answers into the page it serves. Here
// the web app itself, booted as main.tsx boots it, opens each of those pages: it must make every
// read the table names (else the server writes answers nobody reads) and no other (else it waits
// for a round trip the server could have saved). A change to either end fails this test.

const listing = productsPage({ total: 3, current: 1, last: 1, per: 25 });
const empty = { status: true, data: [] };

function serve() {
  return stubFetch({
    '/api/categories': () => empty,
    '/api/client-config': () => plainClientConfig,
    '/api/store-identity': () => ({ status: true, identity: null }),
    '/api/crousalImages': () => empty,
    '/api/catalogues': () => empty,
    '/api/best/sellers': () => listing,
    '/api/classCode': () => listing,
    '/api/cadProducts': () => listing,
    '/api/filter-options-by-category': () => noFilterOptions,
    '/api/productDescription': () => ({ status: true, data: productDetail({ name: 'Button' }) }),
    '/api/cart': () => cart([line()], 60),
    '/api/favorite': () => listing,
    '/api/checkout': () => plainCheckout,
    '/api/me': () => new Response('{}', { status: 401 }),
  });
}

/** Boots the app at `path` as main.tsx does and answers the keys of the GET reads it made. */
async function readsOf(path: string): Promise<string[]> {
  const stub = serve();
  prefetchShell();
  renderRoutes(routes, path, queryClient);
  await screen.findByRole('heading', { level: 1 });
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  const gets = stub.calls.filter((c) => (c.init?.method ?? 'GET') === 'GET');
  return [...new Set(gets.map((c) => readKeyOf(c.url.pathname, c.url.searchParams)))].sort();
}

const GUEST: FirstLoadViewer = { lang: 'en', country: 'ca', userId: null };
// The stored buyer of web/src/test/users.ts: user 7 of Canada, language not chosen (English).
const BUYER: FirstLoadViewer = { lang: 'en', country: 'ca', userId: 7 };

const PAGES = [
  ['home', '/'],
  ['a category listing', '/products/Buttons/Buttons/BT'],
  ['a class listing', '/products/Buttons/Buttons/BT/F'],
  ['a product page', '/description/BT-1001/ca'],
] as const;

afterEach(() => {
  cleanup();
  queryClient.clear();
  clearSession();
  vi.unstubAllGlobals();
});

describe('the first-load table and the web app read the same addresses', () => {
  for (const [viewer, label] of [
    [GUEST, 'a guest'],
    [BUYER, 'a buyer'],
  ] as const) {
    for (const [page, path] of PAGES) {
      it(`${page}, as ${label}`, async () => {
        if (viewer.userId !== null) signInStored();
        const [pathname, query = ''] = path.split('?');
        const planned = firstLoadPlan(pathname, new URLSearchParams(query), viewer);
        expect(planned, `the table has ${path}`).not.toBeNull();
        expect(await readsOf(path)).toEqual([...planned!.reads].sort());
      });
    }
  }

  it('the cart, as a buyer', async () => {
    signInStored();
    const planned = firstLoadPlan('/cart', new URLSearchParams(), BUYER);
    expect(await readsOf('/cart')).toEqual([...planned!.reads].sort());
  });
});
