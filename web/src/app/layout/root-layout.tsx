import { Outlet, useNavigation } from 'react-router-dom';
import { useUnreadNotificationCount } from '../../features/notifications/api/get-notifications';
import { Header } from './header';
import { SiteFooter } from './site-footer';

export function RootLayout() {
  const navigation = useNavigation();
  const unreadCount = useUnreadNotificationCount();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-slate-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      {navigation.state === 'loading' ? (
        <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-amber-500" />
      ) : null}
      <Header unreadCount={unreadCount} />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
