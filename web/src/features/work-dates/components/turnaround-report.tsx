import { useState } from 'react';
import type { TurnaroundReport, TurnaroundRow } from '@gs/shared/api-types';
import { averageDays, isReportMonth, monthsBefore, workMessages, workToday } from '@gs/shared/work-dates';
import { Spinner } from '@/components/ui/spinner';
import { useTurnaround } from '../api/work';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-11" → "Nov 2026". */
export const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** Per month: every service type's orders and days summed, for the chart's bars. */
function monthTotals(report: TurnaroundReport) {
  return report.months.map((month) => {
    const rows = report.rows.filter((r) => r.month === month);
    const orders = rows.reduce((s, r) => s + r.orders, 0);
    return { month, orders, averageDays: averageDays(rows.reduce((s, r) => s + r.totalDays, 0), orders) };
  });
}

/** A plain SVG bar chart: the average days from receipt to ready per month (all service types), its orders under each bar. */
function TurnaroundChart({ report }: { report: TurnaroundReport }) {
  const totals = monthTotals(report);
  const max = Math.max(1, ...totals.map((t) => t.averageDays));
  const [w, h, pad] = [40, 160, 28];
  const width = totals.length * w;
  return (
    <figure>
      {/* Scaled to the width it has (a phone shows the twelve months smaller, never wider than the page). */}
      <svg role="img" aria-label="Average days from receipt to ready per month" viewBox={`0 0 ${width} ${h + pad * 2}`} className="h-auto max-h-64 w-full">
        {totals.map((t, i) => {
          const bar = (t.averageDays / max) * h;
          return (
            <g key={t.month}>
              <title>{`${monthLabel(t.month)}: ${t.orders} orders, ${t.averageDays} days on average`}</title>
              <rect x={i * w + 8} y={pad + h - bar} width={w - 16} height={bar} className="fill-amber-500 dark:fill-amber-400" rx={3} />
              {t.orders > 0 ? (
                <text x={i * w + w / 2} y={pad + h - bar - 6} textAnchor="middle" className="fill-slate-800 text-[10px] dark:fill-slate-200">
                  {t.averageDays}
                </text>
              ) : null}
              <text x={i * w + w / 2} y={pad + h + 16} textAnchor="middle" className="fill-slate-700 text-[9px] dark:fill-slate-300">
                {monthLabel(t.month).slice(0, 3)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="text-sm text-slate-700 dark:text-slate-300">Average days from receipt to ready, per month (all service types).</figcaption>
    </figure>
  );
}

function TurnaroundTable({ rows }: { rows: TurnaroundRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-700 dark:border-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-3 py-2">Month</th>
            <th scope="col" className="px-3 py-2">Service type</th>
            <th scope="col" className="px-3 py-2 text-right">Orders</th>
            <th scope="col" className="px-3 py-2 text-right">Average days</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {rows.map((r) => (
            <tr key={`${r.month}-${r.serviceType}`} data-testid="turnaround-row">
              <td className="px-3 py-2 whitespace-nowrap">{monthLabel(r.month)}</td>
              <td className="px-3 py-2">{r.serviceType}</td>
              <td className="px-3 py-2 text-right tabular-nums">{r.orders}</td>
              <td className="px-3 py-2 text-right tabular-nums">{r.averageDays}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The turnaround page's body: a month range (the last 12 months by default), the chart and the table. */
export function TurnaroundView() {
  const thisMonth = workToday().slice(0, 7);
  const [range, setRange] = useState({ from: monthsBefore(thisMonth, 11), to: thisMonth });
  const report = useTurnaround(range.from, range.to);
  const pick = (key: 'from' | 'to') => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = e.target.value;
    if (isReportMonth(v)) setRange((r) => ({ ...r, [key]: v }));
  };
  return (
    <div className="space-y-6">
      <p className="text-slate-700 dark:text-slate-300">{workMessages.turnaroundIntro}</p>
      <div className="flex flex-wrap gap-4">
        <label className="flex flex-col text-sm font-medium">
          From
          <input type="month" value={range.from} onChange={pick('from')} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900" />
        </label>
        <label className="flex flex-col text-sm font-medium">
          To
          <input type="month" value={range.to} onChange={pick('to')} className="mt-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900" />
        </label>
      </div>
      {report.isPending ? (
        <Spinner />
      ) : report.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {report.error instanceof Error ? report.error.message : 'The report could not be loaded.'}
        </p>
      ) : (
        <section className="space-y-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <TurnaroundChart report={report.data} />
          {report.data.rows.length ? <TurnaroundTable rows={report.data.rows} /> : <p className="text-sm">{workMessages.turnaroundEmpty}</p>}
        </section>
      )}
    </div>
  );
}
