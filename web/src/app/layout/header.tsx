import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-provider';
import { noteSignOutByChoice } from '@/features/auth/redirect';
import { useShop } from '@/lib/shop';
import { staffMay, type StaffRole } from '@gs/shared/staff';
import { INBOX_TEXTS } from '@gs/shared/inbox';

interface NavEntry {
  label: string;
  to: string;
  end?: boolean;
}

function navEntries(isAdmin: boolean, counter: boolean): NavEntry[] {
  const entries: NavEntry[] = [
    { label: 'Dashboard', to: paths.app.dashboard.getHref() },
    { label: 'Payments', to: paths.app.payments.getHref(), end: true },
    { label: 'Payment History', to: paths.app.paymentHistory.getHref() },
    { label: 'Profile', to: paths.app.profile.getHref() },
  ];
  if (isAdmin) {
    entries.push(
      // /admin must not stay highlighted on /admin/archived-orders.
      { label: 'Admin', to: paths.admin.root.getHref(), end: true },
      // The archive is the counter's (owner, front desk): a gunsmith's orders are on their bench.
      ...(counter ? [{ label: 'Archived Orders', to: paths.admin.archivedOrders.getHref() }] : []),
    );
  }
  return entries;
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-5" aria-hidden="true">
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.73 21a2 2 0 0 1-3.46 0" />
    </svg>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" className="size-6" aria-hidden="true">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
    </svg>
  );
}

function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true">
      <rect width="32" height="32" rx="7" className="fill-slate-900 dark:fill-amber-400" />
      <circle cx="16" cy="16" r="8.5" fill="none" strokeWidth="2.5" className="stroke-amber-400 dark:stroke-slate-900" />
      <path d="M16 5v6.5M16 20.5V27M5 16h6.5M20.5 16H27" strokeWidth="2.5" strokeLinecap="round" className="stroke-amber-400 dark:stroke-slate-900" />
    </svg>
  );
}

/** Bell linking to /notifications; the badge shows the unread count and hides at 0. */
export function NotificationBell({ unreadCount, className = '' }: { unreadCount: number; className?: string }) {
  const label = unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications';
  return (
    <NavLink
      to={paths.app.notifications.getHref()}
      aria-label={label}
      title="Notifications"
      className={({ isActive }) =>
        `relative inline-flex rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${
          isActive ? 'bg-slate-100 dark:bg-slate-800' : ''
        } ${className}`
      }
    >
      <BellIcon />
      {unreadCount > 0 ? (
        <span
          aria-hidden="true"
          data-testid="unread-badge"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white dark:bg-red-500 dark:text-slate-950"
        >
          {unreadCount > 99 ? '99+' : unreadCount}
        </span>
      ) : null}
    </NavLink>
  );
}

function InboxIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-5" aria-hidden="true">
      <path d="M22 12h-6l-2 3h-4l-2-3H2" />
      <path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" />
    </svg>
  );
}

/** The staff Inbox of customer messages (owner and front desk); the badge shows how many orders wait and hides at 0. */
export function InboxBadge({ count, className = '' }: { count: number; className?: string }) {
  return (
    <NavLink
      to={paths.admin.inbox.getHref()}
      aria-label={INBOX_TEXTS.badgeLabel(count)}
      title={INBOX_TEXTS.title}
      className={({ isActive }) =>
        `relative inline-flex rounded-lg p-2 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${
          isActive ? 'bg-slate-100 dark:bg-slate-800' : ''
        } ${className}`
      }
    >
      <InboxIcon />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="inbox-badge"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white dark:bg-red-500 dark:text-slate-950"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </NavLink>
  );
}

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${
    isActive
      ? 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
  }`;

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-base font-medium ${
    isActive
      ? 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900'
      : 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800'
  }`;

/** `staffRole`: the signed-in staff member's (the root layout reads it with react-query, which the header cannot load). */
export function Header({ unreadCount = 0, staffRole, inboxCount }: { unreadCount?: number; staffRole?: StaffRole | null; inboxCount?: number }) {
  const { status, isAdmin, signOut } = useAuth();
  const shop = useShop();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const signedIn = status === 'signedIn';
  const entries = signedIn ? navEntries(isAdmin, staffMay(staffRole, 'counter')) : [];

  // Close the mobile menu on any navigation (links also close it on click), and on Escape.
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const onSignOut = async () => {
    setMenuOpen(false);
    try {
      // The sign-in page it leads to remembers no page (features/auth/redirect.ts).
      noteSignOutByChoice(true);
      await signOut();
    } finally {
      navigate(paths.auth.login.getHref(), { replace: true });
    }
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to={signedIn ? paths.app.dashboard.getHref() : paths.home.getHref()}
          className="flex min-w-0 items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-slate-900 dark:text-white"
        >
          <LogoMark />
          <span className="min-w-0 truncate" title={shop.name}>{shop.name}</span>
        </Link>

        {/* Desktop */}
        {/* Both groups fill the space right of the logo (grow, items right-aligned): when the session is known and the
            signed-in links (or the bell) appear, the group's box does not move, only fills (no layout shift). */}
        <nav aria-label="Main" className="hidden shrink-0 grow items-center justify-end gap-1 lg:flex">
          {entries.map((entry) => (
            <NavLink key={entry.to} to={entry.to} end={entry.end} className={desktopLink}>
              {entry.label}
            </NavLink>
          ))}
          {signedIn && inboxCount !== undefined ? <InboxBadge count={inboxCount} className="ml-1" /> : null}
          {signedIn ? <NotificationBell unreadCount={unreadCount} className="ml-1" /> : null}
          <ThemeToggle />
          {/* One fixed-width slot for Sign In / Sign Out, empty while the session loads (and in pre-rendered HTML,
              which cannot know it: lib/hydration.ts): when the session is known nothing beside it moves. The links
              of a signed-in user appear to the left of the theme toggle, which stays where it is. */}
          <div data-testid="session-slot" className="ml-2 flex h-10 w-26 items-center justify-end">
            {signedIn ? (
              <button type="button" onClick={onSignOut} className={buttonClasses('secondary', 'w-full')}>
                Sign Out
              </button>
            ) : status === 'signedOut' ? (
              <Link to={paths.auth.login.getHref()} className={buttonClasses('primary', 'w-full')}>
                Sign In
              </Link>
            ) : null}
          </div>
        </nav>

        {/* Mobile */}
        <div className="flex shrink-0 grow items-center justify-end gap-1 lg:hidden">
          {signedIn && inboxCount !== undefined ? <InboxBadge count={inboxCount} /> : null}
          {signedIn ? <NotificationBell unreadCount={unreadCount} /> : null}
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label="Menu"
            onClick={() => setMenuOpen((open) => !open)}
            className="inline-flex rounded-lg p-2 text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            <MenuIcon open={menuOpen} />
          </button>
        </div>
      </div>

      <nav
        id="mobile-menu"
        aria-label="Main (mobile)"
        hidden={!menuOpen}
        className="border-t border-slate-200 px-4 pt-2 pb-4 lg:hidden dark:border-slate-800"
      >
        {menuOpen ? (
          <ul className="space-y-1">
            {entries.map((entry) => (
              <li key={entry.to}>
                <NavLink to={entry.to} end={entry.end} className={mobileLink} onClick={() => setMenuOpen(false)}>
                  {entry.label}
                </NavLink>
              </li>
            ))}
            {signedIn ? (
              <li>
                <NavLink to={paths.app.notifications.getHref()} className={mobileLink} onClick={() => setMenuOpen(false)}>
                  Notifications{unreadCount > 0 ? ` (${unreadCount} unread)` : ''}
                </NavLink>
              </li>
            ) : null}
            <li>
              <ThemeToggle showLabel className="w-full px-3 py-2" />
            </li>
            <li>
              {signedIn ? (
                <button type="button" onClick={onSignOut} className={buttonClasses('secondary', 'w-full')}>
                  Sign Out
                </button>
              ) : (
                <Link to={paths.auth.login.getHref()} className={buttonClasses('primary', 'w-full')} onClick={() => setMenuOpen(false)}>
                  Sign In
                </Link>
              )}
            </li>
          </ul>
        ) : null}
      </nav>
    </header>
  );
}
