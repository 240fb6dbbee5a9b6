import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CartLine } from '@wholesale/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { clearSession } from '@/lib/session';
import { noFilterOptions, plainClientConfig, productDetail, productsPage } from '@/test/catalogue';
import { renderRoutes, stubFetch } from '@/test/render';
import { cartKeys } from '@/lib/shopping-keys';
import {
  added,
  cart,
  deferred,
  json,
  line,
  plainCheckout,
  product,
  signInStored,
} from '@/test/shopping';
import { prefetchShell } from './prefetch-shell';
import { routes } from './router';

const emptyPage = productsPage({ total: 120, current: 2, last: 3, per: 50 });
const detail = productDetail({ name: 'Wooden button', images: ['/images/gallery/7.jpg'] });

function serve(listing: unknown = emptyPage) {
  const stub = stubFetch({
    '/api/categories': () => ({ status: true, data: [] }),
    '/api/client-config': () => plainClientConfig,
    '/api/cadProducts': () => listing,
    '/api/filter-options-by-category': () => noFilterOptions,
    '/api/productDescription': () => ({ status: true, data: detail }),
    '/api/cart': () => cart([line()], 60),
    '/api/favorite': () => emptyPage,
    '/api/checkout': () => plainCheckout,
    '/api/me': () => new Response('{}', { status: 500 }),
  });
  return stub;
}

/** The app's real route table and query client (the ones the prefetchers fill). */
function renderApp(path: string) {
  renderRoutes(routes, path, queryClient);
}

const callsTo = (stub: ReturnType<typeof serve>, pathname: string) =>
  stub.calls.filter((c) => c.url.pathname === pathname);

/**
 * A signed-in customer's listing of one product and a cart server that reads the cart when a
 * request arrives and, while told to hold, answers only when asked (a slow server).
 */
function cartServer() {
  signInStored();
  const { fetchMock: others } = serve({
    ...emptyPage,
    products: { ...emptyPage.products, data: [product] },
  });
  let lines: CartLine[] = [];
  const held = { reads: [] as Array<() => void>, adds: [] as Array<() => void> };
  const later = (queue: Array<() => void>, answer: () => Response) => {
    const sent = deferred<Response>();
    queue.push(() => sent.resolve(answer()));
    return sent.promise;
  };
  const shop = {
    holdReads: false,
    holdAdds: false,
    calls: [] as string[],
    /** Answers the adds held and waits until they are settled (their answer in the cache). */
    answerAdds: async () => {
      act(() => held.adds.splice(0).forEach((answer) => answer()));
      await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    },
    /** Answers every read held, and any sent meanwhile, until no cart read is on its way. */
    answerReads: async () => {
      shop.holdReads = false;
      await waitFor(() => {
        act(() => held.reads.splice(0).forEach((answer) => answer()));
        expect(queryClient.isFetching({ queryKey: cartKeys.lists() })).toBe(0);
      });
    },
  };
  const add = () => {
    lines = [line({ item: 1, line_total: 30 })];
    return json(added(lines[0], 30));
  };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/cart/add') {
      shop.calls.push('add');
      return shop.holdAdds ? later(held.adds, add) : add();
    }
    if (url.pathname !== '/api/cart') return others(input, init);
    shop.calls.push('read');
    const read = json(
      cart(
        lines,
        lines.reduce((sum, l) => sum + l.line_total, 0),
      ),
    );
    return shop.holdReads ? later(held.reads, () => read) : read;
  });
  return shop;
}

const addButton = () => screen.findByRole('button', { name: 'Add Dressmaker pins to the cart' });
const cartBadges = (name: string) => screen.queryAllByRole('link', { name });

afterEach(() => {
  // Unmounted first, or the last page's queries would come back into the shared client.
  cleanup();
  queryClient.clear();
  clearSession();
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  vi.unstubAllGlobals();
});

describe('first-load prefetching (docs/product/storefront-ux.md, Lighthouse)', () => {
  it('a listing asks for its products once, from its route, with the page, size and filters of its address', async () => {
    const stub = serve();
    renderApp('/products/Buttons/Buttons/BT?page=2&per=50&brand=Maple%20Notions');
    // The request goes out before the page's chunk has rendered anything.
    expect(callsTo(stub, '/api/cadProducts')).toHaveLength(1);
    await screen.findByRole('heading', { level: 1 });
    const calls = callsTo(stub, '/api/cadProducts');
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0].url.searchParams)).toMatchObject({
      category: 'BT',
      page: '2',
      pagination: '50',
      brand: 'Maple Notions',
    });
  });

  it("a listing preloads its first two cards' pictures at high priority as soon as its products arrive", async () => {
    const cards = ['BT-1', 'BT-2', 'BT-3'].map((id) => ({
      ...product,
      product_id: id,
      image: `/images/products/${id}.jpg`,
    }));
    serve({ ...emptyPage, products: { ...emptyPage.products, data: cards } });
    renderApp('/products/Buttons/Buttons/BT');
    const hrefs = await waitFor(() => {
      const links = document.head.querySelectorAll('link[rel="preload"][as="image"]');
      expect(links).toHaveLength(2);
      return [...links].map((link) => [
        link.getAttribute('href'),
        link.getAttribute('fetchpriority'),
      ]);
    });
    expect(hrefs).toEqual([
      ['/images/products/BT-1.jpg', 'high'],
      ['/images/products/BT-2.jpg', 'high'],
    ]);
  });

  it('a product page asks for its details once, and preloads the main picture at high priority', async () => {
    const stub = serve();
    renderApp('/description/BT-1001/ca');
    expect(callsTo(stub, '/api/productDescription')).toHaveLength(1);
    await screen.findByRole('heading', { level: 1, name: /Wooden button/ });
    expect(callsTo(stub, '/api/productDescription')).toHaveLength(1);
    const preload = await waitFor(() => {
      const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
      expect(link).not.toBeNull();
      return link!;
    });
    expect(preload.getAttribute('href')).toBe('/images/gallery/7.jpg');
    expect(preload.getAttribute('fetchpriority')).toBe('high');
  });

  it('the cart page asks for the checkout choices once, from its route', async () => {
    const stub = serve();
    signInStored();
    renderApp('/cart');
    expect(callsTo(stub, '/api/checkout')).toHaveLength(1);
    await screen.findByRole('heading', { level: 1 });
    await screen.findByText('Dressmaker pins');
    expect(callsTo(stub, '/api/checkout')).toHaveLength(1);
  });

  it('a cart read sent at boot and answered after an add keeps the added line', async () => {
    // A slow server (the full e2e run): the boot read is answered after the add, with the cart
    // from before it. The add's optimistic step cancels it, and so does the add's answer.
    const shop = cartServer();
    shop.holdReads = true;
    prefetchShell();
    expect(shop.calls).toEqual(['read']);
    renderApp('/products/Buttons/Buttons/BT');
    await userEvent.click(await addButton());
    await screen.findAllByRole('link', { name: 'Cart, 1 item' });
    expect(shop.calls).toEqual(['read', 'add']);
    await shop.answerReads();
    expect(cartBadges('Cart, 0 items')).toEqual([]);
    expect(cartBadges('Cart, 1 item').length).toBeGreaterThan(0);
  });

  it('a cart read started while an add is on its way is cancelled by its answer: the line stays', async () => {
    // Another write's follow-up refresh (a delete's re-read 1.5 s later, a re-order's) comes while
    // the add is on its way; the server reads the cart before the add and answers after it. The
    // add's answer cancels that read, so its older cart never replaces the added line.
    const shop = cartServer();
    prefetchShell();
    renderApp('/products/Buttons/Buttons/BT');
    const add = await addButton();
    await screen.findAllByRole('link', { name: 'Cart, 0 items' });
    shop.holdAdds = true;
    shop.holdReads = true;
    await userEvent.click(add);
    await waitFor(() => expect(shop.calls).toEqual(['read', 'add']));
    act(() => void queryClient.invalidateQueries({ queryKey: cartKeys.all }));
    await shop.answerAdds();
    await shop.answerReads();
    expect(cartBadges('Cart, 0 items')).toEqual([]);
    expect(cartBadges('Cart, 1 item').length).toBeGreaterThan(0);
    expect(shop.calls).toEqual(['read', 'add', 'read']);
  });

  it("the layout's data starts at boot: the menu and the store's identity for a guest, the cart and favourites for a customer", () => {
    let stub = serve();
    prefetchShell();
    expect(stub.calls.map((c) => c.url.pathname)).toEqual([
      '/api/categories',
      '/api/store-identity',
    ]);
    queryClient.clear();
    vi.unstubAllGlobals();

    stub = serve();
    signInStored();
    prefetchShell();
    expect(stub.calls.map((c) => c.url.pathname).sort()).toEqual([
      '/api/cart',
      '/api/categories',
      '/api/favorite',
      '/api/store-identity',
    ]);
  });
});
