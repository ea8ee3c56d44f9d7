import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '@/components/seo/page-title';
import { paths } from '@/config/paths';
import { PrintedBook } from '@/features/admin-book/components/printed-book';
import { BackLink } from '@/features/payments/components/back-link';

const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');

/** /admin/book/print?from=&to=: the A&D book for a range, as printed. */
export default function AdminBookPrintRoute() {
  const [params] = useSearchParams();
  const range = { from: day(params.get('from')), to: day(params.get('to')) };
  return (
    <>
      <PageTitle title="A&D Book" />
      <PrintedBook range={range} back={<BackLink fallback={paths.admin.book.getHref()} label="Back to the A&D Book" />} />
    </>
  );
}
