import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { formatDateTime } from '@gs/shared/dates';
import { formatCents } from '@gs/shared/money';
import { paymentMessages } from '@gs/shared/payment-messages';
import { PageTitle } from '../../../components/seo/page-title';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useOrder } from '../../../features/orders/api/get-order';
import { orderKeys } from '../../../features/orders/api/query-keys';
import { shortOrderId, type OrderDetail } from '../../../features/orders/types';
import { usePaymentIntent } from '../../../features/payments/api/get-payment-intent';
import { InvoiceSummary } from '../../../features/payments/components/invoice-summary';
import { paymentPageMessages as msg } from '../../../features/payments/messages';
import type { Payment, PaymentIntentState } from '../../../features/payments/types';

/** The payment id is shown to this many characters (customer-side §9). */
const PAYMENT_ID_CHARS = 12;

// Printing keeps the confirmation itself: the site header, footer and the buttons are left out.
const PRINT_CSS = `@media print {
  body > #root header, body > #root footer, [data-print="hide"] { display: none !important; }
  html, body { background: #fff !important; color: #000 !important; }
  [data-print="sheet"] { max-width: none !important; padding: 0 !important; }
  [data-print="sheet"] section { break-inside: avoid; border-color: #999 !important; background: #fff !important; color: #000 !important; }
  [data-print="sheet"] * { color: #000 !important; border-color: #bbb !important; background-color: transparent !important; }
}`;

function DetailRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-right break-all">{children}</dd>
    </div>
  );
}

export default function PaymentConfirmationRoute() {
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const paymentIntentId = params.get('payment_intent');
  const redirectStatus = params.get('redirect_status');
  const order = useOrder(orderId);
  const intent = usePaymentIntent(orderId ? paymentIntentId : null);
  const queryClient = useQueryClient();
  const succeeded = intent.data?.status === 'succeeded';

  // Once the webhook has recorded the payment, show the invoice with it.
  useEffect(() => {
    if (succeeded) void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  }, [succeeded, queryClient]);

  return (
    <>
      <PageTitle title="Payment Confirmation" />
      <style>{PRINT_CSS}</style>
      <div data-print="sheet" className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        {!orderId ? (
          <Alert tone="error">{msg.confirmationNoOrder}</Alert>
        ) : order.isPending ? (
          <PageSpinner />
        ) : order.isError ? (
          <>
            <h1 className="text-3xl font-bold tracking-tight">Payment Confirmation</h1>
            <Alert tone="error">{msg.confirmationNoInvoice}</Alert>
            <Link to={paths.app.dashboard.getHref()} className={buttonClasses('secondary')}>
              Go to Dashboard
            </Link>
          </>
        ) : (
          <Confirmation
            order={order.data}
            intent={intent.data}
            intentId={paymentIntentId}
            polling={Boolean(paymentIntentId) && !intent.isError && !intent.gaveUp && (intent.data?.status === 'pending' || intent.data?.status === 'processing' || intent.isPending)}
            gaveUp={intent.gaveUp}
            redirectFailed={redirectStatus === 'failed'}
          />
        )}
      </div>
    </>
  );
}

function Confirmation({
  order,
  intent,
  intentId,
  polling,
  gaveUp,
  redirectFailed,
}: {
  order: OrderDetail;
  intent: PaymentIntentState | undefined;
  intentId: string | null;
  polling: boolean;
  gaveUp: boolean;
  redirectFailed: boolean;
}) {
  const failed = intent?.status === 'failed' || (redirectFailed && intent?.status !== 'succeeded');
  // This order's share of the payment (a batch covers several), else its latest payment.
  const payment: Payment | undefined = intent
    ? (intent.payments.find((p) => p.orderId === order.id) ?? intent.payments[0])
    : intentId
      ? order.payments.find((p) => p.paymentIntentId === intentId)
      : order.payments[0];
  const paymentId = intent?.paymentIntentId ?? payment?.paymentIntentId ?? payment?.paymentId ?? intentId ?? '';
  const amountCents = intent?.allocations.find((a) => a.orderId === order.id)?.amountCents ?? payment?.amountCents ?? intent?.amountCents;
  const receiptUrl = intent?.receiptUrl ?? payment?.receiptUrl ?? null;
  const title = `${order.firearmMake} ${order.firearmModel}`;

  if (failed) {
    return (
      <>
        <h1 className="text-3xl font-bold tracking-tight">Payment Not Completed</h1>
        <Alert tone="error">{msg.paymentFailed(intent?.failureMessage ?? paymentMessages.failedFallback)}</Alert>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.app.orderPayment.getHref(order.id)} className={buttonClasses('primary')}>
            Try Again
          </Link>
          <Link to={paths.app.order.getHref(order.id)} className={buttonClasses('secondary')}>
            Go to Order
          </Link>
        </div>
      </>
    );
  }

  const processing = polling || gaveUp || intent?.status === 'processing' || intent?.status === 'pending';
  return (
    <>
      <div className="text-center">
        <div
          aria-hidden="true"
          className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300"
        >
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" className="size-7">
            <path d="M5 13l4 4L19 7" />
          </svg>
        </div>
        <h1 className="mt-3 text-3xl font-bold tracking-tight">Thank You for Your Payment!</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {processing
            ? 'Your payment is being processed. This page updates on its own.'
            : `Your payment for ${title} (Order ${order.orderNumber || `#${shortOrderId(order.id)}`}) has been received.`}
        </p>
        {polling ? (
          <p role="status" className="mt-2 inline-flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <Spinner className="size-4" /> Confirming your payment…
          </p>
        ) : null}
        {gaveUp ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Your payment is still processing. It can take up to 24 hours to complete; your order page will show it once it does.
          </p>
        ) : null}
      </div>

      <section
        aria-labelledby="payment-details-heading"
        className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900"
      >
        <h2 id="payment-details-heading" className="text-lg font-semibold">
          Payment Details
        </h2>
        <dl className="mt-2 divide-y divide-slate-100 text-sm dark:divide-slate-800">
          <DetailRow label="Payment ID">
            <span className="font-mono" title={paymentId || undefined}>
              {paymentId ? paymentId.slice(0, PAYMENT_ID_CHARS) : 'Not available'}
            </span>
          </DetailRow>
          <DetailRow label="Amount">{amountCents !== undefined ? formatCents(amountCents) : 'Not available'}</DetailRow>
          <DetailRow label="Date">{formatDateTime(payment?.paymentDate ?? intent?.updatedAt ?? null) || 'Not available'}</DetailRow>
          <DetailRow label="Payment Method">{payment?.paymentMethod || paymentMessages.defaultMethod}</DetailRow>
          <DetailRow label="Receipt">
            {receiptUrl ? (
              <a href={receiptUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-700 underline underline-offset-2 dark:text-amber-300">
                View Receipt<span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <span className="text-slate-700 dark:text-slate-300">Processing</span>
            )}
          </DetailRow>
        </dl>
        {receiptUrl ? null : <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{msg.receiptProcessing}</p>}
      </section>

      <InvoiceSummary invoice={order.invoice} lines={order.lines} />

      <div data-print="hide" className="flex flex-wrap gap-3">
        <Button onClick={() => window.print()}>Print Invoice</Button>
        <Link to={paths.app.order.getHref(order.id)} className={buttonClasses('secondary')}>
          Go to Order
        </Link>
        <Link to={paths.app.dashboard.getHref()} className={buttonClasses('secondary')}>
          Go to Dashboard
        </Link>
      </div>
    </>
  );
}
