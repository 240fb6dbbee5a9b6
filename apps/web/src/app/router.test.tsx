import { PAGE_ROUTES, PAGE_ROUTES_BY_GUARD } from '@wholesale/contract';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { pageAccess, type RouteGuard } from './route-access';
import { allRoutes } from './route-table';
import { routes } from './router';

/** Every page's full path with the guard it sits under. */
const table: Record<string, RouteGuard> = Object.fromEntries(
  pageAccess(allRoutes).map((page) => [page.path, page.guard]),
);

describe('route table (docs/product/overview-and-routes.md)', () => {
  it('has every route of the spec, each lazily loaded', () => {
    // PAGE_ROUTES is the spec's route table, shared with the server (it answers 404 off it).
    // /admin is a page too (the back-office home): with no page of its own it rendered nothing.
    expect(Object.keys(table).sort()).toEqual([...PAGE_ROUTES, '/*'].sort());
  });

  it('puts each route behind the guard the spec gives it', () => {
    // The spec's "who" column, a list a guard; '/*' is the not-found page, open to all.
    const spec: Record<RouteGuard, readonly string[]> = PAGE_ROUTES_BY_GUARD;
    const under = (g: RouteGuard) =>
      Object.keys(table)
        .filter((p) => table[p] === g)
        .sort();
    for (const guard of Object.keys(spec) as RouteGuard[])
      expect(under(guard), guard).toEqual(
        [...spec[guard], ...(guard === 'public' ? ['/*'] : [])].sort(),
      );
  });

  it('opens each staff page to the roles the back office shows it to', () => {
    const roles = (path: string) => pageAccess(allRoutes).find((p) => p.path === path)?.staffRoles;
    expect(roles('/admin/staff')).toEqual(['admin']);
    expect(roles('/admin/applications/:id')).toEqual(['admin', 'credit']);
    expect(roles('/admin/customers/:id')).toEqual(['admin', 'credit', 'orders']);
    expect(roles('/admin/products/:sku')).toEqual(['admin', 'content']);
    expect(roles('/cart')).toEqual([]);
  });

  it("keeps the back office out of the shell's table (its routes are patched in on demand)", () => {
    expect(pageAccess(routes).filter((p) => p.path.startsWith('/admin'))).toEqual([]);
    expect(pageAccess(allRoutes).filter((p) => p.guard === 'staff')).toHaveLength(
      PAGE_ROUTES_BY_GUARD.staff.length,
    );
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
    walk(allRoutes, '');
    expect(new Set(paths)).toEqual(new Set(PAGE_ROUTES));
  });

  it('loads every page module with a default export', async () => {
    const lazyRoutes: RouteObject[] = [];
    const walk = (list: RouteObject[]) =>
      list.forEach((r) => {
        if (typeof r.lazy === 'function') lazyRoutes.push(r);
        if (r.children) walk(r.children);
      });
    walk(allRoutes);
    for (const route of lazyRoutes) {
      const loaded = await (route.lazy as () => Promise<{ Component?: unknown }>)();
      expect(typeof loaded.Component, `page of ${route.path ?? 'index'}`).toBe('function');
    }
    // A ceiling, not a window: it transforms and imports every page of the app, which took more
    // than a minute at load average 20.
  }, 240_000);
});
