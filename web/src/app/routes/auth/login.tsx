import { useNavigate } from 'react-router-dom';
import { AuthCard } from '@/components/layout/auth-card';
import { PageTitle } from '@/components/seo/page-title';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { AccessNotice, SecurityNotice } from '@/features/auth/components/notices';

export default function LoginRoute() {
  const navigate = useNavigate();
  return (
    <>
      <PageTitle title="Sign In" />
      <div className="mx-auto max-w-md space-y-4 px-4 py-10 sm:px-6">
        <AccessNotice />
        <SecurityNotice />
        <AuthCard headingId="login-heading" title="Sign In" subtitle="Sign in to track your orders.">
          <LoginForm onSuccess={() => navigate(paths.app.dashboard.getHref(), { replace: true })} />
        </AuthCard>
      </div>
    </>
  );
}
