import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useDiscardGuard } from '@/components/ui/unsaved-changes';
import { useAdminOrder } from '../api/get-admin-order';
import type { AdminOrder } from '../types';
import { EditOrderForm } from './edit-order-form';
import { CustomerNotificationsPanel } from './customer-notifications-panel';
import { OrderActivityPanel } from './order-activity-panel';
import { ExtraWorkPanel } from './extra-work-panel';
import { FirearmPanel } from './firearm-panel';
import { HeldCreditBanner, PaymentsPanel } from './payments-panel';
import { STATUS_REFRESH_MS, StatusHistoryPanel } from './status-history-panel';

export const LOAD_FAILED = 'Failed to load data. Please try again.';

/**
 * The order edit form in a modal, with the Parts and Additional Costs panel (lines, approval
 * requests, invoice), the order's payments ledger and the Status History and Communication panel
 * beside it. The order is re-read every 30 s. Closing it (Escape, a click outside, the close button,
 * Cancel) with edits not saved in the form or the panels asks before discarding them.
 */
export function EditOrderModal({
  orderId,
  title,
  onClose,
  onSaved,
}: {
  orderId: string;
  title?: string;
  onClose: () => void;
  onSaved: (order: AdminOrder) => void;
}) {
  const order = useAdminOrder(orderId, { refetchInterval: STATUS_REFRESH_MS });
  const { requestClose, dialog, guard } = useDiscardGuard(onClose);

  return (
    <Modal open onClose={requestClose} size="xl" title={title ?? (order.data ? `Edit Order ${order.data.orderNumber}` : 'Edit Order')}>
      {dialog}
      {order.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : order.isError && !order.data ? (
        <Alert tone="error">
          <p>{LOAD_FAILED}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void order.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : (
        guard(
          <div className="space-y-4">
            <HeldCreditBanner order={order.data} />
            <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <div className="min-w-0 space-y-2">
                <p className="text-sm [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">
                  {order.data.orderNumber} · {order.data.customerName} · {order.data.customerEmail}
                </p>
                <EditOrderForm
                  order={order.data}
                  onCancel={requestClose}
                  onSaved={onSaved}
                  onReload={async () => (await order.refetch()).data}
                />
              </div>
              <div className="min-w-0 space-y-6 lg:border-l lg:border-slate-200 lg:pl-6 dark:lg:border-slate-700">
                <FirearmPanel order={order.data} />
                <ExtraWorkPanel order={order.data} />
                <PaymentsPanel order={order.data} />
                <StatusHistoryPanel
                  order={order.data}
                  isError={order.isError}
                  isFetching={order.isFetching}
                  onRefresh={() => void order.refetch()}
                />
                <CustomerNotificationsPanel orderId={order.data.id} />
                <OrderActivityPanel orderId={order.data.id} />
              </div>
            </div>
          </div>,
        )
      )}
    </Modal>
  );
}
