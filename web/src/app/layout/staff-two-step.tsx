import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router-dom';
import { PageTitle } from '@/components/seo/page-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { useMfaStatus } from '@/features/auth/api/mfa';
import { signInStepMessages as m } from '@/features/auth/messages';
import { mfaQueryKey } from '@/lib/query-keys';

// The QR code generator comes with the enrollment, for the admin who must enroll only.
const TotpEnrollment = lazy(() => import('@/features/auth/components/totp-enrollment'));

const frame = 'mx-auto max-w-xl px-4 py-10 sm:px-6';

/**
 * Every staff page: the API refuses an admin without two-step sign-in (`mfa_required`), so until the
 * admin has set up an authenticator app this page asks for it in place of the staff page. The status is
 * read from Cognito once per visit; an API answer `mfa_required` makes it be read again
 * (lib/query-client.ts). Right after enrolling, the page the admin is on says that sign-in has changed.
 */
export function StaffTwoStepOnly() {
  const mfa = useMfaStatus();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [enrolledOn, setEnrolledOn] = useState<string | null>(null);

  if (mfa.isPending) return <PageSpinner />;
  if (mfa.data?.totpEnabled) {
    return (
      <>
        {enrolledOn === pathname ? (
          <div className="mx-auto max-w-7xl px-4 pt-8 sm:px-6 lg:px-8">
            <Alert tone="success">
              <span role="status">{m.totpEnabled}</span>
            </Alert>
          </div>
        ) : null}
        <Outlet />
      </>
    );
  }
  return (
    <>
      <PageTitle title={m.totpSetupTitle} />
      <div className={frame}>
        {mfa.data ? (
          <Suspense fallback={<PageSpinner />}>
            <TotpEnrollment
              onEnrolled={() => {
                setEnrolledOn(pathname);
                void queryClient.invalidateQueries({ queryKey: mfaQueryKey });
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
