import { useParams } from 'react-router-dom';
import { claimTagTexts as t } from '@gs/shared/claim-tag';
import { errorMessage } from '@/components/errors/error-screen';
import { PageTitle } from '@/components/seo/page-title';
import { Alert } from '@/components/ui/alert';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAdminOrder } from '@/features/admin-orders/api/get-admin-order';
import { ClaimTagSheet } from '@/features/admin-orders/components/claim-tag';
import { BackLink } from '@/features/payments/components/back-link';
import { ApiError } from '@/lib/api-client';

/** /admin/orders/:orderId/claim-tag: the order's claim tag, printed on a 4 × 2 in label. */
export default function AdminClaimTagRoute() {
  const { orderId = '' } = useParams();
  const order = useAdminOrder(orderId);
  const back = <BackLink fallback={paths.admin.manageOrders.getHref(orderId)} label="Back to the order" />;
  if (order.isPending) return <PageSpinner />;
  if (order.isError) {
    const notFound = order.error instanceof ApiError && order.error.status === 404;
    return (
      <>
        <PageTitle title={t.title} />
        <div className="mx-auto max-w-3xl space-y-4 px-4 py-8 sm:px-6 lg:px-8">
          {back}
          <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
          <Alert tone="error">{notFound ? 'Order not found.' : errorMessage(order.error) || t.loadFailed}</Alert>
        </div>
      </>
    );
  }
  return (
    <>
      <PageTitle title={`${t.title} ${order.data.orderNumber}`} />
      <ClaimTagSheet order={order.data} back={back} />
    </>
  );
}
