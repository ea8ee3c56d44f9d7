import { ReceivablesPanel } from '@/features/admin-receivables/components/receivables-panel';
import { AdminPage } from './admin-page';

export default function AdminReceivablesRoute() {
  return (
    <AdminPage title="Receivables" subtitle="Orders with a balance due, with totals and aging">
      <ReceivablesPanel />
    </AdminPage>
  );
}
