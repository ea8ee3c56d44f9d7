import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { Payment, PaymentIntentState } from '@gs/shared/api-types';
import { formatDateTime } from '@gs/shared/dates';
import { formatCents } from '@gs/shared/money';
import { paymentMessages } from '@gs/shared/payment-messages';
import { BillSummary } from '@/components/billing/bill-summary';
import { latestSuccessfulPayment } from '@/components/billing/ledger';
import { PageTitle } from '@/components/seo/page-title';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useOrder } from '@/features/orders/api/get-order';
import { shortOrderId, type OrderDetail } from '@/features/orders/types';
import { usePaymentIntent } from '@/features/payments/api/get-payment-intent';
import { paymentPageMessages as msg, paymentUiMessages as ui } from '@/features/payments/messages';
import { ApiError } from '@/lib/api-client';
import { orderKeys, paymentKeys } from '@/lib/query-keys';
import '@/styles/print-sheet.css';

/** The payment id is shown to this many characters. */
const PAYMENT_ID_CHARS = 12;

/** Stripe's redirect_status values for a payment that did not go through. */
const FAILED_REDIRECTS = new Set(['failed', 'requires_payment_method']);

/** What the page knows about the payment: only a succeeded one is thanked for. */
type PaymentView =
  | { kind: 'checking'; intent: PaymentIntentState | undefined }
  | { kind: 'stuck' }
  | { kind: 'failed'; message: string }
  /** The webhook heard of a success the card provider did not confirm: nothing counted, staff look into it. */
  | { kind: 'review'; intent: PaymentIntentState }
  | { kind: 'succeeded'; intent: PaymentIntentState | undefined; payment: Payment | undefined }
  | { kind: 'none'; notFound: boolean }
  | { kind: 'unknown' };

/** "Payment failed: Your card was declined."; a cancel says what to do; no message is the spec's "not completed". */
function failureText(message: string | null | undefined): string {
  if (!message) return msg.notCompleted;
  if (message === paymentMessages.intentCanceled || message.startsWith('Payment failed')) return message;
  return msg.paymentFailed(message);
}

function paymentView({
  order,
  intentId,
  intent,
  redirectStatus,
}: {
  order: OrderDetail;
  intentId: string | null;
  intent: ReturnType<typeof usePaymentIntent>;
  redirectStatus: string | null;
}): PaymentView {
  if (!intentId) {
    // The provider's word that the attempt failed (it names no payment to look up).
    if (redirectStatus && FAILED_REDIRECTS.has(redirectStatus)) return { kind: 'failed', message: msg.notCompleted };
    // No payment named: the order's latest successful payment, if it has one.
    const payment = latestSuccessfulPayment(order.payments);
    return payment ? { kind: 'succeeded', intent: undefined, payment } : { kind: 'none', notFound: false };
  }
  if (intent.isError) {
    const missing = intent.error instanceof ApiError && (intent.error.status === 404 || intent.error.status === 403);
    return missing ? { kind: 'none', notFound: true } : { kind: 'unknown' };
  }
  const state = intent.data;
  if (!state) return { kind: 'checking', intent: undefined };
  // A payment of another order is not this order's to confirm.
  const ofThisOrder = state.allocations.some((a) => a.orderId === order.id) || state.payments.some((p) => p.orderId === order.id);
  if (!ofThisOrder) return { kind: 'none', notFound: true };
  if (state.status === 'succeeded') {
    const payment = state.payments.find((p) => p.orderId === order.id && p.paymentStatus === 'successful') ?? state.payments.find((p) => p.orderId === order.id);
    return { kind: 'succeeded', intent: state, payment };
  }
  if (state.status === 'failed') return { kind: 'failed', message: failureText(state.failureMessage) };
  if (state.status === 'under_review') return { kind: 'review', intent: state };
  // The provider said it failed; the server has not heard yet.
  if (redirectStatus && FAILED_REDIRECTS.has(redirectStatus)) return { kind: 'failed', message: msg.notCompleted };
  return intent.gaveUp ? { kind: 'stuck' } : { kind: 'checking', intent: state };
}

export default function PaymentConfirmationRoute() {
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const intentId = params.get('payment_intent') || null;
  const redirectStatus = params.get('redirect_status');
  const order = useOrder(orderId);
  const intent = usePaymentIntent(orderId ? intentId : null);
  const queryClient = useQueryClient();
  const succeeded = intent.data?.status === 'succeeded';
  // When the payment was seen to succeed: the invoice shown under it must be read after that.
  const [succeededAt, setSucceededAt] = useState<number | null>(null);

  // The customer arrives from the foot of the payment form: the outcome is at the top.
  useEffect(() => {
    (document.scrollingElement ?? document.documentElement).scrollTop = 0;
  }, []);

  useEffect(() => {
    if (!succeeded) return;
    setSucceededAt(Date.now());
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    void queryClient.invalidateQueries({ queryKey: paymentKeys.history() });
  }, [succeeded, queryClient]);

  return (
    <>
      <PageTitle title="Payment Confirmation" />
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
            view={paymentView({ order: order.data, intentId, intent, redirectStatus })}
            invoiceFresh={!intentId || (succeededAt !== null && order.dataUpdatedAt >= succeededAt)}
            onRetry={() => void intent.refetch()}
          />
        )}
      </div>
    </>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return (
    <div data-print="hide" className="flex flex-wrap gap-3">
      {children}
    </div>
  );
}

function OrderLinks({ orderId }: { orderId: string }) {
  return (
    <>
      <Link to={paths.app.order.getHref(orderId)} className={buttonClasses('secondary')}>
        Go to Order
      </Link>
      <Link to={paths.app.dashboard.getHref()} className={buttonClasses('secondary')}>
        Go to Dashboard
      </Link>
    </>
  );
}

function Confirmation({
  order,
  view,
  invoiceFresh,
  onRetry,
}: {
  order: OrderDetail;
  view: PaymentView;
  invoiceFresh: boolean;
  onRetry: () => void;
}) {
  // The order number never breaks at its hyphen.
  const orderLabel = (
    <>
      {order.firearmMake} {order.firearmModel} <span className="whitespace-nowrap">(Order {order.orderNumber || `#${shortOrderId(order.id)}`})</span>
    </>
  );
  const balance = order.invoice.balanceDueCents;
  const payLink =
    balance > 0 ? (
      <Link to={paths.app.orderPayment.getHref(order.id)} className={buttonClasses('primary')}>
        Make Payment
      </Link>
    ) : null;

  switch (view.kind) {
    case 'checking':
      // Nothing is known yet: no words about the payment until the server has answered.
      if (!view.intent) return <PageSpinner />;
    // falls through
    case 'stuck':
    case 'stuck':
      return (
        <>
          <div>
            <h1 className="text-3xl font-bold tracking-tight">{ui.processingTitle}</h1>
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              {view.kind === 'checking' ? ui.processing : ui.stillProcessing}
            </p>
            {view.kind === 'checking' ? (
              <p role="status" className="mt-2 inline-flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
                <Spinner className="size-4" /> {ui.confirming}
              </p>
            ) : null}
          </div>
          {view.kind === 'checking' && view.intent ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Payment of {formatCents(view.intent.allocations.find((a) => a.orderId === order.id)?.amountCents ?? view.intent.amountCents)} for{' '}
              {orderLabel}.
            </p>
          ) : null}
          <Actions>
            <OrderLinks orderId={order.id} />
          </Actions>
        </>
      );

    case 'review':
      return (
        <>
          <h1 className="text-3xl font-bold tracking-tight">{ui.reviewTitle}</h1>
          <Alert tone="warning">{view.intent.failureMessage ?? ui.review}</Alert>
          <p className="text-slate-700 dark:text-slate-300">{ui.reviewNext}</p>
          <Actions>
            <OrderLinks orderId={order.id} />
          </Actions>
        </>
      );

    case 'failed':
      return (
        <>
          <h1 className="text-3xl font-bold tracking-tight">{ui.failedTitle}</h1>
          <Alert tone="error">{view.message}</Alert>
          <p className="text-slate-700 dark:text-slate-300">No money was taken for {orderLabel}.</p>
          <Actions>
            {balance > 0 ? (
              <Link to={paths.app.orderPayment.getHref(order.id)} className={buttonClasses('primary')}>
                Try Again
              </Link>
            ) : null}
            <OrderLinks orderId={order.id} />
          </Actions>
        </>
      );

    case 'none':
      return (
        <>
          <h1 className="text-3xl font-bold tracking-tight">{ui.noPaymentTitle}</h1>
          <p className="text-slate-700 dark:text-slate-300">{view.notFound ? ui.paymentNotFound : ui.noPayment}</p>
          {order.payments.some((p) => p.paymentStatus === 'pending' && p.kind === 'payment') ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">{ui.pendingElsewhere}</p>
          ) : null}
          {balance > 0 ? (
            <p className="text-slate-700 dark:text-slate-300">
              Balance due on {orderLabel}: <strong className="tabular-nums">{formatCents(balance)}</strong>
            </p>
          ) : null}
          <Actions>
            {payLink}
            <OrderLinks orderId={order.id} />
          </Actions>
        </>
      );

    case 'unknown':
      return (
        <>
          <h1 className="text-3xl font-bold tracking-tight">Payment Confirmation</h1>
          <Alert tone="error">
            <p>{ui.checkFailed}</p>
            <Button variant="secondary" className="mt-3" onClick={onRetry}>
              Try Again
            </Button>
          </Alert>
          <Actions>
            <OrderLinks orderId={order.id} />
          </Actions>
        </>
      );

    case 'succeeded':
      return <Succeeded order={order} orderLabel={orderLabel} intent={view.intent} payment={view.payment} invoiceFresh={invoiceFresh} />;
  }
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-right [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function Succeeded({
  order,
  orderLabel,
  intent,
  payment,
  invoiceFresh,
}: {
  order: OrderDetail;
  orderLabel: ReactNode;
  intent: PaymentIntentState | undefined;
  payment: Payment | undefined;
  invoiceFresh: boolean;
}) {
  const paymentId = intent?.paymentIntentId || payment?.paymentIntentId || payment?.paymentId || '';
  // This order's share of the payment (a batch covers several).
  const amountCents = intent?.allocations.find((a) => a.orderId === order.id)?.amountCents ?? payment?.amountCents ?? intent?.amountCents;
  const receiptUrl = intent?.receiptUrl ?? payment?.receiptUrl ?? null;
  const ordersCovered = intent?.allocations.length ?? 1;

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
        <p className="mt-2 text-slate-700 dark:text-slate-300">Your payment for {orderLabel} has been received.</p>
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
          {intent && ordersCovered > 1 ? (
            <DetailRow label="Card payment">
              {formatCents(intent.amountCents)} for {ordersCovered} orders
            </DetailRow>
          ) : null}
          <DetailRow label="Date">{formatDateTime(payment?.paymentDate ?? intent?.updatedAt ?? null) || 'Not available'}</DetailRow>
          <DetailRow label="Payment Method">{payment?.paymentMethod || paymentMessages.defaultMethod}</DetailRow>
          <DetailRow label="Receipt">
            {receiptUrl ? (
              <a
                href={receiptUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-blue-700 underline underline-offset-2 dark:text-amber-300"
              >
                View Receipt<span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <span className="text-slate-700 dark:text-slate-300">Processing</span>
            )}
          </DetailRow>
        </dl>
        {receiptUrl ? null : <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{msg.receiptProcessing}</p>}
      </section>

      {invoiceFresh ? (
        <BillSummary title="Invoice Summary" invoice={order.invoice} lines={order.lines} />
      ) : (
        <p role="status" className="inline-flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Spinner className="size-4" /> {ui.updatingInvoice}
        </p>
      )}

      <Actions>
        <Link to={paths.app.orderInvoice.getHref(order.id)} className={buttonClasses('primary')}>
          Print Invoice
        </Link>
        <OrderLinks orderId={order.id} />
      </Actions>
    </>
  );
}
