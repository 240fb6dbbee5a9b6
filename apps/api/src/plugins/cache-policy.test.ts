import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import {
  cacheControlFor,
  GUEST_PUBLIC,
  GUEST_PUBLIC_ROUTES,
  NO_STORE,
  PRIVATE,
  type CacheInput,
} from './cache-policy';

let t: TestApp;
let buyer: Record<string, string>;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  buyer = (await t.signIn()).headers;
  staff = (await t.signIn({ role: 'staff' })).headers;
});
afterAll(async () => {
  await t?.close();
});

const base: CacheInput = {
  method: 'GET',
  route: '/api/categories',
  status: 200,
  authenticated: false,
  setsCookie: false,
};

describe('cacheControlFor', () => {
  it.each<[string, Partial<CacheInput>, string]>([
    ['guest catalogue read', {}, GUEST_PUBLIC],
    ['guest catalogue HEAD', { method: 'HEAD' }, GUEST_PUBLIC],
    ['signed-in catalogue read', { authenticated: true }, PRIVATE],
    ['guest catalogue error', { status: 400 }, NO_STORE],
    ['guest catalogue answer setting a cookie', { setsCookie: true }, NO_STORE],
    ['guest write', { method: 'POST', route: '/api/login' }, NO_STORE],
    ['guest on a personal route', { route: '/api/cart', status: 401 }, NO_STORE],
    ['guest on a staff route', { route: '/api/admin/orders', status: 401 }, NO_STORE],
    ['staff on a staff route', { route: '/api/admin/orders', authenticated: true }, PRIVATE],
    ['signed-in cart', { route: '/api/cart', authenticated: true }, PRIVATE],
  ])('%s', (_name, change, expected) => {
    expect(cacheControlFor({ ...base, ...change })).toBe(expected);
  });
});

/** Every GET route of the API with its parameters filled in (`:id` → 1, `*` → x). */
function apiReads(): string[] {
  const urls = t.app.registeredRoutes
    .filter((r) => r.method === 'GET' && r.url.startsWith('/api/'))
    .map((r) => r.url.replace(/:[a-z_]+/gi, '1').replace('*', 'x'));
  return [...new Set(urls)];
}

function expectVary(headers: Record<string, unknown>) {
  expect(String(headers.vary)).toMatch(/\bCookie\b/);
  expect(String(headers.vary)).toMatch(/\bAuthorization\b/);
}

describe('Cache-Control on every API answer', () => {
  it('lists only registered GET routes as public for guests', () => {
    const gets = new Set(
      t.app.registeredRoutes.filter((r) => r.method === 'GET').map((r) => r.url),
    );
    for (const route of GUEST_PUBLIC_ROUTES) expect(gets, route).toContain(route);
  });

  it('says private, no-store to a signed-in buyer on every read, whatever it answers', async () => {
    const urls = apiReads();
    expect(urls.length).toBeGreaterThan(40);
    for (const url of urls) {
      const res = await t.get(url, buyer);
      expect(res.headers['cache-control'], url).toBe(PRIVATE);
      expectVary(res.headers);
    }
  });

  it('says private, no-store to staff on the back office', async () => {
    for (const url of apiReads().filter((u) => u.startsWith('/api/admin/'))) {
      const res = await t.get(url, staff);
      expect(res.headers['cache-control'], url).toBe(PRIVATE);
    }
  });

  it('lets a shared cache keep only successful guest reads of the public catalogue', async () => {
    let publicAnswers = 0;
    for (const url of apiReads()) {
      const res = await t.get(url);
      const route = t.app.registeredRoutes.find(
        (r) => r.method === 'GET' && r.url.replace(/:[a-z_]+/gi, '1').replace('*', 'x') === url,
      )!.url;
      const shareable = GUEST_PUBLIC_ROUTES.has(route) && res.statusCode === 200;
      if (shareable) publicAnswers += 1;
      expect(res.headers['cache-control'], `${url} → ${res.statusCode}`).toBe(
        shareable ? GUEST_PUBLIC : NO_STORE,
      );
      expectVary(res.headers);
    }
    expect(publicAnswers).toBeGreaterThan(5);
  });

  it('never lets a write or a sign-in be stored', async () => {
    const login = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    expect(login.headers['cache-control']).toBe(NO_STORE);
    const add = await t.post('/api/cart/add', buyer, {});
    expect(add.headers['cache-control']).toBe(PRIVATE);
  });
});
