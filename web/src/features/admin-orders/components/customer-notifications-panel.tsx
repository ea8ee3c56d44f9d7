import { useId } from 'react';
import type { NotificationChannelDelivery, OrderNotification } from '@gs/shared/api-types';
import { formatDateTime } from '@gs/shared/dates';
import { deliveryLabel, deliveryTone } from '@gs/shared/notification-delivery';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { OrderText } from '@/components/ui/order-text';
import { Spinner } from '@/components/ui/spinner';
import { useOrderNotifications } from '../api/get-order-notifications';
import { STATUS_REFRESH_MS } from './refresh';

export const customerNotificationsMessages = {
  title: 'Customer notifications',
  empty: 'No notifications sent about this order yet.',
  loadFailed: 'Failed to load customer notifications. Please try again.',
  loadMore: 'Load more',
} as const;

const m = customerNotificationsMessages;

function ChannelBadge({ channel, delivery }: { channel: 'Email' | 'SMS'; delivery: NotificationChannelDelivery | null }) {
  const label = deliveryLabel(delivery);
  return (
    <Badge tone={deliveryTone(delivery)} className="max-w-full whitespace-normal! [overflow-wrap:anywhere]">
      {channel}: {label}
    </Badge>
  );
}

function NotificationRow({ n }: { n: OrderNotification }) {
  return (
    <li className="space-y-1 py-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="text-sm font-medium [overflow-wrap:anywhere]">
          <OrderText text={n.title} />
        </p>
        <time dateTime={n.createdAt} className="text-xs text-slate-600 dark:text-slate-400">
          {formatDateTime(n.createdAt)}
        </time>
      </div>
      <div className="flex flex-wrap gap-2">
        <ChannelBadge channel="Email" delivery={n.delivery.email} />
        <ChannelBadge channel="SMS" delivery={n.delivery.sms} />
      </div>
    </li>
  );
}

/**
 * What the shop told the customer about this order outside the portal: each notification's title and
 * time with its email and SMS delivery ("Sent", "Failed — retrying", "Skipped: SMS off", …), newest
 * first, a page at a time. Refreshed every 30 s with the order.
 */
export function CustomerNotificationsPanel({ orderId }: { orderId: string }) {
  const headingId = useId();
  const list = useOrderNotifications(orderId, { refetchInterval: STATUS_REFRESH_MS });
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-2">
      <h3 id={headingId} className="text-base font-semibold">
        {m.title}
      </h3>
      {list.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner />
        </div>
      ) : list.isError && !list.data ? (
        <Alert tone="error">
          <p>{m.loadFailed}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void list.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : list.data.length === 0 && !list.hasNextPage ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{m.empty}</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {list.data.map((n) => (
              <NotificationRow key={n.id} n={n} />
            ))}
          </ul>
          {list.hasNextPage ? (
            <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {m.loadMore}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
