import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '@gs/shared/dates';
import { BillTotals } from '@/components/billing/bill-summary';
import { signedAmountCents, signedMoney } from '@/components/billing/ledger';
import { paymentStatusBadge } from '@/components/billing/payment-status-badge';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { OrderDetail } from '../types';

const PAYMENT_STATUS = {
  paid: { label: 'Paid', tone: 'success' },
  partially_paid: { label: 'Partially Paid', tone: 'yellow' },
  unpaid: { label: 'Unpaid', tone: 'grey' },
} as const;

/** What is owed and the way to pay it; a closed order has no payment panel. */
export function PaymentPanel({ order, className = '' }: { order: OrderDetail; className?: string }) {
  const headingId = useId();
  if (order.currentStatus === 'order_closed') return null;
  const { invoice } = order;
  const status = PAYMENT_STATUS[invoice.paymentStatus] ?? PAYMENT_STATUS.unpaid;
  // What moved money or is settling; a declined attempt is in the payment history, not here.
  const entries = order.payments.filter((p) => p.paymentStatus !== 'failed');

  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900 ${className}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold">
          Payment
        </h2>
        <Badge tone={status.tone}>{status.label}</Badge>
      </div>
      {invoice.invoiceNumber ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Invoice {invoice.invoiceNumber}</p>
      ) : null}
      {/* The itemized bill is in Service Details beside this panel; here, what is owed. */}
      <dl className="mt-2 text-sm">
        <BillTotals invoice={invoice} divider={false} />
      </dl>

      {invoice.balanceDueCents > 0 ? (
        <Link to={paths.app.orderPayment.getHref(order.id)} className={buttonClasses('primary', 'mt-4 w-full')}>
          Make Payment
        </Link>
      ) : (
        <p className="mt-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-100">
          Nothing is due on this order.
        </p>
      )}

      {entries.length > 0 ? (
        <div className="mt-4 border-t border-slate-200 pt-3 dark:border-slate-700">
          <h3 className="text-sm font-semibold">Payments</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {entries.map((payment) => (
              <li key={payment.paymentId} className="flex justify-between gap-4">
                <span className="min-w-0 text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
                  {formatDate(payment.paymentDate)} · {payment.paymentMethod}
                  {payment.paymentStatus === 'pending' ? ` · ${paymentStatusBadge(payment.paymentStatus, payment.flag).label}` : ''}
                </span>
                <span className="shrink-0 font-medium whitespace-nowrap tabular-nums">{signedMoney(signedAmountCents(payment))}</span>
              </li>
            ))}
          </ul>
          <Link
            to={paths.app.paymentHistory.getHref()}
            className="mt-2 inline-block text-sm text-blue-700 underline underline-offset-2 dark:text-amber-300"
          >
            View payment history
          </Link>
        </div>
      ) : null}
    </section>
  );
}
