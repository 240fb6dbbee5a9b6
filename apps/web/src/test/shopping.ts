import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { CartAddResponse, CartLine, CartResponse, ProductCard } from '@wholesale/contract';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { storeUser } from '@/lib/session';
import { cartKeys } from '@/lib/shopping-keys';
import { renderWithProviders } from './render';
import { aBuyer } from './users';

/** A signed-in Canadian customer in local storage. */
export function signInStored(): void {
  storeUser(aBuyer({ email: 'm@example.com', customer_code: 'C7' }));
}

export const product: ProductCard = {
  id: 11,
  product_id: 'PIN-100',
  name: 'Dressmaker <b>pins</b>',
  country: 'ca',
  class: 'A',
  ship_pac: 12,
  types: '',
  image: '/images/products/PIN-100.jpg',
  brand: null,
  color: null,
  type: null,
  size: null,
  available: 10,
  retail_price: 5,
  selling_price: 2.5,
  selling_price_2: null,
};

export function line(overrides: Partial<CartLine> = {}): CartLine {
  return {
    id: 1,
    product: 11,
    product_id: 'PIN-100',
    name: 'Dressmaker pins',
    item: 2,
    price: 2.5,
    selling_price: 2.5,
    retail_price: 5,
    ship_pack: 12,
    available: 10,
    class: 'A',
    image: '/images/products/PIN-100.jpg',
    selected: true,
    unavailable: false,
    line_total: 60,
    price_reason: { kind: 'selling' },
    next_break: null,
    ...overrides,
  };
}

export function cart(lines: CartLine[], total: number): CartResponse {
  return { status: true, products: lines, total, count: lines.length };
}

/** POST /api/cart/add's answer: the written line and the whole cart's total and count. */
export function added(written: CartLine, total: number, count = 1): CartAddResponse {
  const notice = {
    product_id: written.product_id,
    requested: written.item,
    quantity: written.item,
    clamped: false,
  };
  return { status: true, line: written, total, count, notice };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stands in for fetch for the rest of the test, answering by method and path: each handler may
 * answer later (a promise), so pending states can be seen. Returns the calls made.
 */
export function routeFetch(
  routes: Record<string, (url: URL, init?: RequestInit) => Response | Promise<Response>>,
) {
  const calls: Array<{ url: URL; init?: RequestInit }> = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, init });
    const handler = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (!handler)
      return json(
        { status: false, error: { code: 'ROUTE_NOT_FOUND', message: 'No such path' } },
        404,
      );
    return handler(url, init);
  };
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

/**
 * Renders `element` for a signed-in customer against a server answering `routes` (see routeFetch);
 * returns the requests made, for the test to inspect.
 */
export function renderSignedIn(element: ReactElement, routes: Parameters<typeof routeFetch>[0]) {
  signInStored();
  const { calls } = routeFetch(routes);
  renderWithProviders(element);
  return calls;
}

export function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * A watched cart query (a boot prefetch) whose first read answers when the test says so (an empty
 * cart, older than any write), later reads at once (one line).
 */
export function watchedCart() {
  const qc = new QueryClient();
  const key = cartKeys.list({ userId: 7, lang: 'en' });
  const firstRead = deferred<ReturnType<typeof cart>>();
  let reads = 0;
  const observer = new QueryObserver(qc, {
    queryKey: key,
    queryFn: () => (++reads === 1 ? firstRead.promise : Promise.resolve(cart([line()], 60))),
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { qc, key, firstRead, reads: () => reads, unsubscribe };
}

/** GET /api/checkout's answer for a buyer on net 30 with no address book and no opening minimum. */
export const plainCheckout = {
  status: true,
  addresses: [],
  payment_terms: 'net_30',
  opening_minimum: null,
  earliest_ship_date: '2026-11-26',
};
