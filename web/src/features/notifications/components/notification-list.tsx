import { Link } from 'react-router-dom';
import type { Notification } from '@gs/shared/api-types';
import { formatDateTime } from '@gs/shared/dates';
import { Button } from '@/components/ui/button';
import { OrderText } from '@/components/ui/order-text';
import { paths } from '@/config/paths';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';

function NotificationItem({ notification, onMarkRead }: { notification: Notification; onMarkRead: (id: string) => void }) {
  const unread = !notification.read;
  const body = (
    <>
      <span className="flex items-start gap-3">
        <span className="mt-1.5 flex size-2.5 shrink-0">
          {unread ? (
            <span data-testid="unread-dot" className="size-2.5 rounded-full bg-blue-600 dark:bg-amber-400">
              <span className="sr-only">Unread: </span>
            </span>
          ) : null}
        </span>
        <span className="min-w-0">
          <span className={`block ${unread ? 'font-semibold' : 'font-medium text-slate-700 dark:text-slate-300'}`}>
            <OrderText text={notification.title} />
          </span>
          {notification.context ? (
            <span data-testid="notification-context" className="block text-xs font-medium text-slate-600 dark:text-slate-400">
              <OrderText text={notification.context} />
            </span>
          ) : null}
          <span className="mt-0.5 block text-sm break-words whitespace-pre-line text-slate-700 dark:text-slate-300"><OrderText text={notification.message} /></span>
          <time dateTime={notification.createdAt} className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
            {formatDateTime(notification.createdAt)}
          </time>
        </span>
      </span>
    </>
  );
  const itemClasses = 'block rounded-xl p-4 pr-2';
  // The server builds the carrier's link; only a web address is ever linked.
  const trackingUrl = notification.trackingUrl?.startsWith('https://') ? notification.trackingUrl : null;

  return (
    <li
      className={`group flex items-start gap-2 rounded-xl border transition-colors ${
        unread
          ? 'border-blue-200 bg-blue-50/60 dark:border-slate-600 dark:bg-slate-800/70'
          : 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900'
      } hover:border-slate-400 dark:hover:border-slate-500`}
    >
      <div className="min-w-0 flex-1">
        {notification.orderId ? (
          <Link
            to={paths.app.order.getHref(notification.orderId)}
            onClick={() => (unread ? onMarkRead(notification.id) : undefined)}
            className={itemClasses}
          >
            {body}
          </Link>
        ) : (
          <div className={itemClasses}>{body}</div>
        )}
        {trackingUrl ? (
          // Beside the order link, not in it (a link cannot hold another); the carrier's page, in a new tab.
          <a
            href={trackingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mb-3 ml-9 inline-block text-sm font-semibold text-blue-700 underline underline-offset-2 hover:text-blue-900 dark:text-amber-300 dark:hover:text-amber-200"
          >
            Track package{notification.carrier ? ` (${notification.carrier})` : ''}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
      {unread ? (
        <button
          type="button"
          onClick={() => onMarkRead(notification.id)}
          className="m-3 shrink-0 rounded-lg border border-slate-300 bg-white px-2.5 py-1 text-xs font-semibold text-slate-800 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 hover:bg-slate-100 focus:opacity-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 [@media(hover:none)]:opacity-100"
        >
          Mark as read
        </button>
      ) : null}
    </li>
  );
}

/** The next page of the list, while there is one (the server pages it: a customer may have thousands). */
function LoadMoreNotifications() {
  const { hasNextPage, fetchNextPage, isFetchingNextPage } = useNotifications();
  if (!hasNextPage) return null;
  return (
    <div className="flex justify-center pt-2">
      <Button variant="secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} aria-busy={isFetchingNextPage}>
        {isFetchingNextPage ? 'Loading…' : 'Load more'}
      </Button>
    </div>
  );
}

export function NotificationList({ notifications }: { notifications: Notification[] }) {
  const markRead = useMarkNotificationRead();
  return (
    <div className="space-y-2">
      <ul aria-label="Notifications" className="space-y-2">
        {notifications.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} onMarkRead={(id) => markRead.mutate(id)} />
        ))}
      </ul>
      <LoadMoreNotifications />
    </div>
  );
}
