import { ActiveOrdersPanel } from '../../../features/admin-orders/components/active-orders-panel';
import { AdminPage } from './admin-page';

export default function AdminManageOrdersRoute() {
  return (
    <AdminPage title="Order Management Center">
      <ActiveOrdersPanel title="Active Orders" />
    </AdminPage>
  );
}
