import { formatDate } from '@gs/shared/dates';
import { pendingSummary } from '@gs/shared/invoice';
import { approvalBanner } from '@gs/shared/statuses';
import { INBOX_TEXTS } from '@gs/shared/inbox';
import { promisedText, workMessages } from '@gs/shared/work-dates';
import { Badge } from '@/components/ui/badge';
import { costSummary } from '@/components/billing/cost-summary';
import { AdminStatusBadge } from '@/components/status/admin-status-badge';
import { StatusText } from '@/components/status/status-text';
import { Button } from '@/components/ui/button';
import { useStaffMay } from '@/lib/staff-role';
import type { AdminListOrder } from '../types';
import { BalanceText } from './balance-text';

export interface OrderRowActions {
  edit: (order: AdminListOrder) => void;
  print: (order: AdminListOrder) => void;
  archive: (order: AdminListOrder) => void;
  remove: (order: AdminListOrder) => void;
  busy?: boolean;
}

/** One active order: firearm, customer, status, balance and the Edit, Archive, Delete and Print actions. */
export function OrderRow({ order, actions }: { order: AdminListOrder; actions: OrderRowActions }) {
  const banner = approvalBanner(order.additionalCostApprovalStatus, order.additionalCostCents);
  const pending = pendingSummary(order.invoice.pendingApprovalCents);
  const label = `${order.firearmMake} ${order.firearmModel}`;
  // Archiving and deleting are the counter's (owner, front desk), not the bench's.
  const counter = useStaffMay('counter');
  return (
    <li className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center lg:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere]">{label}</h3>
          <AdminStatusBadge status={order.currentStatus} />
          {order.inboxSince ? (
            <span title={INBOX_TEXTS.waiting} data-testid="message-waiting">
              <Badge tone="warning">{INBOX_TEXTS.marker}</Badge>
            </span>
          ) : null}
        </div>
        <p className="text-sm [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">
          <span className="font-mono">{order.orderNumber}</span> · {order.customerName} · {order.serviceType} · {formatDate(order.createdAt)}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="order-assignee">
          {workMessages.assignedTo}: {order.assignedToName ?? workMessages.unassigned}
          {order.promisedDate ? ` · ${workMessages.promisedDate}: ${promisedText(order.promisedDate)}` : ''}
          {order.overdue ? (
            <>
              {' '}
              <Badge tone="red">{workMessages.overdue}</Badge>
            </>
          ) : null}
        </p>
        <p className="text-sm">
          <span className="text-slate-700 dark:text-slate-300">Estimated {costSummary(order)}</span>
          {pending ? <span className="text-amber-800 dark:text-amber-300"> ({pending})</span> : null}
          {' · '}
          <BalanceText balanceDueCents={order.invoiceBalanceDueCents} />
        </p>
        {banner ? (
          <p className="text-sm font-medium text-amber-800 dark:text-amber-300">
            <StatusText text={banner} />
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label={`Actions for ${order.orderNumber}`}>
        <Button variant="secondary" className="px-3 py-1.5" onClick={() => actions.edit(order)} aria-label={`Edit ${order.orderNumber}`}>
          Edit
        </Button>
        {counter ? (
          <>
            <Button variant="secondary" className="px-3 py-1.5" onClick={() => actions.archive(order)} disabled={actions.busy} aria-label={`Archive ${order.orderNumber}`}>
              Archive
            </Button>
            <Button variant="secondary" className="px-3 py-1.5 text-red-700 dark:text-red-300" onClick={() => actions.remove(order)} disabled={actions.busy} aria-label={`Delete ${order.orderNumber}`}>
              Delete
            </Button>
          </>
        ) : null}
        <Button variant="secondary" className="px-3 py-1.5" onClick={() => actions.print(order)} aria-label={`Print ${order.orderNumber}`}>
          Print
        </Button>
      </div>
    </li>
  );
}
