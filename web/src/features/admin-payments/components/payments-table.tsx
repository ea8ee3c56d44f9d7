import { Link } from 'react-router-dom';
import type { AdminPayment } from '@gs/shared/api-types';
import { formatDateTime } from '@gs/shared/dates';
import { paymentMessages } from '@gs/shared/payment-messages';
import { LEDGER_FLAG_LABELS, LEDGER_KIND_LABELS, isCreditFlag } from '@gs/shared/payment-rules';
import { EntryDispute } from '@/components/billing/entry-dispute';
import { signedAmountCents, signedMoney } from '@/components/billing/ledger';
import { paymentStatusBadge } from '@/components/billing/payment-status-badge';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import type { AdminPaymentSort, SortDirection } from '../types';

const th = 'px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400';
const td = 'px-3 py-3 align-top';

function SortHeader({
  column,
  label,
  sort,
  direction,
  onSort,
  className = '',
}: {
  column: AdminPaymentSort;
  label: string;
  sort: AdminPaymentSort;
  direction: SortDirection;
  onSort: (column: AdminPaymentSort) => void;
  className?: string;
}) {
  const active = sort === column;
  return (
    <th scope="col" aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'} className={`${th} ${className}`}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex items-center gap-1 rounded font-semibold tracking-wide uppercase hover:text-slate-900 dark:hover:text-white"
      >
        {label}
        <span aria-hidden="true" className={active ? '' : 'opacity-40'}>
          {active ? (direction === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

export function firearmText(p: Pick<AdminPayment, 'firearmMake' | 'firearmModel' | 'serialNumber'>): { name: string; serial: string | null } | null {
  const name = [p.firearmMake, p.firearmModel].filter(Boolean).join(' ');
  if (!name && !p.serialNumber) return null;
  return { name, serial: p.serialNumber ? `S/N ${p.serialNumber}` : null };
}

export function PaymentsTable({
  payments,
  sort,
  direction,
  onSort,
}: {
  payments: AdminPayment[];
  sort: AdminPaymentSort;
  direction: SortDirection;
  onSort: (column: AdminPaymentSort) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900">
      <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
        <caption className="sr-only">Customer payments</caption>
        <thead className="bg-slate-50 dark:bg-slate-800/60">
          <tr>
            <SortHeader column="date" label="Date" sort={sort} direction={direction} onSort={onSort} />
            <SortHeader column="customer" label="Customer" sort={sort} direction={direction} onSort={onSort} />
            <th scope="col" className={th}>Firearm</th>
            <th scope="col" className={th}>Order ID</th>
            <SortHeader column="amount" label="Amount" sort={sort} direction={direction} onSort={onSort} />
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={th}>Payment Method</th>
            <th scope="col" className={th}>Receipt</th>
            <th scope="col" className={th}>Payment ID</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {payments.map((p) => {
            const badge = paymentStatusBadge(p.paymentStatus, p.flag);
            const firearm = firearmText(p);
            return (
              <tr key={p.paymentId}>
                <td className={`${td} whitespace-nowrap`}>{formatDateTime(p.paymentDate)}</td>
                {/* Names, emails and firearms wrap anywhere: a long unbroken one never makes its column wider than a phone. */}
                <td className={`${td} min-w-[12rem] [overflow-wrap:anywhere]`}>
                  <span className="block font-medium">{p.customerName || 'Unknown'}</span>
                  {p.customerEmail ? <span className="block text-xs text-slate-600 dark:text-slate-400">{p.customerEmail}</span> : null}
                </td>
                <td className={`${td} min-w-[10rem] [overflow-wrap:anywhere]`}>
                  {firearm ? (
                    <>
                      <span className="block">{firearm.name}</span>
                      {firearm.serial ? <span className="block text-xs text-slate-600 dark:text-slate-400">{firearm.serial}</span> : null}
                    </>
                  ) : (
                    <span className="text-slate-600 dark:text-slate-400">No firearm data</span>
                  )}
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  {p.orderId ? (
                    <Link
                      to={paths.admin.manageOrders.getHref(p.orderId)}
                      title={p.orderId}
                      className="font-mono text-blue-700 underline underline-offset-2 dark:text-amber-300"
                    >
                      {p.orderId.slice(0, 8)}…
                    </Link>
                  ) : (
                    'Unknown'
                  )}
                </td>
                <td
                  data-cents={signedAmountCents(p)}
                  className={`${td} font-medium whitespace-nowrap tabular-nums ${p.kind === 'refund' ? 'text-red-700 dark:text-red-300' : ''}`}
                >
                  {signedMoney(signedAmountCents(p))}
                </td>
                <td className={`${td} min-w-[8rem]`}>
                  <Badge tone={badge.tone}>{badge.label}</Badge>
                  {p.paymentStatus === 'failed' && p.notes ? (
                    <span className="mt-1 block max-w-[14rem] text-xs [overflow-wrap:anywhere] text-red-700 dark:text-red-300">{p.notes}</span>
                  ) : null}
                  {p.flag === 'unconfirmed' && p.notes ? (
                    <span className="mt-1 block max-w-[14rem] text-xs [overflow-wrap:anywhere] text-amber-800 dark:text-amber-300">{p.notes}</span>
                  ) : null}
                  {p.flag ? (
                    <span className="mt-1 block">
                      <Badge tone={isCreditFlag(p.flag) ? 'red' : 'warning'}>{LEDGER_FLAG_LABELS[p.flag]}</Badge>
                    </span>
                  ) : null}
                  <EntryDispute entry={p} className="mt-1 block max-w-[14rem] text-xs [overflow-wrap:anywhere]" />
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  {p.paymentMethod || paymentMessages.defaultMethod}
                  {/* A refund's label says what it is ("Refund (Cash)"); an adjustment's or credit's says only how. */}
                  {p.kind === 'adjustment' || p.kind === 'credit' ? (
                    <span className="block text-xs text-slate-600 dark:text-slate-400">{LEDGER_KIND_LABELS[p.kind]}</span>
                  ) : null}
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  {p.receiptUrl ? (
                    <a href={p.receiptUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-700 underline underline-offset-2 dark:text-amber-300">
                      View<span className="sr-only"> receipt (opens in a new tab)</span>
                    </a>
                  ) : (
                    <span className="text-slate-600 dark:text-slate-400">Not available</span>
                  )}
                </td>
                <td className={`${td} font-mono text-xs text-slate-700 dark:text-slate-300`}>
                  {/* Long ids are cut on screen only: the whole id stays selectable and in the tooltip. */}
                  <span className="block max-w-[9rem] truncate" title={p.paymentIntentId ? `${p.paymentId} (Stripe: ${p.paymentIntentId})` : p.paymentId}>
                    {p.paymentId}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
