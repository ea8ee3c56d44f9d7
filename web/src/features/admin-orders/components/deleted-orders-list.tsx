import { formatDate } from '@gs/shared/dates';
import { ADMIN_ORDERS_PAGE_SIZE } from '@gs/shared/schemas/admin-order-list';
import { AdminStatusBadge } from '@/components/status/admin-status-badge';
import { errorMessage } from '@/components/errors/error-screen';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useRestoreOrder } from '../api/restore-order';
import { shortId, type AdminListOrder } from '../types';
import { BalanceText } from './balance-text';
import type { CustomerPickerComponent } from './create-order-form';
import { useOrderList } from './order-list-controls';
import { OrderListPage } from './order-list-page';

export const deletedMessages = {
  empty: 'No deleted orders found',
  noMatch: 'No deleted orders match your filters.',
  loading: 'Loading deleted orders...',
  loadFailed: 'Failed to load deleted orders. Please try again.',
  restoreConfirm: 'Restore this order? It goes back to the list it was deleted from, and its customer sees it again.',
  restored: 'Order restored successfully!',
  restoreFailed: (reason: string) => `Failed to restore order: ${reason}`,
} as const;

function DeletedItem({ order, onRestore, busy }: { order: AdminListOrder; onRestore: () => void; busy: boolean }) {
  const name = `${order.firearmMake} ${order.firearmModel}`;
  return (
    <li className="flex flex-col gap-3 p-4 md:flex-row md:items-start md:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold break-words">{name}</h2>
          <span className="font-mono text-xs text-slate-600 dark:text-slate-400">
            {order.orderNumber} · #{shortId(order.id)}
          </span>
          <AdminStatusBadge status={order.currentStatus} archived={order.isArchived} />
          {order.isArchived ? <span className="text-xs text-slate-600 dark:text-slate-400">(was archived)</span> : null}
        </div>
        <p className="text-sm break-words text-slate-700 dark:text-slate-300">
          {order.customerName} · {order.serviceType}
        </p>
        <p className="text-sm">
          <BalanceText balanceDueCents={order.invoiceBalanceDueCents} />
          <span className="text-slate-600 dark:text-slate-400"> · Deleted {formatDate(order.deletedAt ?? order.updatedAt)}</span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label={`Actions for ${name} #${shortId(order.id)}`}>
        <Button variant="secondary" className="px-3 py-1.5" onClick={onRestore} disabled={busy}>
          Restore
        </Button>
      </div>
    </li>
  );
}

/**
 * Deleted Orders (undo): the soft-deleted orders, newest first (or as sorted), 25 a page, with the
 * lists' search, status, customer and sort. Restore (after a confirm, at the version listed) puts an order
 * back in the list it was deleted from; its customer sees it again.
 */
export function DeletedOrdersList({ customerPicker }: { customerPicker?: CustomerPickerComponent }) {
  const list = useOrderList('deleted', ADMIN_ORDERS_PAGE_SIZE);
  const restore = useRestoreOrder();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const m = deletedMessages;

  const onRestore = async (order: AdminListOrder) => {
    if (!(await confirm(m.restoreConfirm, { confirmLabel: 'Restore' }))) return;
    try {
      await restore.mutateAsync({ orderId: order.id, version: order.version });
      toast.success(m.restored);
    } catch (error) {
      toast.error(m.restoreFailed(errorMessage(error)));
    }
  };

  return (
    <OrderListPage
      title="Deleted Orders"
      list={list}
      customerPicker={customerPicker}
      messages={m}
      label="deleted orders"
      renderItem={(order) => <DeletedItem key={order.id} order={order} busy={restore.isPending} onRestore={() => void onRestore(order)} />}
    >
      {dialog}
    </OrderListPage>
  );
}
