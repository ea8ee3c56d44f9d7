import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { sessionMessages } from '@gs/shared/validation';
import { PageTitle } from '@/components/seo/page-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { recordTwoStepSignIn, useMfaStatus } from '@/features/auth/api/mfa';
import { signInStepMessages as m } from '@/features/auth/messages';
import { sessionEnded } from '@/lib/session-end';
import { StaffRoleProvider } from '../staff-role-provider';

// The QR code generator comes with the enrollment, for the admin who must enroll only.
const TotpEnrollment = lazy(() => import('@/features/auth/components/totp-enrollment'));

const frame = 'mx-auto max-w-xl px-4 py-10 sm:px-6';

/**
 * Every staff page: the API refuses an admin without two-step sign-in (`mfa_required`), so until the
 * admin has set up an authenticator app this page asks for it in place of the staff page. The status is
 * read from Cognito once per visit; an API answer `mfa_required` makes it be read again
 * (lib/query-client.ts). Once the app is set up, the API records it and ends this session, which was signed in with
 * the password alone: the admin signs in again with password and code (the sign-in page says so).
 */
export function StaffTwoStepOnly() {
  const mfa = useMfaStatus();

  if (mfa.isPending) return <PageSpinner />;
  if (mfa.data?.totpEnabled)
    return (
      <StaffRoleProvider>
        <Outlet />
      </StaffRoleProvider>
    );
  return (
    <>
      <PageTitle title={m.totpSetupTitle} />
      <div className={frame}>
        {mfa.data ? (
          <Suspense fallback={<PageSpinner />}>
            <TotpEnrollment
              onEnrolled={async () => {
                // Should this fail, the first staff request of the next sign-in records the app instead.
                await recordTwoStepSignIn().catch(() => undefined);
                sessionEnded(sessionMessages.twoStepOn);
              }}
            />
          </Suspense>
        ) : (
          <Alert tone="error">
            <p>{m.statusFailed}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void mfa.refetch()}>
              {m.tryAgain}
            </Button>
          </Alert>
        )}
      </div>
    </>
  );
}
