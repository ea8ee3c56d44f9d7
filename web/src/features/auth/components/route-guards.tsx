import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-provider';
import { isSigningOutByChoice, landingAfterSignIn, loginHrefFor, useRedirectTarget } from '../redirect';

/** Signed-in routes: spinner while the session loads, /login when signed out (remembering the page, to return to it). */
export function ProtectedRoute() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signedOut') {
    const target = isSigningOutByChoice() ? paths.auth.login.getHref() : loginHrefFor(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}

/** Admin routes (nested inside ProtectedRoute): non-admins go to /dashboard. */
export function AdminRoute() {
  const { status, isAdmin } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (!isAdmin) return <Navigate to={paths.app.dashboard.getHref()} replace />;
  return <Outlet />;
}

/**
 * Sign-in and registration pages: a signed-in visitor (also one who just signed in) goes to the page the `redirect`
 * parameter names, or to /dashboard (a customer named a staff page too).
 */
export function GuestOnlyRoute() {
  const { status, isAdmin } = useAuth();
  const target = useRedirectTarget();
  if (status === 'signedIn') return <Navigate to={landingAfterSignIn(target, isAdmin)} replace />;
  return <Outlet />;
}
