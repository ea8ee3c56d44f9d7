import { BookImportPanel } from '@/features/admin-book/components/book-import-panel';
import { BookPanel } from '@/features/admin-book/components/book-panel';
import { MissingFromBookCount } from '@/features/admin-book/components/missing-count';
import { bookTexts } from '@/features/admin-book/book-lines';
import { AdminPage } from './admin-page';

export default function AdminBookRoute() {
  return (
    <AdminPage title={bookTexts.title} subtitle={bookTexts.subtitle}>
      <MissingFromBookCount />
      <BookPanel />
      <BookImportPanel />
    </AdminPage>
  );
}
