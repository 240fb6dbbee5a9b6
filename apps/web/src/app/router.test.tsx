import { PAGE_ROUTES } from '@wholesale/contract';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { pageAccess, type RouteGuard } from './route-access';
import { routes } from './router';

/** Every page's full path with the guard it sits under. */
const table: Record<string, RouteGuard> = Object.fromEntries(
  pageAccess(routes).map((page) => [page.path, page.guard]),
);

// The sign-in, application and password-recovery pages: only a guest sees them.
const GUEST_ONLY = [
  '/login',
  '/register',
  '/success-page',
  '/reset-password',
  '/account-registration',
  '/welcome',
  '/welcome-mobile',
  '/forget-password',
];

describe('route table (docs/product/overview-and-routes.md)', () => {
  it('has every route of the spec, each lazily loaded', () => {
    // PAGE_ROUTES is the spec's route table, shared with the server (it answers 404 off it).
    // /admin is a page too (the back-office home): with no page of its own it rendered nothing.
    expect(Object.keys(table).sort()).toEqual([...PAGE_ROUTES, '/*'].sort());
  });

  it('puts each route behind the right guard', () => {
    const under = (g: RouteGuard) =>
      Object.keys(table)
        .filter((p) => table[p] === g)
        .sort();
    expect(under('guest')).toEqual([...GUEST_ONLY].sort());
    expect(under('protected')).toEqual(
      [
        '/favourite-view',
        '/favorite',
        '/cart',
        '/profile',
        '/profile/password',
        '/profile/addresses',
        '/profile/returns',
        '/profile/credit',
        '/invoices',
        '/order-confirm',
        '/order',
        '/orderdetails/:order_id',
        '/print-order',
        '/opticon',
        '/pdata',
        '/pform',
        '/password',
      ].sort(),
    );
    expect(under('staff')).toEqual([
      '/admin',
      '/admin/applications',
      '/admin/applications/:id',
      '/admin/audit',
      '/admin/catalogue',
      '/admin/catalogue/structure',
      '/admin/content',
      '/admin/customers',
      '/admin/customers/:id',
      '/admin/integrations',
      '/admin/invoices',
      '/admin/orders',
      '/admin/orders/:id',
      '/admin/orders/phone',
      '/admin/orders/phone/:customerId',
      '/admin/prices',
      '/admin/products',
      '/admin/products/:sku',
      '/admin/receivables',
      '/admin/returns',
      '/admin/settings',
      '/admin/staff',
    ]);
  });

  it('opens each staff page to the roles the back office shows it to', () => {
    const roles = (path: string) => pageAccess(routes).find((p) => p.path === path)?.staffRoles;
    expect(roles('/admin/staff')).toEqual(['admin']);
    expect(roles('/admin/applications/:id')).toEqual(['admin', 'credit']);
    expect(roles('/admin/customers/:id')).toEqual(['admin', 'credit', 'orders']);
    expect(roles('/admin/products/:sku')).toEqual(['admin', 'content']);
    expect(roles('/cart')).toEqual([]);
  });

  it("is the server's page table: an address the server answers 404 for has no page here", () => {
    // The API serves index.html with 404 for an address outside PAGE_ROUTES (plugins/spa.ts).
    const paths: string[] = [];
    const walk = (list: RouteObject[], base: string) =>
      list.forEach((r) => {
        const path = r.path ? `${base.replace(/\/$/, '')}/${r.path.replace(/^\//, '')}` : base;
        if (r.index || (r.path && r.path !== '*')) paths.push(path || '/');
        if (r.children) walk(r.children, path);
      });
    walk(routes, '');
    expect(new Set(paths)).toEqual(new Set(PAGE_ROUTES));
  });

  it('loads every page module with a default export', async () => {
    const lazyRoutes: RouteObject[] = [];
    const walk = (list: RouteObject[]) =>
      list.forEach((r) => {
        if (typeof r.lazy === 'function') lazyRoutes.push(r);
        if (r.children) walk(r.children);
      });
    walk(routes);
    for (const route of lazyRoutes) {
      const loaded = await (route.lazy as () => Promise<{ Component?: unknown }>)();
      expect(typeof loaded.Component, `page of ${route.path ?? 'index'}`).toBe('function');
    }
    // A ceiling, not a window: it transforms and imports every page of the app, which took more
    // than a minute at load average 20.
  }, 240_000);
});
