import { Link } from 'react-router-dom';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { useMissingFromBookCount } from '../api/list-missing';
import { missingTexts } from '../missing-texts';

// Apart from the list: the dashboard and the book page show the count without loading the list's (or the book's) code.

/** The dashboard's count: a link to the list while any firearm is missing from the book (nothing otherwise). */
export function MissingFromBookCount() {
  const { data: count } = useMissingFromBookCount();
  if (!count) return null;
  return (
    <Alert tone="warning">
      <Link to={paths.admin.bookMissing.getHref()} className="font-semibold underline underline-offset-2">
        {missingTexts.missingCount(count)}
      </Link>
      <span>: record their intake with the real date of receipt.</span>
    </Alert>
  );
}
