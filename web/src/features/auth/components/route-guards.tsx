import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-provider';

/** Signed-in routes: spinner while the session loads, /login when signed out. */
export function ProtectedRoute() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signedOut') {
    return <Navigate to={paths.auth.login.getHref()} replace state={{ from: location.pathname }} />;
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

/** Sign-in and registration pages: a signed-in visitor goes straight to /dashboard. */
export function GuestOnlyRoute() {
  const { status } = useAuth();
  if (status === 'signedIn') return <Navigate to={paths.app.dashboard.getHref()} replace />;
  return <Outlet />;
}
