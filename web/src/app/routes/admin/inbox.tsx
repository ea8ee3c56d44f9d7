import { INBOX_TEXTS } from '@gs/shared/inbox';
import { InboxPanel } from '@/features/admin-inbox/components/inbox-panel';
import { AdminPage } from './admin-page';

/** The staff Inbox of customer messages (the counter's: owner and front desk). */
export default function AdminInboxRoute() {
  return (
    <AdminPage title={INBOX_TEXTS.title} subtitle={INBOX_TEXTS.intro}>
      <InboxPanel />
    </AdminPage>
  );
}
