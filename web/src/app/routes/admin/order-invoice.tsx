import { useParams } from 'react-router-dom';
import { PrintableInvoice } from '@/components/billing/invoice-document';
import { errorMessage } from '@/components/errors/error-screen';
import { PageTitle } from '@/components/seo/page-title';
import { Alert } from '@/components/ui/alert';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAdminOrder } from '@/features/admin-orders/api/get-admin-order';
import { BackLink } from '@/features/payments/components/back-link';
import { ApiError } from '@/lib/api-client';
import { useShop } from '@/lib/shop';

export default function AdminOrderInvoiceRoute() {
  const { orderId = '' } = useParams();
  const order = useAdminOrder(orderId);
  // The same identity as every page (GET /api/shop, refreshed when Settings are saved).
  const shop = useShop();
  const back = <BackLink fallback={paths.admin.manageOrders.getHref(orderId)} />;

  if (order.isPending) return <PageSpinner />;
  if (order.isError) {
    const notFound = order.error instanceof ApiError && order.error.status === 404;
    return (
      <>
        <PageTitle title="Invoice" />
        <div className="mx-auto max-w-3xl space-y-4 px-4 py-8 sm:px-6 lg:px-8">
          {back}
          <h1 className="text-3xl font-bold tracking-tight">Invoice</h1>
          <Alert tone="error">{notFound ? 'Order not found.' : errorMessage(order.error)}</Alert>
        </div>
      </>
    );
  }
  return (
    <>
      <PageTitle title={`Invoice ${order.data.invoice.invoiceNumber || order.data.orderNumber}`} />
      <PrintableInvoice order={order.data} shop={shop} back={back} />
    </>
  );
}
