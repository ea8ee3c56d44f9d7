import { CustomerPicker } from '@/features/admin-customers/components/customer-picker';
import { ArchivedOrdersList } from '@/features/admin-orders/components/archived-orders-list';
import { AdminPage } from './admin-page';

export default function AdminArchivedOrdersRoute() {
  return (
    <AdminPage title="Archived Orders" heading={null}>
      <ArchivedOrdersList customerPicker={CustomerPicker} />
    </AdminPage>
  );
}
