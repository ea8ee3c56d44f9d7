import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '@gs/shared/dates';
import { formatCents } from '@gs/shared/money';
import { bucketLabel, RECEIVABLE_BUCKETS, type ReceivableAmount, type ReceivableBucketId, type ReceivableRow } from '@gs/shared/receivables';
import { AdminStatusBadge } from '@/components/status/admin-status-badge';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { filterControlClasses } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useReceivablePages } from '../api/list-receivables';
import { LoadMore } from '@/components/ui/load-more';

export const receivableTexts = {
  loading: 'Loading receivables...',
  loadFailed: 'Unable to load receivables. Please try again.',
  loadMoreFailed: 'Could not load more orders. Please try again.',
  empty: 'No orders have a balance due.',
  emptyBucket: (label: string) => `No orders with a balance due are ${label} old.`,
  allAges: 'All ages',
} as const;

const orders = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

function StatCard({ label, amount, wide = false }: { label: string; amount: ReceivableAmount; wide?: boolean }) {
  return (
    <div className={`rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900 ${wide ? 'col-span-2 sm:col-span-1' : ''}`}>
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums sm:text-2xl" data-cents={amount.balanceDueCents}>
        {formatCents(amount.balanceDueCents)}
      </dd>
      <dd className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{orders(amount.count)}</dd>
    </div>
  );
}

function Money({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={`tabular-nums ${strong ? 'font-bold' : ''}`} data-cents={cents}>
        {formatCents(cents)}
      </dd>
    </div>
  );
}

function ReceivableItem({ row }: { row: ReceivableRow }) {
  const firearm = [row.firearmMake, row.firearmModel].filter(Boolean).join(' ');
  return (
    <li className="grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start" data-order-id={row.orderId}>
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={paths.admin.manageOrders.getHref(row.orderId)} className="font-mono font-semibold text-blue-700 underline underline-offset-2 dark:text-amber-300">
            {row.orderNumber}
          </Link>
          <AdminStatusBadge status={row.currentStatus} archived={row.isArchived} />
          {row.isArchived ? <Badge tone="grey">Archived</Badge> : null}
        </div>
        <p className="[overflow-wrap:anywhere]">
          <span className="font-medium">{row.customerName || 'Unknown'}</span>
          {row.customerEmail ? <span className="block text-sm text-slate-600 dark:text-slate-400">{row.customerEmail}</span> : null}
        </p>
        <p className="text-sm [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">
          {firearm || 'No firearm data'}
          {row.serialNumber ? <span className="text-slate-600 dark:text-slate-400"> · S/N {row.serialNumber}</span> : null}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Invoiced {formatDate(row.invoiceDate)} · <span className="font-medium">{days(row.ageDays)}</span> <Badge tone={row.bucket === 'over-90' ? 'red' : row.bucket === '0-30' ? 'grey' : 'warning'}>{bucketLabel(row.bucket)}</Badge>
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-3 text-sm sm:min-w-[18rem] sm:text-right">
        <Money label="Invoice total" cents={row.invoiceTotalCents} />
        <Money label="Paid" cents={row.amountPaidCents} />
        <Money label="Balance due" cents={row.balanceDueCents} strong />
      </dl>
    </li>
  );
}

/**
 * The staff Receivables page: the totals of every order with a balance due and their aging (from the
 * server's counters, whatever the filter), an age filter, and the orders, oldest invoice first, 25 at a
 * time ("Load more"), each linking to the order.
 */
export function ReceivablesPanel() {
  const [bucket, setBucket] = useState<ReceivableBucketId | ''>('');
  const filterId = useId();
  const pages = useReceivablePages(bucket);

  if (pages.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-8 text-slate-700 dark:text-slate-300">
        <Spinner className="size-5" /> {receivableTexts.loading}
      </p>
    );
  }
  if (pages.isError && !pages.isFetchNextPageError) {
    return (
      <Alert tone="error">
        <p>{receivableTexts.loadFailed}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void pages.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }

  const first = pages.data.pages[0];
  const items = pages.data.pages.flatMap((p) => p.items);
  const byBucket = new Map(first.totals.buckets.map((b) => [b.bucket, b]));

  return (
    <div className="space-y-6">
      <dl aria-label="Receivables totals" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
        <StatCard label="Total due" amount={first.totals.all} wide />
        {RECEIVABLE_BUCKETS.map((b) => (
          <StatCard key={b.id} label={b.label} amount={byBucket.get(b.id) ?? { count: 0, balanceDueCents: 0 }} />
        ))}
      </dl>

      <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-end sm:justify-between dark:border-slate-700 dark:bg-slate-900">
        <div className="sm:w-56">
          <label htmlFor={filterId} className="mb-1 block text-sm font-medium">
            Age
          </label>
          <select id={filterId} value={bucket} onChange={(e) => setBucket(e.target.value as ReceivableBucketId | '')} className={filterControlClasses}>
            <option value="">{receivableTexts.allAges}</option>
            {RECEIVABLE_BUCKETS.map((b) => (
              <option key={b.id} value={b.id}>
                {b.label}
              </option>
            ))}
          </select>
        </div>
        <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
          {pages.isFetching && !pages.isFetchingNextPage ? <Spinner className="size-4" /> : null}
          Ages in days since the invoice date, as of {formatDate(`${first.asOf}T12:00:00.000Z`)} (UTC)
        </p>
      </div>

      <section aria-labelledby="receivables-list" className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h2 id="receivables-list" className="border-b border-slate-200 p-4 text-xl font-semibold dark:border-slate-800">
          {bucket ? `Balances due ${bucketLabel(bucket)}` : 'Balances due'}
        </h2>
        {items.length === 0 ? (
          <p className="p-6 text-center text-slate-600 dark:text-slate-400">{bucket ? receivableTexts.emptyBucket(bucketLabel(bucket)) : receivableTexts.empty}</p>
        ) : (
          <ul aria-label="Orders with a balance due" className="divide-y divide-slate-200 dark:divide-slate-800">
            {items.map((row) => (
              <ReceivableItem key={row.orderId} row={row} />
            ))}
          </ul>
        )}
        <LoadMore pages={pages} failed={receivableTexts.loadMoreFailed} />
      </section>
    </div>
  );
}
