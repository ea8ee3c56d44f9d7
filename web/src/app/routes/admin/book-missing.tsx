import { bookTexts } from '@/features/admin-book/book-lines';
import { MissingFromBookPanel } from '@/features/admin-book/components/missing-from-book-panel';
import { ReceiveFirearmDialog } from '@/features/admin-orders/components/receive-firearm-dialog';
import { AdminPage } from './admin-page';

/** The firearms missing from the A&D book, each intake recorded with the order editor's Receive Firearm form. */
export default function AdminBookMissingRoute() {
  return (
    <AdminPage title={bookTexts.missingTitle} subtitle={bookTexts.missingSubtitle}>
      <MissingFromBookPanel receiveDialog={ReceiveFirearmDialog} />
    </AdminPage>
  );
}
