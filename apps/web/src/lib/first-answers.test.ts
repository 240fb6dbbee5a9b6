import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/render';

// The answers the server writes into the page it serves (api plugins/first-load.ts, decision 030):
// the api client answers the page's first reads from them, with no request.
let api: typeof import('./api-client').api;
let block: HTMLScriptElement;

beforeAll(async () => {
  // What the server writes, read once by the client, so it is in the page before the module loads.
  block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'first-answers';
  block.textContent = JSON.stringify({
    '/api/categories?country=ca&lang=en': { status: true, data: [{ name: 'Buttons' }] },
    '/api/cart?lang=en&user_id=7': { status: true, data: { lines: 1 } },
    '/api/client-config': { status: true, data: {} },
  });
  document.head.append(block);
  ({ api } = await import('./api-client'));
});
// NOTE: test files may share one document (the web project's isolation settings): leave none behind.
afterAll(() => {
  block.remove();
});
beforeEach(() => {
  // The page's age: the answers serve reads of its first 10 s. A test worker's clock starts with the
  // worker, which may have run other files for longer than that.
  vi.spyOn(performance, 'now').mockReturnValue(1_000);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function server() {
  const { calls } = stubFetch({
    '/api/categories': () => ({ status: true, data: [{ name: 'From the server' }] }),
    '/api/cart': () => ({ status: true, data: { lines: 2 } }),
    '/api/client-config': () => ({ status: true, data: { chat: 'x' } }),
    '/api/products': () => ({ status: true, data: [] }),
  });
  return calls;
}

describe('first answers written into the page', () => {
  it('answer a read of their address, whatever the order of its parameters, each caller its own copy', async () => {
    const calls = server();
    const first = await api.get<{ data: Array<{ name: string }> }>('/categories', {
      params: { lang: 'en', country: 'ca' },
    });
    expect(first.data).toEqual([{ name: 'Buttons' }]);
    first.data[0].name = 'changed by its caller';
    // The layout and a page read the category tree under two query keys: both find it.
    const second = await api.get<{ data: Array<{ name: string }> }>('/categories', {
      params: { country: 'ca', lang: 'en' },
    });
    expect(second.data).toEqual([{ name: 'Buttons' }]);
    expect(calls).toHaveLength(0);
  });

  it('leave any other address to the server', async () => {
    const calls = server();
    await api.get('/products', { params: { lang: 'en' } });
    await api.get('/categories', { params: { lang: 'fr', country: 'ca' } });
    expect(calls.map((c) => `${c.url.pathname}${c.url.search}`)).toEqual([
      '/api/products?lang=en',
      '/api/categories?lang=fr&country=ca',
    ]);
  });

  it('are as old as the page: a read started 10 s after it loaded goes to the server', async () => {
    const calls = server();
    vi.mocked(performance.now).mockReturnValue(10_001);
    expect(await api.get('/client-config')).toEqual({ status: true, data: { chat: 'x' } });
    expect(calls).toHaveLength(1);
  });

  it("are dropped by the app's first write: the cart read after it comes from the server", async () => {
    const calls = server();
    await api.post('/cart/add', { product_id: 'BT-1', item: 1 }).catch(() => undefined);
    expect(await api.get('/cart', { params: { user_id: 7, lang: 'en' } })).toEqual({
      status: true,
      data: { lines: 2 },
    });
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/cart/add', '/api/cart']);
  });
});
