import { useId } from 'react';
import { activityText as t } from '@gs/shared/activity';
import { ActivityList } from '@/components/activity/activity-list';
import { useOrderActivity } from '../api/get-order-activity';

/** The order editor's "Activity": who changed what on this order and when (the staff audit log). */
export function OrderActivityPanel({ orderId }: { orderId: string }) {
  const headingId = useId();
  const list = useOrderActivity(orderId);
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-2">
      <h3 id={headingId} className="text-base font-semibold">
        {t.title}
      </h3>
      <ActivityList list={list} />
    </section>
  );
}
