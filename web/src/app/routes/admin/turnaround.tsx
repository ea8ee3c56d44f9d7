import { workMessages } from '@gs/shared/work-dates';
import { TurnaroundView } from '@/features/work-dates/components/turnaround-report';
import { AdminPage } from './admin-page';

export default function AdminTurnaroundRoute() {
  return (
    <AdminPage title={workMessages.turnaround}>
      <TurnaroundView />
    </AdminPage>
  );
}
