import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { safeRedirect } from '@/features/accounts/safe-redirect';
import { useSession, wasSignedOutOnPurpose } from '@/lib/session';

/**
 * docs/product/accounts.md: a page for signed-in users only; guests go to /login?redirect=<where they were going>.
 * A user who logs out while on such a page goes home instead (a session that expired or was ended
 * by staff still leads to the sign-in page, to come back here).
 */
export function ProtectedRoute() {
  const { isSignedIn } = useSession();
  const location = useLocation();
  const sawUser = useRef(isSignedIn);
  useEffect(() => {
    if (isSignedIn) sawUser.current = true;
  }, [isSignedIn]);
  if (!isSignedIn) {
    if (sawUser.current && wasSignedOutOnPurpose()) return <Navigate to={paths.home()} replace />;
    return <Navigate to={paths.login(location.pathname + location.search)} replace />;
  }
  return <Outlet />;
}

/**
 * docs/product/accounts.md: a page for guests only (login, register…); signed-in users go to /, or to the page
 * the protected-route guard interrupted (?redirect=) — so signing in on /login lands there.
 */
export function GuestOnlyRoute() {
  const { isSignedIn } = useSession();
  const [searchParams] = useSearchParams();
  if (isSignedIn) return <Navigate to={safeRedirect(searchParams.get('redirect'))} replace />;
  return <Outlet />;
}

/** Back-office pages: guests sign in first; signed-in customers are sent home. */
export function StaffRoute() {
  const { isSignedIn, isStaff } = useSession();
  const location = useLocation();
  if (!isSignedIn)
    return <Navigate to={paths.login(location.pathname + location.search)} replace />;
  if (!isStaff) return <Navigate to={paths.home()} replace />;
  return <Outlet />;
}
