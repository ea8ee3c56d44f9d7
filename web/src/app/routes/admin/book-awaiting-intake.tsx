import { intakeDueTexts as t } from '@gs/shared/intake-due';
import { AwaitingIntakePanel } from '@/features/admin-book/components/awaiting-intake-panel';
import { ReceiveFirearmDialog } from '@/features/admin-orders/components/receive-firearm-dialog';
import { AdminPage } from './admin-page';

/** The boxes received without their intake, each intake recorded with the order editor's Receive Firearm form. */
export default function AdminBookAwaitingIntakeRoute() {
  return (
    <AdminPage title={t.listTitle} subtitle="Record each intake by the close of the next business day after the box arrived.">
      <AwaitingIntakePanel receiveDialog={ReceiveFirearmDialog} />
    </AdminPage>
  );
}
