import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { CustomerPicker } from '@/features/admin-customers/components/customer-picker';
import { ArchivedOrdersList } from '@/features/admin-orders/components/archived-orders-list';
import { AdminPage } from './admin-page';

export default function AdminArchivedOrdersRoute() {
  return (
    <AdminPage title="Archived Orders" heading={null}>
      <ArchivedOrdersList customerPicker={CustomerPicker} />
      {/* Deleted orders are kept too: staff restore them from their own list. */}
      <p className="text-sm">
        <Link to={paths.admin.deletedOrders.getHref()} className="font-medium underline underline-offset-2">
          Deleted Orders
        </Link>
      </p>
    </AdminPage>
  );
}
