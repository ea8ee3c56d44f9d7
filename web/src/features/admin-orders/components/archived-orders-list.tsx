import { formatDate } from '@gs/shared/dates';
import { billedExtraCents } from '@gs/shared/invoice';
import { formatCents } from '@gs/shared/money';
import { AdminStatusBadge } from '@/components/status/admin-status-badge';
import { Button } from '@/components/ui/button';
import { ADMIN_ORDERS_PAGE_SIZE } from '@gs/shared/schemas/admin-order-list';
import { shortId, type AdminListOrder } from '../types';
import { BalanceText } from './balance-text';
import type { CustomerPickerComponent } from './create-order-form';
import { useOrderList } from './order-list-controls';
import { OrderListPage } from './order-list-page';
import { useOrderActions } from './use-order-actions';

export const archivedMessages = {
  empty: 'No archived orders found',
  noMatch: 'No archived orders match your filters.',
  loading: 'Loading archived orders...',
  loadFailed: 'Failed to load archived orders. Please try again.',
} as const;

function ArchivedItem({ order, actions }: { order: AdminListOrder; actions: ReturnType<typeof useOrderActions> }) {
  const name = `${order.firearmMake} ${order.firearmModel}`;
  // "Additional cost" is the extra work on the bill: never a request still waiting or rejected.
  const extraCents = billedExtraCents(order.invoice);
  return (
    <li className="flex flex-col gap-3 p-4 md:flex-row md:items-start md:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold">{name}</h2>
          <span className="font-mono text-xs text-slate-600 dark:text-slate-400">#{shortId(order.id)}</span>
          <AdminStatusBadge status={order.currentStatus} archived />
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {order.customerName} · {order.serviceType}
        </p>
        <p className="text-sm">
          <BalanceText balanceDueCents={order.invoiceBalanceDueCents} />
          <span className="text-slate-600 dark:text-slate-400"> · Archived {formatDate(order.archivedAt ?? order.updatedAt)}</span>
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Estimated Cost: {formatCents(order.estimatedCostCents)}
          {extraCents > 0 ? ` · Additional Cost: ${formatCents(extraCents)}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label={`Actions for ${name} #${shortId(order.id)}`}>
        <Button variant="secondary" className="px-3 py-1.5" onClick={() => actions.edit(order)}>
          Edit
        </Button>
        <Button variant="secondary" className="px-3 py-1.5" onClick={() => void actions.unarchive(order)} disabled={actions.busy}>
          Unarchive
        </Button>
        <Button variant="secondary" className="px-3 py-1.5 text-red-700 dark:text-red-300" onClick={() => void actions.remove(order)} disabled={actions.busy}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/**
 * Archived Orders: newest first (or as sorted), 25 a page with Previous and Next, with
 * search, status, customer (`customerPicker`, composed by the route) and sort; Edit, Unarchive and (soft) Delete.
 */
export function ArchivedOrdersList({ customerPicker }: { customerPicker?: CustomerPickerComponent }) {
  const list = useOrderList('archived', ADMIN_ORDERS_PAGE_SIZE);
  const actions = useOrderActions({ archivedView: true });
  return (
    <OrderListPage
      title="Archived Orders"
      list={list}
      customerPicker={customerPicker}
      messages={archivedMessages}
      label="archived orders"
      renderItem={(order) => <ArchivedItem key={order.id} order={order} actions={actions} />}
    >
      {actions.element}
    </OrderListPage>
  );
}
