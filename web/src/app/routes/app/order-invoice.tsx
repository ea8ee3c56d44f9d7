import { useParams } from 'react-router-dom';
import { PrintableInvoice, type ShopIdentity } from '@/components/billing/invoice-document';
import { errorMessage } from '@/components/errors/error-screen';
import { PageTitle } from '@/components/seo/page-title';
import { Alert } from '@/components/ui/alert';
import { PageSpinner } from '@/components/ui/spinner';
import { ACCESS_PHONE_DISPLAY, BRAND_NAME } from '@/config/brand';
import { paths } from '@/config/paths';
import { useOrder } from '@/features/orders/api/get-order';
import { BackLink } from '@/features/payments/components/back-link';
import { ApiError } from '@/lib/api-client';

// A customer cannot read the shop's settings (GET /api/admin/settings is staff-only): the invoice
// names the shop as the header and footer do, with the phone line the landing page gives.
const SHOP: ShopIdentity = { name: BRAND_NAME, phone: ACCESS_PHONE_DISPLAY, email: null };

export default function OrderInvoiceRoute() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const back = <BackLink fallback={paths.app.order.getHref(orderId)} />;

  if (order.isPending) return <PageSpinner />;
  if (order.isError) {
    const notFound = order.error instanceof ApiError && order.error.status === 404;
    return (
      <>
        <PageTitle title="Invoice" />
        <div className="mx-auto max-w-3xl space-y-4 px-4 py-8 sm:px-6 lg:px-8">
          <BackLink fallback={paths.app.dashboard.getHref()} />
          <h1 className="text-3xl font-bold tracking-tight">Invoice</h1>
          <Alert tone="error">
            {notFound ? "This order does not exist or you don't have permission to view it." : errorMessage(order.error)}
          </Alert>
        </div>
      </>
    );
  }
  return (
    <>
      <PageTitle title={`Invoice ${order.data.invoice.invoiceNumber || order.data.orderNumber}`} />
      <PrintableInvoice order={order.data} shop={SHOP} back={back} />
    </>
  );
}
