import { CustomersPanel } from '@/features/admin-customers/components/customers-panel';
import { AdminPage } from './admin-page';

export default function AdminCustomersRoute() {
  return (
    <AdminPage title="Customer Management Center">
      <CustomersPanel />
    </AdminPage>
  );
}
