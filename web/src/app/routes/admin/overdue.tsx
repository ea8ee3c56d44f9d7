import { workMessages } from '@gs/shared/work-dates';
import { WorkList } from '@/features/work-dates/components/work-list';
import { AdminPage } from './admin-page';

/** Open orders past their promised date, the longest overdue first. */
export default function AdminOverdueRoute() {
  return (
    <AdminPage title={workMessages.overdueOrders}>
      <WorkList which="overdue" title={workMessages.overdueOrders} empty={workMessages.noOverdue} />
    </AdminPage>
  );
}
