import { Link } from 'react-router-dom';
import { intakeDueTexts as t } from '@gs/shared/intake-due';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { useAwaitingIntakeCounts } from '../api/awaiting-intake';

/** The dashboard's counts of boxes awaiting intake and overdue for it, each a link to the list (nothing while none waits). */
export function AwaitingIntakeCount() {
  const { data } = useAwaitingIntakeCounts();
  if (!data?.awaiting) return null;
  const more = data.capped ? '+' : '';
  return (
    <Alert tone={data.overdue ? 'error' : 'warning'}>
      <span className="flex flex-wrap gap-x-4 gap-y-1" data-testid="awaiting-intake-counts">
        <Link to={paths.admin.bookAwaitingIntake.getHref()} className="font-semibold underline underline-offset-2">
          {t.awaitingIntake}: {data.awaiting}
          {more}
        </Link>
        <Link to={paths.admin.bookAwaitingIntake.getHref()} className="font-semibold underline underline-offset-2">
          {t.overdueForIntake}: {data.overdue}
          {more && data.overdue ? more : ''}
        </Link>
      </span>
    </Alert>
  );
}
