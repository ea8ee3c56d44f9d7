import { InvoiceRefreshUtility } from '@/features/admin-payments/components/invoice-refresh-utility';
import { AdminPage } from './admin-page';

export default function AdminInvoiceRefreshRoute() {
  return (
    <AdminPage title="Invoice Refresh Utility" subtitle="Look up an order's invoice and recompute or fix it.">
      <div className="max-w-3xl">
        <InvoiceRefreshUtility />
      </div>
    </AdminPage>
  );
}
