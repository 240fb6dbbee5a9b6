import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { allRoutes } from './route-table';
import { discoverStaffRoutes, routes } from './router';

// The back office's routes reach the router only through route discovery (router.tsx
// `discoverStaffRoutes`). Whichever way a staff address is reached, typed, reloaded or followed
// from another page, the router must end on the route the whole table gives it.

type Router = ReturnType<typeof createMemoryRouter>;

/** A route chain as paths, `(index)` and `()` for index and pathless routes, and its parameters. */
const chain = (matches: { route: RouteObject; params: object }[] | null) => ({
  routes: (matches ?? []).map((m) => m.route.path ?? (m.route.index ? '(index)' : '()')),
  params: matches?.at(-1)?.params ?? {},
});

/** What the whole table matches at `address`: what the app matched before discovery existed. */
const expected = (address: string) => chain(matchRoutes(allRoutes, address));

/** Waits until the router has matched and loaded its current navigation (page chunks included). */
async function settled(router: Router) {
  await vi.waitFor(
    () => {
      expect(router.state.initialized).toBe(true);
      expect(router.state.navigation.state).toBe('idle');
    },
    { timeout: 60_000, interval: 20 },
  );
  return chain(router.state.matches);
}

const appRouter = (address: string) =>
  createMemoryRouter(routes, {
    initialEntries: [address],
    patchRoutesOnNavigation: discoverStaffRoutes(),
  });

const STAFF_ADDRESSES = [
  '/admin',
  '/admin/orders',
  '/admin/orders/5',
  '/admin/orders/phone',
  '/admin/orders/phone/12',
  '/admin/customers/3',
  '/ADMIN/Orders/5',
];

describe('the back office by route discovery', () => {
  it.each([...STAFF_ADDRESSES, '/admin/nonsense', '/admin/orders/5/extra'])(
    'a first load at %s lands where the whole table does',
    async (address) => {
      const router = appRouter(address);
      expect(await settled(router)).toEqual(expected(address));
      router.dispose();
    },
    60_000,
  );

  it('an unknown staff address is the not-found page inside the site layout, as before', async () => {
    const router = appRouter('/admin/nonsense');
    expect(await settled(router)).toEqual({
      routes: ['/', '()', '*'],
      params: { '*': 'admin/nonsense' },
    });
    router.dispose();
  }, 60_000);

  it('in-app navigation from a shopper page reaches every staff page, and back', async () => {
    const router = appRouter('/');
    expect(await settled(router)).toEqual(expected('/'));
    for (const address of [...STAFF_ADDRESSES, '/admin/nonsense', '/cart', '/admin/orders/7']) {
      await router.navigate(address);
      expect(await settled(router), address).toEqual(expected(address));
    }
    router.dispose();
  }, 120_000);

  it('loads and patches the back office once, and only for a staff address', async () => {
    const discover = discoverStaffRoutes();
    const patch = vi.fn();
    const args = (path: string) => ({
      path,
      patch,
      signal: new AbortController().signal,
      matches: [],
      fetcherKey: undefined,
    });
    await discover(args('/products/Buttons'));
    await discover(args('/administration'));
    expect(patch).not.toHaveBeenCalled();
    await discover(args('/admin/orders/5'));
    await discover(args('/admin'));
    expect(patch).toHaveBeenCalledTimes(1);
    expect(patch).toHaveBeenCalledWith('pages', expect.any(Array));
  });

  it('patches on the next staff navigation when the first one was overtaken', async () => {
    const discover = discoverStaffRoutes();
    const patch = vi.fn();
    const overtaken = new AbortController();
    overtaken.abort();
    const base = { patch, matches: [], fetcherKey: undefined };
    await discover({ ...base, path: '/admin', signal: overtaken.signal });
    expect(patch).not.toHaveBeenCalled();
    await discover({ ...base, path: '/admin', signal: new AbortController().signal });
    expect(patch).toHaveBeenCalledTimes(1);
  });
});
