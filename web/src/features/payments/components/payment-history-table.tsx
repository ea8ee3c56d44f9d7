import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Payment } from '@gs/shared/api-types';
import { formatDate } from '@gs/shared/dates';
import { paymentMessages } from '@gs/shared/payment-messages';
import { paymentStatusBadge } from '@/components/billing/payment-status-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Payment history page size. */
export const HISTORY_PAGE_SIZE = 10;

/** Order number, else the first 8 characters of the id, else "Unknown". */
export function orderLabel(payment: Pick<Payment, 'orderNumber' | 'orderId'>): string {
  return payment.orderNumber || (payment.orderId ? payment.orderId.slice(0, 8) : '') || 'Unknown';
}

/** Dollars with 2 decimals, 0.00 when missing. */
export const amountText = (cents: number | null | undefined) =>
  `$${((typeof cents === 'number' && Number.isFinite(cents) ? cents : 0) / 100).toFixed(2)}`;

/** A refund is money going back to the customer: "−$20.00" (a true minus sign); everything else as is. */
export const ledgerAmountText = (payment: Pick<Payment, 'kind' | 'amountCents'>) =>
  payment.kind === 'refund' ? `\u2212${amountText(payment.amountCents)}` : amountText(payment.amountCents);

/**
 * What the method column adds under a credit (money received above the bill); the other kinds
 * say what they are in their own label ("Discount", "Refund (Credit Card)").
 */
export function kindNote(payment: Pick<Payment, 'kind' | 'amountCents' | 'refundedCents'>): string | null {
  if (payment.kind !== 'credit') return null;
  return (payment.refundedCents ?? 0) >= payment.amountCents ? 'Credit, refunded' : 'Credit, to be refunded';
}

const th = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400';
// On phones each row becomes a small card: cells stack with their column name before them
// (data-label). Explicit ARIA roles keep the table semantics that display:block would drop.
const td =
  'px-4 py-3 align-top max-sm:flex max-sm:justify-between max-sm:gap-4 max-sm:py-1.5 max-sm:before:font-medium max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-400';

export function PaymentHistoryTable({ payments }: { payments: Payment[] }) {
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(payments.length / HISTORY_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = payments.slice((current - 1) * HISTORY_PAGE_SIZE, current * HISTORY_PAGE_SIZE);

  return (
    <div className="space-y-4">
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
        <table role="table" className="min-w-full divide-y divide-slate-200 text-sm max-sm:block dark:divide-slate-700">
          <caption className="sr-only">Your payments, newest first</caption>
          <thead role="rowgroup" className="bg-slate-50 max-sm:sr-only dark:bg-slate-800/60">
            <tr role="row">
              <th role="columnheader" scope="col" className={th}>Date</th>
              <th role="columnheader" scope="col" className={th}>Order ID</th>
              <th role="columnheader" scope="col" className={`${th} text-right`}>Amount</th>
              <th role="columnheader" scope="col" className={th}>Payment Method</th>
              <th role="columnheader" scope="col" className={th}>Status</th>
              <th role="columnheader" scope="col" className={th}>Receipt</th>
            </tr>
          </thead>
          <tbody role="rowgroup" className="divide-y divide-slate-100 max-sm:block dark:divide-slate-800">
            {rows.map((payment) => {
              const badge = paymentStatusBadge(payment.paymentStatus, payment.flag);
              return (
                <tr role="row" key={payment.paymentId} className="max-sm:block max-sm:py-2">
                  <td role="cell" data-label="Date" className={`${td} whitespace-nowrap`}>{formatDate(payment.paymentDate)}</td>
                  <td role="cell" data-label="Order ID" className={`${td} whitespace-nowrap`}>
                    {payment.orderId ? (
                      <Link
                        to={paths.app.order.getHref(payment.orderId)}
                        className="font-medium text-blue-700 underline underline-offset-2 dark:text-amber-300"
                      >
                        {orderLabel(payment)}
                      </Link>
                    ) : (
                      orderLabel(payment)
                    )}
                  </td>
                  <td
                    role="cell"
                    data-label="Amount"
                    data-kind={payment.kind}
                    className={`${td} text-right font-medium whitespace-nowrap tabular-nums`}
                  >
                    {ledgerAmountText(payment)}
                  </td>
                  <td role="cell" data-label="Payment Method" className={td}>
                    <span className="max-sm:text-right">
                      <span className="whitespace-nowrap">{payment.paymentMethod || paymentMessages.defaultMethod}</span>
                      {kindNote(payment) ? (
                        <span className="block text-xs text-slate-600 dark:text-slate-400">{kindNote(payment)}</span>
                      ) : null}
                    </span>
                  </td>
                  <td role="cell" data-label="Status" className={td}>
                    <Badge tone={badge.tone}>{badge.label}</Badge>
                  </td>
                  <td role="cell" data-label="Receipt" className={`${td} whitespace-nowrap`}>
                    {payment.receiptUrl ? (
                      <a
                        href={payment.receiptUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="font-medium text-blue-700 underline underline-offset-2 dark:text-amber-300"
                      >
                        View Receipt<span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      <span className="text-slate-600 dark:text-slate-400">Not available</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      {pageCount > 1 ? (
        <nav aria-label="Payment history pages" className="flex items-center justify-between gap-3">
          <Button variant="secondary" disabled={current <= 1} onClick={() => setPage(current - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-700 dark:text-slate-300">
            Page {current} of {pageCount}
          </span>
          <Button variant="secondary" disabled={current >= pageCount} onClick={() => setPage(current + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
