import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { AuthCard } from '@/components/layout/auth-card';
import { PageTitle } from '@/components/seo/page-title';
import { paths } from '@/config/paths';
import { noteSignOutByChoice, useRedirectTarget } from '@/features/auth/redirect';
import { LoginForm } from '@/features/auth/components/login-form';
import { AccessNotice, SecurityNotice } from '@/features/auth/components/notices';
import { takeSignInNotice } from '@/lib/session-end';

export default function LoginRoute() {
  const navigate = useNavigate();
  // The page the visitor was sent here from (a link in a notification): opened once signed in.
  const target = useRedirectTarget();
  // After a password reset, or a session the API ended (session-end.ts): say so above the form.
  const stated = (useLocation().state as { notice?: unknown } | null)?.notice;
  // Read after the first render: the page is pre-rendered without one, and hydration must match it.
  const [kept, setKept] = useState<string | null>(null);
  useEffect(() => {
    // A sign-out by choice has reached this page (route-guards.tsx): later sign-outs are judged afresh.
    noteSignOutByChoice(false);
    const message = takeSignInNotice();
    if (message) setKept(message);
  }, []);
  const notice = typeof stated === 'string' ? stated : kept;
  return (
    <>
      <PageTitle title="Sign In" />
      <div className="mx-auto max-w-md space-y-4 px-4 py-10 sm:px-6">
        {typeof notice === 'string' ? (
          // A reset done is good news; a session that ended is information.
          <Alert tone={typeof stated === 'string' ? 'success' : 'info'}>
            <span role="status">{notice}</span>
          </Alert>
        ) : null}
        <AccessNotice />
        <SecurityNotice />
        <AuthCard headingId="login-heading" title="Sign In" subtitle="Sign in to track your orders.">
          <LoginForm redirect={target} onSuccess={() => navigate(target ?? paths.app.dashboard.getHref(), { replace: true })} />
        </AuthCard>
      </div>
    </>
  );
}
