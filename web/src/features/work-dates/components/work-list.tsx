import { Link } from 'react-router-dom';
import type { AdminListOrder } from '@gs/shared/api-types';
import { promisedText, workMessages } from '@gs/shared/work-dates';
import { AdminStatusBadge } from '@/components/status/admin-status-badge';
import { Badge } from '@/components/ui/badge';
import { LoadMore } from '@/components/ui/load-more';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useWorkList } from '../api/work';

/** The promised date as a list shows it: "No date" when none (calendar dates read as UTC, so the day never shifts). */

/** One order of a bench or of the overdue list: it opens in the editor. */
function WorkRow({ order }: { order: AdminListOrder }) {
  return (
    <li className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="work-row">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={paths.admin.manageOrders.getHref(order.id)} className="font-semibold underline-offset-2 hover:underline [overflow-wrap:anywhere]">
            {order.firearmMake} {order.firearmModel}
          </Link>
          <AdminStatusBadge status={order.currentStatus} />
          {order.overdue ? <Badge tone="red">{workMessages.overdue}</Badge> : null}
        </div>
        <p className="text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
          <span className="font-mono">{order.orderNumber}</span> · {order.customerName} · {order.serviceType}
          {order.assignedToName ? ` · ${order.assignedToName}` : ''}
        </p>
      </div>
      <p className={`text-sm font-medium whitespace-nowrap ${order.overdue ? 'text-red-700 dark:text-red-300' : ''}`}>
        {workMessages.promisedDate}: {promisedText(order.promisedDate)}
      </p>
    </li>
  );
}

/** A bench (`benchOf`: a staff member's id, '' the signed-in gunsmith's own) or the overdue list, soonest promised first. */
export function WorkList({ which, title, empty }: { which: { benchOf: string } | 'overdue'; title: string; empty: string }) {
  const list = useWorkList(which);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section id={which === 'overdue' ? 'overdue' : 'bench'} aria-label={title} className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-semibold dark:border-slate-800">{title}</h2>
      {list.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      ) : list.isError ? (
        <p role="alert" className="p-4 text-sm text-red-700 dark:text-red-300">
          The list could not be loaded.
        </p>
      ) : items.length === 0 ? (
        <p className="p-4 text-sm text-slate-700 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {items.map((o) => (
            <WorkRow key={o.id} order={o} />
          ))}
        </ul>
      )}
      <LoadMore pages={list} failed="More orders could not be loaded." />
    </section>
  );
}
