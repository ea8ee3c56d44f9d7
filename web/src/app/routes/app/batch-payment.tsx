import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { CreatedIntent } from '@gs/shared/api-types';
import { formatCents } from '@gs/shared/money';
import { PageTitle } from '@/components/seo/page-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { getOrderInvoice } from '@/features/orders/api/get-order-invoice';
import { useOrders } from '@/features/orders/api/get-orders';
import { shortOrderId, type Order } from '@/features/orders/types';
import { parseBatchOrderIds } from '@/features/payments/amount';
import { useCreatePaymentIntent } from '@/features/payments/api/create-payment-intent';
import { BackLink } from '@/features/payments/components/back-link';
import { CardPayment } from '@/features/payments/components/card-payment';
import { ShippingChoice } from '@/features/payments/components/shipping-choice';
import { paymentPageMessages as msg } from '@/features/payments/messages';
import type { PaymentOutcome } from '@/features/payments/types';
import { orderKeys, paymentKeys } from '@/lib/query-keys';

/** After a successful batch payment the customer goes back to /payments this much later. */
export const REDIRECT_AFTER_BATCH_MS = 3_000;

export default function BatchPaymentRoute() {
  const [params] = useSearchParams();
  const orderIds = parseBatchOrderIds(params.get('orders'));
  const orders = useOrders({ enabled: orderIds.length > 0 });

  return (
    <>
      <PageTitle title="Pay Multiple Orders" />
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <BackLink fallback={paths.app.payments.getHref()} />
        <h1 className="text-3xl font-bold tracking-tight">Pay Multiple Orders</h1>
        {orderIds.length === 0 ? (
          <Alert tone="error">{msg.noOrdersSelected}</Alert>
        ) : orders.isPending ? (
          <PageSpinner />
        ) : orders.isError ? (
          <Alert tone="error">{msg.loadFailed(orders.error.message)}</Alert>
        ) : (
          <BatchForm orderIds={orderIds} orders={orders.data} />
        )}
      </div>
    </>
  );
}

/** Each order's invoice for the shipping choice: its own, or the server's preview for the other choice. */
function useBatchInvoices(orders: Order[], shipping: boolean) {
  const previews = useQueries({
    queries: orders.map((o) => ({
      queryKey: orderKeys.invoice(o.id, shipping),
      queryFn: () => getOrderInvoice(o.id, shipping),
      enabled: o.shippingSelected !== shipping,
    })),
  });
  const invoices = orders.map((o, i) => (o.shippingSelected === shipping ? o.invoice : (previews[i].data ?? o.invoice)));
  const busy = orders.some((o, i) => o.shippingSelected !== shipping && previews[i].isFetching);
  return { invoices, busy };
}

function BatchForm({ orderIds, orders }: { orderIds: string[]; orders: Order[] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createPaymentIntent = useCreatePaymentIntent();
  const [shipping, setShipping] = useState(true);
  const [paid, setPaid] = useState<(PaymentOutcome & { lines: PaidLine[]; totalCents: number }) | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The intent the server made: its split of the charge across the orders is what was paid.
  const created = useRef<CreatedIntent | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The orders as listed in the link, those of this customer only; the rest are named below.
  const byId = new Map(orders.map((o) => [o.id, o]));
  const selected = orderIds.flatMap((id) => byId.get(id) ?? []);
  const missing = orderIds.filter((id) => !byId.has(id));
  const { invoices, busy } = useBatchInvoices(selected, shipping);
  const payable = selected.filter((_, i) => invoices[i].balanceDueCents > 0);
  const totalCents = invoices.reduce((sum, inv) => sum + Math.max(0, inv.balanceDueCents), 0);

  const onSucceeded = (outcome: PaymentOutcome) => {
    const intent = created.current;
    const label = (o: Order) => `Order ${o.orderNumber || `#${shortOrderId(o.id)}`}`;
    const lines: PaidLine[] = intent?.allocations.length
      ? intent.allocations.flatMap((a) => {
          const o = byId.get(a.orderId);
          return o ? [{ orderId: o.id, label: label(o), title: `${o.firearmMake} ${o.firearmModel}`, amountCents: a.amountCents }] : [];
        })
      : payable.map((o) => ({
          orderId: o.id,
          label: label(o),
          title: `${o.firearmMake} ${o.firearmModel}`,
          amountCents: invoices[selected.indexOf(o)].balanceDueCents,
        }));
    setPaid({ ...outcome, lines, totalCents: intent?.amountCents ?? lines.reduce((sum, l) => sum + l.amountCents, 0) });
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    timer.current = setTimeout(() => navigate(paths.app.payments.getHref()), REDIRECT_AFTER_BATCH_MS);
  };

  if (selected.length === 0) {
    return <Alert tone="error">{msg.noOrdersSelected}</Alert>;
  }

  const first = selected[0];
  return (
    <>
      {paid ? <PaidSummary paid={paid} /> : null}
      {missing.length > 0 ? (
        <Alert tone="warning" title="Some orders could not be found">
          <p>These orders are not in your account and are left out: {missing.map(shortOrderId).join(', ')}.</p>
        </Alert>
      ) : null}

      <div className="grid items-start gap-6 md:grid-cols-2">
        <section
          aria-labelledby="batch-orders-heading"
          className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 id="batch-orders-heading" className="text-lg font-semibold">
            Orders in This Payment
          </h2>
          <ul aria-label="Orders in this payment" className="mt-3 divide-y divide-slate-100 text-sm dark:divide-slate-800" aria-busy={busy || undefined}>
            {selected.map((order, i) => (
              <li key={order.id} className="flex items-start justify-between gap-4 py-2">
                <span className="min-w-0">
                  <span className="block font-medium">
                    {order.firearmMake} {order.firearmModel}
                  </span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    Order {order.orderNumber || `#${shortOrderId(order.id)}`}
                    {invoices[i].balanceDueCents <= 0 ? ' · nothing due' : ''}
                  </span>
                </span>
                <span className="font-medium tabular-nums">{formatCents(invoices[i].balanceDueCents)}</span>
              </li>
            ))}
          </ul>
          <div className="mt-2 flex justify-between gap-4 border-t border-slate-200 pt-3 text-base font-bold dark:border-slate-700">
            <span>Total</span>
            <span data-testid="batch-total" className="tabular-nums">
              {formatCents(totalCents)}
            </span>
          </div>
          <ShippingChoice
            checked={shipping}
            onChange={setShipping}
            disabled={Boolean(paid)}
            label="Include the return shipping fee on each order"
          />
        </section>

        <section
          aria-labelledby="batch-pay-heading"
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 id="batch-pay-heading" className="text-lg font-semibold">
            Payment
          </h2>
          {paid ? (
            <p className="text-sm">{paid.status === 'succeeded' ? 'Payment complete.' : 'Payment submitted.'}</p>
          ) : payable.length === 0 ? (
            <>
              <p className="text-sm">None of these orders has a balance due.</p>
              <Button variant="secondary" onClick={() => navigate(paths.app.payments.getHref())}>
                Back to Payments
              </Button>
            </>
          ) : (
            <>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                One card payment of <strong>{formatCents(totalCents)}</strong> covers{' '}
                {payable.length === 1 ? 'this order' : `all ${payable.length} orders`}; it is split across them by balance due.
              </p>
              <CardPayment
                batch
                amountCents={totalCents}
                submitLabel={`Pay ${formatCents(totalCents)}`}
                disabled={busy || Boolean(paid)}
                returnPath={paths.app.paymentConfirmation.getHref((payable[0] ?? first).id)}
                request={{
                  createIntent: async () => {
                    // The total on the page is what the customer confirmed: a bill changed since is refused, never charged.
                    created.current = await createPaymentIntent({ orderIds: payable.map((o) => o.id), includeShipping: shipping, confirmedBalanceCents: totalCents });
                    return created.current;
                  },
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

interface PaidLine {
  orderId: string;
  label: string;
  title: string;
  amountCents: number;
}

/** What the payment covered, order by order, until the page goes back to /payments. */
function PaidSummary({ paid }: { paid: PaymentOutcome & { lines: PaidLine[]; totalCents: number } }) {
  const succeeded = paid.status === 'succeeded';
  const count = paid.lines.length === 1 ? '1 order' : `${paid.lines.length} orders`;
  return (
    <Alert tone="success" title={succeeded ? 'Payment successful!' : 'Payment submitted'}>
      <p>
        {succeeded
          ? `Thank you. Your payment for ${count} has been received.`
          : 'Your payment is processing. Your invoices will update once it completes.'}
      </p>
      <ul aria-label="Paid orders" className="mt-2 space-y-1">
        {paid.lines.map((line) => (
          <li key={line.orderId} className="flex items-baseline justify-between gap-4">
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {line.label} <span className="opacity-80">· {line.title}</span>
            </span>
            <span className="shrink-0 font-medium tabular-nums">{formatCents(line.amountCents)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-1 flex items-baseline justify-between gap-4 border-t border-current/20 pt-1 font-semibold">
        <span>{succeeded ? 'Total paid' : 'Total'}</span>
        <span data-testid="batch-paid-total" className="tabular-nums">
          {formatCents(paid.totalCents)}
        </span>
      </p>
      <p role="status" className="mt-2">
        Returning to Payments…
      </p>
      {paid.lines[0] ? (
        <Link
          to={paths.app.paymentConfirmation.getHref(paid.lines[0].orderId, paid.paymentIntentId)}
          className="mt-1 inline-block font-semibold underline underline-offset-2"
        >
          View payment confirmation
        </Link>
      ) : null}
    </Alert>
  );
}
