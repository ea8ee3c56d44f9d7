import { useQueryClient } from '@tanstack/react-query';
import { PageTitle } from '../../../components/seo/page-title';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../components/errors/error-screen';
import { useAuth } from '../../../features/auth/auth-provider';
import { ACCOUNT_INACTIVE_MESSAGE, isAccountInactiveError, useMe } from '../../../features/profile/api/get-me';
import { CustomerInfoCard } from '../../../features/profile/components/customer-info-card';

function RefreshIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-4" aria-hidden="true">
      <path d="M21 12a9 9 0 1 1-2.64-6.36L21 8" />
      <path d="M21 3v5h-5" />
    </svg>
  );
}

export default function DashboardRoute() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const me = useMe();
  const inactive = isAccountInactiveError(me.error);

  const refresh = () => queryClient.invalidateQueries();

  return (
    <>
      <PageTitle title="My Orders" />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-3xl font-bold tracking-tight">My Orders</h1>
          <Button variant="secondary" onClick={refresh} disabled={me.isFetching}>
            <RefreshIcon />
            Refresh
          </Button>
        </div>

        {me.isPending ? (
          <PageSpinner />
        ) : inactive ? (
          <Alert tone="warning">{ACCOUNT_INACTIVE_MESSAGE}</Alert>
        ) : me.isError ? (
          <Alert tone="error" title="Error Loading Dashboard">
            <p>{errorMessage(me.error)}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void me.refetch()}>
              Try Again
            </Button>
          </Alert>
        ) : (
          <>
            <CustomerInfoCard
              info={{
                firstName: me.data.firstName,
                lastName: me.data.lastName,
                email: me.data.email || user?.email || '',
                phone: me.data.phone,
                role: me.data.role ?? user?.role,
              }}
            />
            {/* The order list (features/orders) mounts here in a later release. */}
          </>
        )}
      </div>
    </>
  );
}
