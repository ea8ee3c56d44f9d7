import { Link } from 'react-router-dom';
import { needsPayment } from '@gs/shared/statuses';
import { PageTitle } from '@/components/seo/page-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useOrders } from '@/features/orders/api/get-orders';
import { PayableOrders } from '@/features/payments/components/payable-orders';

export default function PaymentsRoute() {
  const orders = useOrders();
  const payable = orders.data?.filter(needsPayment) ?? [];

  return (
    <>
      <PageTitle title="Payments" />
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-3xl font-bold tracking-tight">Payments</h1>
            <p className="mt-1 text-slate-700 dark:text-slate-300">Orders with a balance due. Pay one, or select several and pay them together.</p>
          </div>
          <Link
            to={paths.app.paymentHistory.getHref()}
            className="text-sm font-medium text-blue-700 underline underline-offset-2 dark:text-amber-300"
          >
            View payment history
          </Link>
        </div>

        {orders.isPending ? (
          <PageSpinner />
        ) : orders.isError ? (
          <Alert tone="error" title="Error Loading Payments">
            <p>Failed to load your orders. Please try again.</p>
            <Button variant="secondary" className="mt-3" onClick={() => void orders.refetch()}>
              Try Again
            </Button>
          </Alert>
        ) : payable.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900">
            <h2 className="text-xl font-semibold">No payments due</h2>
            <p className="mt-2 text-slate-600 dark:text-slate-400">Orders appear here when their work is complete and a balance is due.</p>
          </div>
        ) : (
          <PayableOrders orders={payable} />
        )}
      </div>
    </>
  );
}
