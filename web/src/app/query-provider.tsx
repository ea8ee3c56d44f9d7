// Loaded lazily, with the signed-in routes and the signed-in header's bell: react-query and
// everything that uses it stay out of the public pages' JS (the landing page's budget,
// test/unit/spa-budget.test.ts). Every QueryProvider shares the one client in the holder,
// so the bell and the pages read the same cache.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useUnreadNotificationCount } from '../features/notifications/api/get-notifications';
import { createQueryClient } from '../lib/query-client';
import { useStaffRoleQuery } from './staff-role-provider';
import { useInboxCount } from '../lib/inbox';
import { useMfaStatus } from '../features/auth/api/mfa';
import type { StaffRole } from '@gs/shared/staff';
import { useQueryClientHolder, type QueryClientHolder } from '../lib/query-client-holder';

function clientOf(holder: QueryClientHolder): QueryClient {
  // Created once, on first use; later providers (and AppProvider's test client) reuse it.
  holder.client ??= createQueryClient();
  return holder.client;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  const holder = useQueryClientHolder();
  return <QueryClientProvider client={clientOf(holder)}>{children}</QueryClientProvider>;
}

/** Layout route around the signed-in routes (app/router.tsx). */
export function QueryLayout() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}

function ReportUnreadCount({ onChange }: { onChange: (count: number) => void }) {
  const count = useUnreadNotificationCount();
  useEffect(() => onChange(count), [count, onChange]);
  // Signed out: the next user must not see this one's number before their own arrives.
  useEffect(() => () => onChange(0), [onChange]);
  return null;
}

/**
 * The header bell's number, for the root layout, which is rendered on every page and so cannot
 * import react-query itself: it renders this only while someone is signed in.
 */
export function UnreadNotificationCount({ onChange }: { onChange: (count: number) => void }) {
  return (
    <QueryProvider>
      <ReportUnreadCount onChange={onChange} />
    </QueryProvider>
  );
}

function ReportStaffRole({ onChange }: { onChange: (role: StaffRole | null | undefined) => void }) {
  const role = useStaffRoleQuery();
  useEffect(() => onChange(role), [role, onChange]);
  useEffect(() => () => onChange(undefined), [onChange]);
  return null;
}

/** The signed-in staff member's role for the root layout's header (as UnreadNotificationCount, for the same reason). */
export function StaffRoleReport({ onChange }: { onChange: (role: StaffRole | null | undefined) => void }) {
  return (
    <QueryProvider>
      <ReportStaffRole onChange={onChange} />
    </QueryProvider>
  );
}

function ReportInboxCount({ onChange }: { onChange: (count: number | undefined) => void }) {
  // Staff routes refuse a staff member without two-step sign-in: the count waits for the app to be set up (the
  // same status the staff pages read, one Cognito call a visit).
  const mfa = useMfaStatus();
  const count = useInboxCount({ enabled: mfa.data?.totpEnabled === true });
  useEffect(() => onChange(count), [count, onChange]);
  useEffect(() => () => onChange(undefined), [onChange]);
  return null;
}

/** The header's Inbox badge: how many orders have a customer message waiting (rendered for the counter's staff only). */
export function InboxCountReport({ onChange }: { onChange: (count: number | undefined) => void }) {
  return (
    <QueryProvider>
      <ReportInboxCount onChange={onChange} />
    </QueryProvider>
  );
}
