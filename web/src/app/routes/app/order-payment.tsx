import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { centsToInput, formatCents } from '@gs/shared/money';
import { chargeMessages, MIN_CHARGE_CENTS } from '@gs/shared/payment-rules';
import { BillSummary } from '@/components/billing/bill-summary';
import { errorMessage } from '@/components/errors/error-screen';
import { PageTitle } from '@/components/seo/page-title';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useOrder } from '@/features/orders/api/get-order';
import { useOrderInvoice } from '@/features/orders/api/get-order-invoice';
import { shortOrderId, type OrderDetail } from '@/features/orders/types';
import { clampAmountInput, parseAmount } from '@/features/payments/amount';
import { useCreatePaymentIntent } from '@/features/payments/api/create-payment-intent';
import { BackLink } from '@/features/payments/components/back-link';
import { CardPayment } from '@/features/payments/components/card-payment';
import { ShippingChoice } from '@/features/payments/components/shipping-choice';
import { paymentPageMessages as msg, paymentUiMessages as ui } from '@/features/payments/messages';
import type { PaymentOutcome } from '@/features/payments/types';
import { orderKeys, paymentKeys } from '@/lib/query-keys';

/** After a successful payment the customer is taken to its confirmation this much later. */
export const CONFIRMATION_AFTER_PAYMENT_MS = 2_000;

export default function OrderPaymentRoute() {
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);

  return (
    <>
      <PageTitle title="Make a Payment" />
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <BackLink fallback={orderId ? paths.app.order.getHref(orderId) : paths.app.dashboard.getHref()} />
        {!orderId ? (
          <Alert tone="error">{msg.missingOrder}</Alert>
        ) : order.isPending ? (
          <PageSpinner />
        ) : order.isError ? (
          <>
            <h1 className="text-3xl font-bold tracking-tight">Make a Payment</h1>
            <Alert tone="error">{msg.loadFailed(errorMessage(order.error))}</Alert>
          </>
        ) : (
          <PaymentForm order={order.data} />
        )}
      </div>
    </>
  );
}

function PaymentForm({ order }: { order: OrderDetail }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const createPaymentIntent = useCreatePaymentIntent();
  const [shipping, setShipping] = useState(order.shippingSelected);
  const { invoice, isPreviewing, isError: previewFailed } = useOrderInvoice(order, shipping);
  const balance = invoice.balanceDueCents;
  const [amount, setAmount] = useState(() => centsToInput(balance));
  const [edited, setEdited] = useState(false);
  // The amount's problem shows once the customer typed one or tried to pay, and goes as soon as it is fixed.
  const [attempted, setAttempted] = useState(false);
  const [paid, setPaid] = useState<PaymentOutcome | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The amount follows the balance until the customer types one, and never exceeds it.
  useEffect(() => {
    setAmount((current) => (edited ? clampAmountInput(current, balance) : centsToInput(balance)));
  }, [balance, edited]);

  // The form goes at once (nothing can be paid twice) and the invoice is read again. The provider
  // returns to the confirmation page after a redirect; a payment confirmed in
  // the page goes there too, after the spec's 2 seconds (its "reload"), or at once by the link.
  // Replacing this page keeps the browser's Back from offering the paid form again.
  const onSucceeded = (outcome: PaymentOutcome) => {
    setPaid(outcome);
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    const href = paths.app.paymentConfirmation.getHref(order.id, outcome.paymentIntentId);
    timer.current = setTimeout(() => void navigate(href, { replace: true }), CONFIRMATION_AFTER_PAYMENT_MS);
  };

  const parsed = parseAmount(amount, balance);
  const chargeCents = 'cents' in parsed ? parsed.cents : 0;
  const amountError = 'error' in parsed && (edited || attempted) ? parsed.error : undefined;
  const title = `${order.firearmMake} ${order.firearmModel}`;
  const payFullBalance = () => {
    setEdited(false);
    setAttempted(false);
    setAmount(centsToInput(balance));
  };

  return (
    <>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Make a Payment</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {title} · Order {order.orderNumber || `#${shortOrderId(order.id)}`}
        </p>
      </div>

      <div className="grid items-start gap-6 md:grid-cols-2">
        <BillSummary title="Invoice Summary" invoice={invoice} lines={order.lines} busy={isPreviewing}>
          <ShippingChoice checked={shipping} onChange={setShipping} disabled={Boolean(paid)} />
          {previewFailed ? (
            <p role="alert" className="mt-2 text-xs text-red-700 dark:text-red-300">
              Could not update the total for this shipping choice.
            </p>
          ) : null}
        </BillSummary>

        <section
          aria-labelledby="pay-heading"
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 id="pay-heading" className="text-lg font-semibold">
            Payment
          </h2>
          {paid ? (
            // Nothing here can be paid again: the form is gone the moment the payment went through.
            <Alert tone="success" title={paid.status === 'succeeded' ? 'Payment successful!' : 'Payment submitted'}>
              <p role="status">{ui.paidRedirecting}</p>
              <Link
                to={paths.app.paymentConfirmation.getHref(order.id, paid.paymentIntentId)}
                replace
                className="mt-2 inline-block font-semibold underline underline-offset-2"
              >
                View payment confirmation
              </Link>
            </Alert>
          ) : balance > 0 && balance < MIN_CHARGE_CENTS ? (
            <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 dark:bg-amber-950/50 dark:text-amber-100">
              {chargeMessages.balanceBelowMinimum(balance)}
            </p>
          ) : balance <= 0 ? (
            <>
              <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100">
                This order is paid in full. Nothing is due.
              </p>
              <Link to={paths.app.order.getHref(order.id)} className={buttonClasses('secondary', 'w-full')}>
                Go to Order
              </Link>
            </>
          ) : (
            <>
              <div className="space-y-2">
                <FormField
                  label="Payment Amount ($)"
                  name="amount"
                  type="number"
                  inputMode="decimal"
                  min="0.01"
                  max={centsToInput(balance)}
                  step="0.01"
                  value={amount}
                  error={amountError}
                  hint={ui.amountHint(formatCents(balance), formatCents(MIN_CHARGE_CENTS))}
                  onChange={(e) => {
                    setEdited(true);
                    setAmount(clampAmountInput(e.target.value, balance));
                  }}
                />
                {amountError ? (
                  <Button variant="secondary" onClick={payFullBalance}>
                    {ui.payFullBalance(formatCents(balance))}
                  </Button>
                ) : null}
              </div>
              <CardPayment
                amountCents={chargeCents}
                submitLabel={chargeCents > 0 ? `Pay ${formatCents(chargeCents)}` : 'Pay'}
                disabled={isPreviewing}
                returnPath={paths.app.paymentConfirmation.getHref(order.id)}
                request={{
                  validate: () => {
                    const result = parseAmount(amount, balance);
                    return 'error' in result ? result.error : null;
                  },
                  onInvalid: () => setAttempted(true),
                  // Only what the customer types clears the last error: an amount that followed a changed balance keeps
                  // the server's "the amount due changed" beside the new Pay button.
                  resetKey: edited ? amount : null,
                  // The balance on the page is what the customer confirmed: a bill changed since is refused, never charged.
                  createIntent: () => createPaymentIntent({ orderIds: [order.id], amountCents: chargeCents, includeShipping: shipping, confirmedBalanceCents: balance }),
                  onSucceeded,
                }}
              />
            </>
          )}
        </section>
      </div>
    </>
  );
}
