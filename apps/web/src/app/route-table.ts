import type { RouteObject } from 'react-router';
import { staffRoutes } from './admin-routes';
import { routes, STAFF_ROUTES_PARENT } from './router';

/** `list` with `children` added under the route whose id is `id`, as React Router's `patch` adds them. */
function withChildren(list: RouteObject[], id: string, children: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    if (route.index) return route;
    if (route.id === id) return { ...route, children: [...(route.children ?? []), ...children] };
    return route.children
      ? { ...route, children: withChildren(route.children, id, children) }
      : route;
  });
}

/**
 * The app's whole route table, the back office's included: what the router holds once a staff
 * address has been opened (router.tsx `discoverStaffRoutes`). Read by what checks or visits every
 * page (the router test, e2e/support/layout-walk-plan.ts); the app itself never imports it, so the
 * shell's entry chunk stays without the back office's routes.
 */
export const allRoutes: RouteObject[] = withChildren(routes, STAFF_ROUTES_PARENT, staffRoutes);
