import { PaymentManagement } from '@/features/admin-payments/components/payment-management';
import { AdminPage } from './admin-page';

export default function AdminPaymentsRoute() {
  return (
    <AdminPage title="Payment Management" subtitle="Track and manage all customer payments">
      <PaymentManagement />
    </AdminPage>
  );
}
