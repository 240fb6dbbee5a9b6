import type { RouteObject } from 'react-router';
import { STAFF_ROLES, type StaffRole } from '@wholesale/contract';
import { GuestOnlyRoute, ProtectedRoute, StaffRoute } from './guards';
import { staffMayOpen } from './layout/admin-menu';

/** The guard a page sits under: anyone, guests only, signed-in users only, staff only. */
export type RouteGuard = 'public' | 'guest' | 'protected' | 'staff';

/**
 * Who may open a page, read off the route table itself: the guard it sits under and, for a staff
 * page, each single role the back office opens it to (staffMayOpen).
 */
export type PageAccess = { path: string; guard: RouteGuard; staffRoles: StaffRole[] };

const GUARDS = new Map<unknown, RouteGuard>([
  [GuestOnlyRoute, 'guest'],
  [ProtectedRoute, 'protected'],
  [StaffRoute, 'staff'],
]);

/**
 * Every page of a route tree (index routes and paths with a page), as full paths in React
 * Router's pattern syntax, with who may open it. The router test checks it against the spec; the
 * layout walk (e2e/support/layout-walk.ts) visits every page as everyone it lists.
 */
export function pageAccess(
  list: readonly RouteObject[],
  base = '',
  guard: RouteGuard = 'public',
): PageAccess[] {
  return list.flatMap((route) => {
    const type = (route.element as { type?: unknown } | undefined)?.type;
    const under = GUARDS.get(type) ?? guard;
    const path = route.index
      ? base || '/'
      : route.path
        ? `${base.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`
        : base;
    const isPage = route.index || (route.path && (route.lazy || route.Component));
    const own: PageAccess[] = isPage
      ? [
          {
            path: path || '/',
            guard: under,
            staffRoles:
              under === 'staff' ? STAFF_ROLES.filter((role) => staffMayOpen([role], path)) : [],
          },
        ]
      : [];
    return [...own, ...(route.children ? pageAccess(route.children, path, under) : [])];
  });
}
