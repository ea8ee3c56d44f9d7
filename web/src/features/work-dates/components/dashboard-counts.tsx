import { Link } from 'react-router-dom';
import type { DashboardCount } from '@gs/shared/api-types';
import { workMessages } from '@gs/shared/work-dates';
import { paths } from '@/config/paths';
import { useDashboardCounts } from '../api/work';

/** Where each count leads: the list it counts (a gunsmith's counts are all of their bench). */
function hrefOf(key: DashboardCount['key'], gunsmith: boolean): string {
  if (gunsmith) return `${paths.admin.root.getHref()}#bench`;
  switch (key) {
    case 'intake':
      return paths.admin.manageOrders.getHrefWithStatus('order_created');
    case 'custody':
      return paths.admin.book.getHref();
    case 'approval':
      return paths.admin.manageOrders.getHref();
    case 'ready':
      return paths.admin.manageOrders.getHrefWithStatus('ready_for_pickup');
    case 'overdue':
      return paths.admin.overdue.getHref();
    case 'unread':
      return paths.admin.inbox.getHref();
    case 'balanceDue':
      return paths.admin.receivables.getHref();
    default:
      return paths.admin.root.getHref();
  }
}

/** The day's work at a glance (GET /api/admin/dashboard): counts for the signed-in role, each a link to its list. */
export function DashboardCounts() {
  const counts = useDashboardCounts();
  if (counts.isError) return <p role="alert" className="text-sm text-red-700 dark:text-red-300">The day's counts could not be loaded.</p>;
  const gunsmith = counts.data?.role === 'gunsmith';
  return (
    <section aria-label="Today's work" className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
      {(counts.data?.counts ?? []).map((c) => (
        <Link
          key={c.key}
          to={hrefOf(c.key, gunsmith)}
          data-testid={`count-${c.key}`}
          className={`flex flex-col rounded-xl border bg-white p-3 shadow-sm transition hover:shadow dark:bg-slate-900 ${c.key === 'overdue' && c.count > 0 ? 'border-red-300 dark:border-red-800' : 'border-slate-200 hover:border-slate-400 dark:border-slate-800 dark:hover:border-slate-600'}`}
        >
          <span className={`text-2xl font-bold tabular-nums ${c.key === 'overdue' && c.count > 0 ? 'text-red-700 dark:text-red-300' : ''}`}>
            {c.count}
            {c.more ? '+' : ''}
          </span>
          <span className="text-sm text-slate-700 dark:text-slate-300">{workMessages.dashboard[c.key]}</span>
        </Link>
      ))}
    </section>
  );
}
