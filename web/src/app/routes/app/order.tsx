import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDateTime } from '@gs/shared/dates';
import { errorMessage } from '@/components/errors/error-screen';
import { PageTitle } from '@/components/seo/page-title';
import { StatusBadge } from '@/components/status/status-badge';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { WorkOrderPreview } from '@/components/work-order/work-order-preview';
import { paths } from '@/config/paths';
import { useOrder } from '@/features/orders/api/get-order';
import { ApprovalPanel } from '@/features/orders/components/approval-panel';
import { FirearmDetails, ServiceDetails } from '@/features/orders/components/order-details';
import { useCustomerOrderPhotos } from '@/features/orders/api/order-photos';
import { IntakePhotos } from '@/features/orders/components/intake-photos';
import { OrderTimeline } from '@/features/orders/components/order-timeline';
import { PaymentBadges } from '@/features/orders/components/payment-badges';
import { PaymentPanel } from '@/features/orders/components/payment-panel';
import { StatusHistoryPanel } from '@/features/orders/components/status-history-panel';
import { shortOrderId } from '@/features/orders/types';
import { ApiError } from '@/lib/api-client';

const ORDER_NOT_FOUND = "This order does not exist or you don't have permission to view it.";

function BackLink() {
  return (
    <Link
      to={paths.app.dashboard.getHref()}
      className="inline-flex items-center gap-1 text-sm font-medium text-slate-700 hover:text-slate-900 hover:underline dark:text-slate-300 dark:hover:text-white"
    >
      <span aria-hidden="true">←</span> Back to My Orders
    </Link>
  );
}

export default function OrderRoute() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const photos = useCustomerOrderPhotos(orderId);
  const [printing, setPrinting] = useState(false);

  if (order.isPending) return <PageSpinner />;

  if (order.isError) {
    const notFound = order.error instanceof ApiError && order.error.status === 404;
    return (
      <>
        <PageTitle title={notFound ? 'Order Not Found' : 'Order Details'} />
        <div className="mx-auto max-w-3xl space-y-4 px-4 py-8 sm:px-6 lg:px-8">
          <BackLink />
          {/* The page's one heading; the alert below says what went wrong. */}
          <h1 className="text-3xl font-bold tracking-tight">{notFound ? 'Order Not Found' : 'Order Details'}</h1>
          {notFound ? (
            <Alert tone="warning">
              <p>{ORDER_NOT_FOUND}</p>
            </Alert>
          ) : (
            <Alert tone="error" title="Error Loading Order">
              <p>{errorMessage(order.error)}</p>
              <Button variant="secondary" className="mt-3" onClick={() => void order.refetch()}>
                Try Again
              </Button>
            </Alert>
          )}
        </div>
      </>
    );
  }

  const o = order.data;
  const title = `${o.firearmMake} ${o.firearmModel}`;
  return (
    <>
      <PageTitle title={`${title} #${shortOrderId(o.id)}`} />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <BackLink />
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight">
              {title} <span className="font-mono text-2xl font-semibold text-slate-500 dark:text-slate-400">#{shortOrderId(o.id)}</span>
            </h1>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {o.orderNumber ? `${o.orderNumber} · ` : ''}Created {formatDateTime(o.createdAt)}
            </p>
          </div>
          <div className="flex flex-col items-start gap-2 sm:items-end">
            <div className="flex flex-wrap gap-1.5">
              <StatusBadge status={o.currentStatus} />
              <PaymentBadges order={o} />
            </div>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              <Link
                to={paths.app.orderInvoice.getHref(o.id)}
                className="text-sm font-medium text-blue-700 underline underline-offset-2 dark:text-amber-300"
              >
                Print invoice
              </Link>
              <button
                type="button"
                onClick={() => setPrinting(true)}
                className="text-sm font-medium text-blue-700 underline underline-offset-2 dark:text-amber-300"
              >
                Print work order
              </button>
            </div>
          </div>
        </div>

        {printing ? <WorkOrderPreview order={order} onClose={() => setPrinting(false)} photos={photos.data?.items} /> : null}

        <OrderTimeline order={o} />

        <div className="grid gap-6 lg:grid-cols-3">
          {/* The payment panel comes first on small screens and sits in the right column on large ones. */}
          <PaymentPanel order={o} className="lg:sticky lg:top-24 lg:col-start-3 lg:row-start-1 lg:self-start" />
          <div className="space-y-6 lg:col-span-2 lg:col-start-1 lg:row-start-1">
            <ApprovalPanel order={o} />
            <section aria-labelledby="order-details-heading" className="space-y-4">
              <h2 id="order-details-heading" className="text-lg font-semibold">
                Order Details
              </h2>
              <div className="grid items-start gap-4 md:grid-cols-2">
                <FirearmDetails order={o} />
                <ServiceDetails order={o} />
              </div>
            </section>
            <IntakePhotos photos={photos.data?.items ?? []} />
            <StatusHistoryPanel orderId={o.id} />
          </div>
        </div>
      </div>
    </>
  );
}
