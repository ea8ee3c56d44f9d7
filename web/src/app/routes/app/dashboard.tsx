import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/components/errors/error-screen';
import { PageTitle } from '@/components/seo/page-title';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { RefreshIcon } from '@/components/ui/icons';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useOrderPages } from '@/features/orders/api/get-orders';
import { DashboardOrderCard } from '@/features/orders/components/dashboard-order-card';
import { LoadMoreOrders } from '@/features/orders/components/load-more-orders';
import { ACCOUNT_INACTIVE_MESSAGE, isAccountInactiveError, useMe } from '@/features/profile/api/get-me';
import { CustomerInfoCard } from '@/features/profile/components/customer-info-card';
import { useAuth } from '@/lib/auth/auth-provider';

const LOAD_ORDERS_FAILED = 'Failed to load your orders. Please try again.';

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert tone="error" title="Error Loading Dashboard">
      <p>{message}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        Try Again
      </Button>
    </Alert>
  );
}

export default function DashboardRoute() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const me = useMe();
  const orders = useOrderPages();
  const inactive = isAccountInactiveError(me.error) || isAccountInactiveError(orders.error);

  const refresh = () => queryClient.invalidateQueries();

  return (
    <>
      <PageTitle title="My Orders" />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-3xl font-bold tracking-tight">My Orders</h1>
          <div className="flex flex-wrap gap-2">
            <Link to={paths.app.orders.getHref()} className={buttonClasses('ghost')}>
              My Firearm Orders
            </Link>
            <Button variant="secondary" onClick={refresh} disabled={me.isFetching || orders.isFetching}>
              <RefreshIcon />
              Refresh
            </Button>
          </div>
        </div>

        {me.isPending ? (
          <PageSpinner />
        ) : inactive ? (
          <Alert tone="warning">{ACCOUNT_INACTIVE_MESSAGE}</Alert>
        ) : me.isError ? (
          <LoadError message={errorMessage(me.error)} onRetry={() => void me.refetch()} />
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
            {orders.isPending ? (
              <PageSpinner />
            ) : !orders.data ? (
              <LoadError message={LOAD_ORDERS_FAILED} onRetry={() => void orders.refetch()} />
            ) : orders.data.length === 0 ? (
              <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900">
                <h2 className="text-xl font-semibold">No Orders Yet</h2>
                <p className="mt-2 text-slate-600 dark:text-slate-400">
                  When the shop receives your firearm, its order will appear here. Contact the shop to arrange a service.
                </p>
              </div>
            ) : (
              <>
                <ul aria-label="Orders" className="space-y-3">
                  {orders.data.map((order) => (
                    <li key={order.id}>
                      <DashboardOrderCard order={order} />
                    </li>
                  ))}
                </ul>
                <LoadMoreOrders pages={orders} />
              </>
            )}
          </>
        )}
      </div>
    </>
  );
}
