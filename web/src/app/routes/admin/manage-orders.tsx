import { useSearchParams } from 'react-router-dom';
import { CustomerPicker } from '@/features/admin-customers/components/customer-picker';
import { ActiveOrdersPanel } from '@/features/admin-orders/components/active-orders-panel';
import { EditOrderModal } from '@/features/admin-orders/components/edit-order-modal';
import { AdminPage } from './admin-page';

export default function AdminManageOrdersRoute() {
  // `?order=<id>` opens that order (active or archived) straight in the edit modal.
  const [params, setParams] = useSearchParams();
  const linked = params.get('order');
  const close = () => setParams({}, { replace: true });
  return (
    <AdminPage title="Order Management Center">
      <ActiveOrdersPanel title="Active Orders" customerPicker={CustomerPicker} browse />
      {linked ? <EditOrderModal orderId={linked} onClose={close} onSaved={close} /> : null}
    </AdminPage>
  );
}
