import { useStaffMay } from '@/lib/staff-role';
import type { AdminOrder, AdminOrderDetail } from '../types';
import { EditOrderForm } from './edit-order-form';
import { CustomerNotificationsPanel } from './customer-notifications-panel';
import { OrderActivityPanel } from './order-activity-panel';
import { ExtraWorkPanel } from './extra-work-panel';
import { FirearmPanel } from './firearm-panel';
import { DisputeBanner, HeldCreditBanner, PaymentsPanel } from './payments-panel';
import { StatusHistoryPanel } from './status-history-panel';
import { MessageWaitingBanner } from './message-waiting-banner';
import { PhotosSection } from './photos-section';

/** The order editor's content (edit-order-modal.tsx loads it lazily): the form, and the panels beside it. */
export function EditOrderBody({
  order,
  isError,
  isFetching,
  onCancel,
  onSaved,
  refetch,
}: {
  order: AdminOrderDetail;
  isError: boolean;
  isFetching: boolean;
  onCancel: () => void;
  onSaved: (order: AdminOrder) => void;
  refetch: () => Promise<{ data?: AdminOrderDetail }>;
}) {
  const counter = useStaffMay('counter');
  return (
    <div className="space-y-4">
      <HeldCreditBanner order={order} />
      <DisputeBanner order={order} />
      <MessageWaitingBanner order={order} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-2">
          <p className="text-sm [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">
            {order.orderNumber} · {order.customerName} · {order.customerEmail}
          </p>
          <EditOrderForm order={order} onCancel={onCancel} onSaved={onSaved} onReload={async () => (await refetch()).data} />
        </div>
        <div className="min-w-0 space-y-6 lg:border-l lg:border-slate-200 lg:pl-6 dark:lg:border-slate-700">
          {/* Intake, release and the A&D book are the counter's; a gunsmith works the bench. */}
          {counter ? <FirearmPanel order={order} /> : null}
          <PhotosSection orderId={order.id} />
          <ExtraWorkPanel order={order} />
          <PaymentsPanel order={order} />
          <StatusHistoryPanel order={order} isError={isError} isFetching={isFetching} onRefresh={() => void refetch()} />
          <CustomerNotificationsPanel orderId={order.id} />
          <OrderActivityPanel orderId={order.id} />
        </div>
      </div>
    </div>
  );
}
