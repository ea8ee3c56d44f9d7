import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import { staffMay, type StaffRole } from '@gs/shared/staff';
import { useAuth } from '@/lib/auth/auth-provider';
import { Header } from './header';
import { SiteFooter } from './site-footer';

// The bell's count needs react-query, which public pages do not load (app/query-provider.tsx):
// it is fetched only while someone is signed in.
const UnreadNotificationCount = lazy(() =>
  import('../query-provider').then(({ UnreadNotificationCount }) => ({ default: UnreadNotificationCount })),
);

const InboxCountReport = lazy(() => import('../query-provider').then(({ InboxCountReport }) => ({ default: InboxCountReport })));

const StaffRoleReport = lazy(() => import('../query-provider').then(({ StaffRoleReport }) => ({ default: StaffRoleReport })));

export function RootLayout() {
  const navigation = useNavigation();
  const { status, isAdmin } = useAuth();
  const signedIn = status === 'signedIn';
  const [unreadCount, setUnreadCount] = useState(0);
  const [staffRole, setStaffRole] = useState<StaffRole | null | undefined>(undefined);
  const [inboxCount, setInboxCount] = useState<number | undefined>(undefined);
  // The Inbox is the counter's (owner, front desk): a gunsmith gets no badge (and the API would refuse the count).
  const seesInbox = signedIn && isAdmin && staffMay(staffRole, 'counter');
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
      {signedIn ? (
        <Suspense fallback={null}>
          <UnreadNotificationCount onChange={setUnreadCount} />
        </Suspense>
      ) : null}
      {signedIn && isAdmin ? (
        <Suspense fallback={null}>
          <StaffRoleReport onChange={setStaffRole} />
        </Suspense>
      ) : null}
      {seesInbox ? (
        <Suspense fallback={null}>
          <InboxCountReport onChange={setInboxCount} />
        </Suspense>
      ) : null}
      <Header unreadCount={signedIn ? unreadCount : 0} staffRole={signedIn ? staffRole : null} inboxCount={seesInbox ? inboxCount : undefined} />
      {/* At least a screen below the header (h-16): the footer starts below the fold, so a page that first shows a
          spinner and then its content never pushes a visible footer down (a layout shift). */}
      <main id="main-content" tabIndex={-1} className="min-h-[calc(100vh-4rem)] flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      {/* A new page starts at the top; Back returns to where the reader was. */}
      <ScrollRestoration />
    </div>
  );
}
