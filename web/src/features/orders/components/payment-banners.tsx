import { Link } from 'react-router-dom';
import { formatCents } from '@gs/shared/money';
import { needsPayment } from '@gs/shared/statuses';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { Order } from '../types';

const box = 'flex flex-wrap items-center justify-between gap-3 rounded-lg border px-3 py-2 text-sm';

/** Where the order stands with money, with a way to pay when payment is needed. */
export function PaymentBanners({ order }: { order: Order }) {
  const { paymentStatus, amountPaidCents, balanceDueCents } = order.invoice;
  if (needsPayment(order)) {
    return (
      <div className={`${box} border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100`}>
        <p>
          <span className="font-semibold">Payment Required:</span> {formatCents(balanceDueCents)} is due on this order
          {amountPaidCents > 0 ? ` (${formatCents(amountPaidCents)} already paid)` : ''}.
        </p>
        <Link to={paths.app.orderPayment.getHref(order.id)} className={buttonClasses('danger', 'py-1.5')}>
          Make Payment
        </Link>
      </div>
    );
  }
  if (paymentStatus === 'partially_paid') {
    return (
      <p className={`${box} border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100`}>
        <span>
          <span className="font-semibold">Partially Paid:</span> {formatCents(amountPaidCents)} received,{' '}
          {formatCents(balanceDueCents)} remaining.
        </span>
      </p>
    );
  }
  if (paymentStatus === 'paid' && amountPaidCents > 0) {
    return (
      <p className={`${box} border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-100`}>
        <span>
          <span className="font-semibold">Paid in Full:</span> {formatCents(amountPaidCents)} received. Thank you!
        </span>
      </p>
    );
  }
  return null;
}
