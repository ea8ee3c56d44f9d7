import { useNavigate } from 'react-router-dom';
import { AuthCard } from '@/components/layout/auth-card';
import { PageTitle } from '@/components/seo/page-title';
import { paths } from '@/config/paths';
import { useRedirectTarget } from '@/features/auth/redirect';
import { RegisterForm } from '@/features/auth/components/register-form';

export default function RegisterRoute() {
  const navigate = useNavigate();
  // The page the visitor was sent here from (a link in a notification): opened once signed in.
  const target = useRedirectTarget();
  return (
    <>
      <PageTitle title="Create Account" />
      <div className="mx-auto max-w-xl px-4 py-10 sm:px-6">
        <AuthCard headingId="register-heading" title="Create Account" subtitle="Register to follow your orders online.">
          <RegisterForm redirect={target} onSuccess={() => navigate(target ?? paths.app.dashboard.getHref(), { replace: true })} />
        </AuthCard>
      </div>
    </>
  );
}
