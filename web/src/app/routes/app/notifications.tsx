import { errorMessage } from '@/components/errors/error-screen';
import { PageTitle } from '@/components/seo/page-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { useNotifications } from '@/features/notifications/api/get-notifications';
import { NotificationList } from '@/features/notifications/components/notification-list';

export default function NotificationsRoute() {
  const notifications = useNotifications();
  const unread = notifications.data?.unreadCount ?? 0;

  return (
    <>
      <PageTitle title="Notifications" />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Notifications</h1>
          {notifications.data ? (
            <p className="mt-1 text-slate-600 dark:text-slate-400">
              {unread > 0 ? `You have ${unread} unread notification${unread === 1 ? '' : 's'}.` : 'You are all caught up.'}
            </p>
          ) : null}
        </div>

        {notifications.isPending ? (
          <PageSpinner />
        ) : notifications.isError ? (
          <Alert tone="error" title="Error Loading Notifications">
            <p>{errorMessage(notifications.error)}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void notifications.refetch()}>
              Try Again
            </Button>
          </Alert>
        ) : notifications.data.items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900">
            <h2 className="text-xl font-semibold">No Notifications</h2>
            <p className="mt-2 text-slate-600 dark:text-slate-400">Updates about your orders will appear here.</p>
          </div>
        ) : (
          <NotificationList notifications={notifications.data.items} />
        )}
      </div>
    </>
  );
}
