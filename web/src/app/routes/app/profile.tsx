import { PageTitle } from '@/components/seo/page-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { ACCOUNT_INACTIVE_MESSAGE, isAccountInactiveError, useMe } from '@/features/profile/api/get-me';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { profileMessages as msg } from '@/features/profile/messages';

// The page the notification emails link to ("Manage notification preferences").
export default function ProfileRoute() {
  const me = useMe();

  return (
    <>
      <PageTitle title={msg.title} />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{msg.title}</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{msg.intro}</p>
        </div>
        {me.isPending ? (
          <PageSpinner />
        ) : isAccountInactiveError(me.error) ? (
          <Alert tone="warning">{ACCOUNT_INACTIVE_MESSAGE}</Alert>
        ) : me.isError ? (
          <Alert tone="error">
            <p>{msg.loadFailed}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void me.refetch()}>
              Try Again
            </Button>
          </Alert>
        ) : (
          <>
            <ProfileForm profile={me.data} />
            <ChangePasswordForm />
          </>
        )}
      </div>
    </>
  );
}
