import { orderMessages } from '@gs/shared/order-messages';
import { PageTitle } from '@/components/seo/page-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { useSearchText } from '@/hooks/use-cursor-pages';
import { useOrderPages } from '@/features/orders/api/get-orders';
import { LoadMoreOrders } from '@/features/orders/components/load-more-orders';
import { OrderCard } from '@/features/orders/components/order-card';
import { MyOrdersSearch } from '@/features/orders/components/my-orders-search';
import { ACCOUNT_INACTIVE_MESSAGE, isAccountInactiveError } from '@/features/profile/api/get-me';

const LOAD_FAILED = 'Failed to load your orders. Please try again.';

export default function MyOrdersRoute() {
  // The search as typed, and as sent once typing settles (hooks/use-cursor-pages.ts).
  const { searchText, setSearchText, search } = useSearchText();
  const orders = useOrderPages(search);
  const searching = search !== '';
  // The box stays while a search is typed; a customer with no orders at all is told so instead.
  const showSearch = searching || searchText !== '' || (orders.data?.length ?? 0) > 0 || orders.hasNextPage;

  return (
    <>
      <PageTitle title="My Firearm Orders" />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">My Firearm Orders</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">Every firearm you have sent to the shop. Select an order to see its progress.</p>
        </div>

        {showSearch ? <MyOrdersSearch value={searchText} onChange={setSearchText} busy={orders.isFetching && !orders.isFetchingNextPage} /> : null}

        {orders.isPending ? (
          <PageSpinner />
        ) : isAccountInactiveError(orders.error) ? (
          <Alert tone="warning">{ACCOUNT_INACTIVE_MESSAGE}</Alert>
        ) : !orders.data ? (
          <Alert tone="error" title="Error Loading Orders">
            <p>{LOAD_FAILED}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void orders.refetch()}>
              Try Again
            </Button>
          </Alert>
        ) : orders.data.length === 0 && searching ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900">
            {/* A page that read its share of orders without a match may have older ones to look through. */}
            <p role="status" className="font-medium">
              {orders.hasNextPage ? orderMessages.ordersSearchNotYetFound : orderMessages.ordersSearchEmpty}
            </p>
            <LoadMoreOrders pages={orders} />
          </div>
        ) : orders.data.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900">
            <h2 className="text-xl font-semibold">No Orders Found</h2>
            <p className="mt-2 text-slate-600 dark:text-slate-400">
              You have no firearm orders yet. Please contact the shop to arrange a service and receive shipping instructions.
            </p>
          </div>
        ) : (
          <>
            <ul aria-label="Orders" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {orders.data.map((order) => (
                <li key={order.id} className="flex [&>article]:flex-1">
                  <OrderCard order={order} />
                </li>
              ))}
            </ul>
            <LoadMoreOrders pages={orders} />
          </>
        )}
      </div>
    </>
  );
}
