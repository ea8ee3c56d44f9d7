import { useNavigate } from 'react-router-dom';
import { AuthCard } from '@/components/layout/auth-card';
import { PageTitle } from '@/components/seo/page-title';
import { paths } from '@/config/paths';
import { useRedirectTarget, withRedirect } from '@/features/auth/redirect';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { passwordMessages as m } from '@/lib/auth/password-messages';

export default function ForgotPasswordRoute() {
  const navigate = useNavigate();
  // Back to the sign-in that returns to the page the visitor came for.
  const target = useRedirectTarget();
  return (
    <>
      <PageTitle title={m.forgotTitle} />
      <div className="mx-auto max-w-md space-y-4 px-4 py-10 sm:px-6">
        <AuthCard headingId="forgot-heading" title={m.forgotTitle}>
          <ForgotPasswordForm redirect={target} onDone={() => navigate(withRedirect(paths.auth.login.getHref(), target), { replace: true, state: { notice: m.resetDone } })} />
        </AuthCard>
      </div>
    </>
  );
}
