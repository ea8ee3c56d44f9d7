import type { AdminPaymentStats } from '@gs/shared/api-types';
import { formatCents } from '@gs/shared/money';

function StatCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums sm:text-2xl">{value}</dd>
      {note ? <dd className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{note}</dd> : null}
    </div>
  );
}

export function PaymentsStats({ stats }: { stats: AdminPaymentStats }) {
  return (
    <dl aria-label="Payment statistics" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Total Payments" value={String(stats.count)} />
      <StatCard label="Total Revenue" value={formatCents(stats.revenueCents)} />
      <StatCard label="Successful Payments" value={String(stats.successfulCount)} note={`${stats.successRate.toFixed(1)}% success rate`} />
      <StatCard label="Recent Activity" value={String(stats.last30DaysCount)} note="Payments in the last 30 days" />
    </dl>
  );
}
