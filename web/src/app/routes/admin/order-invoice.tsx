import { useParams } from 'react-router-dom';
import { PrintableInvoice, type ShopIdentity } from '@/components/billing/invoice-document';
import { errorMessage } from '@/components/errors/error-screen';
import { PageTitle } from '@/components/seo/page-title';
import { Alert } from '@/components/ui/alert';
import { PageSpinner } from '@/components/ui/spinner';
import { ACCESS_PHONE_DISPLAY, BRAND_NAME } from '@/config/brand';
import { paths } from '@/config/paths';
import { useAdminOrder } from '@/features/admin-orders/api/get-admin-order';
import { useSettings } from '@/features/admin-settings/api/get-settings';
import { BackLink } from '@/features/payments/components/back-link';
import { ApiError } from '@/lib/api-client';

/** The shop as its settings name it; a blank setting (or settings that failed to load) falls back to what the site shows. */
function shopIdentity(settings: { businessName: string; phone: string; email: string } | undefined): ShopIdentity {
  return {
    name: settings?.businessName.trim() || BRAND_NAME,
    phone: settings?.phone.trim() || ACCESS_PHONE_DISPLAY,
    email: settings?.email.trim() || null,
  };
}

export default function AdminOrderInvoiceRoute() {
  const { orderId = '' } = useParams();
  const order = useAdminOrder(orderId);
  const settings = useSettings();
  const back = <BackLink fallback={paths.admin.manageOrders.getHref(orderId)} />;

  // The sheet waits for the settings too, so it never prints with a placeholder shop name.
  if (order.isPending || settings.isPending) return <PageSpinner />;
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
      <PrintableInvoice order={order.data} shop={shopIdentity(settings.data)} back={back} />
    </>
  );
}
