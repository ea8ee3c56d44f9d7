import { formatDateTime } from '@gs/shared/dates';
import { INBOX_TEXTS as t } from '@gs/shared/inbox';
import { Button } from '@/components/ui/button';
import { useMarkInboxHandled } from '@/lib/inbox';
import { useStaffMay } from '@/lib/staff-role';
import type { AdminOrderDetail } from '../types';

/**
 * "Customer message waiting" while the order is on the staff Inbox: a reply the customer sees (a status update or a
 * message that is not internal) takes it off, and so does Mark handled (the counter's: owner and front desk).
 */
export function MessageWaitingBanner({ order }: { order: Pick<AdminOrderDetail, 'id' | 'orderNumber' | 'inboxSince'> }) {
  const counter = useStaffMay('counter');
  const handled = useMarkInboxHandled();
  if (!order.inboxSince) return null;
  return (
    <div role="status" className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 sm:flex-row sm:items-center sm:justify-between dark:border-amber-700 dark:bg-amber-950">
      <div className="text-sm text-amber-950 dark:text-amber-100">
        <p className="font-semibold">{t.waiting}</p>
        <p>{t.waitingSince(formatDateTime(order.inboxSince))}</p>
        {handled.isError ? <p className="font-medium text-red-800 dark:text-red-300">{t.markHandledFailed}</p> : null}
      </div>
      {counter ? (
        <Button variant="secondary" className="shrink-0" onClick={() => handled.mutate(order.id)} disabled={handled.isPending} aria-busy={handled.isPending} aria-label={`${t.markHandled}: ${order.orderNumber}`}>
          {t.markHandled}
        </Button>
      ) : null}
    </div>
  );
}
