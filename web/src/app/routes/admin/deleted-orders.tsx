import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { CustomerPicker } from '@/features/admin-customers/components/customer-picker';
import { DeletedOrdersList } from '@/features/admin-orders/components/deleted-orders-list';
import { AdminPage } from './admin-page';

export default function AdminDeletedOrdersRoute() {
  return (
    <AdminPage title="Deleted Orders" heading={null}>
      <DeletedOrdersList customerPicker={CustomerPicker} />
      <p className="text-sm">
        <Link to={paths.admin.archivedOrders.getHref()} className="font-medium underline underline-offset-2">
          Back to Archived Orders
        </Link>
      </p>
    </AdminPage>
  );
}
