import type { CustomerRow } from '@gs/shared/api-types';
import { formatDate } from '@gs/shared/dates';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useSearchText } from '@/hooks/use-cursor-pages';
import { useCustomerPages } from '../api/list-customers';
import { useRestoreCustomer } from '../api/restore-customer';
import { customerName } from '../customer-name';
import { CustomerListFrame } from './customer-list-frame';

export const archivedCustomerMessages = {
  empty: 'No archived customers found',
  loadFailed: 'Failed to load archived customers. Please try again.',
  loadMoreFailed: 'Failed to load more archived customers. Please try again.',
  noMatchYet: 'No matches among the archived customers searched so far. Load more searches further.',
  restoreConfirm: (name: string) => `Restore ${name}? They will be back in the customer list and can sign in again.`,
  restored: 'Customer restored successfully!',
  restoreFailed: 'Failed to restore customer. Please try again.',
} as const;

function ArchivedCustomerItem({ customer, onRestore, busy }: { customer: CustomerRow; onRestore: () => void; busy: boolean }) {
  const name = customerName(customer);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold break-words">{name}</p>
        <p className="text-sm break-all text-slate-700 dark:text-slate-300">{customer.email}</p>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {customer.archivedAt ? `Archived ${formatDate(customer.archivedAt)} · ` : ''}
          {customer.orderCount} {customer.orderCount === 1 ? 'order' : 'orders'} · Customer since {formatDate(customer.createdAt)}
        </p>
      </div>
      <Button variant="secondary" className="shrink-0 px-3 py-1.5" onClick={onRestore} disabled={busy} aria-label={`Restore ${name}`}>
        Restore
      </Button>
    </li>
  );
}

/**
 * Archived Customers (undo): the customers staff deleted (archived: the records kept, the sign-in
 * disabled), the latest archived first, searchable like the customer list. Restore (after a confirm) puts a
 * customer back in the customer list and lets them sign in again.
 */
export function ArchivedCustomersPanel() {
  const { searchText, setSearchText, search } = useSearchText();
  const customers = useCustomerPages(search, 'archived');
  const restore = useRestoreCustomer();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const items = customers.data ?? [];
  const m = archivedCustomerMessages;

  const onRestore = async (customer: CustomerRow) => {
    if (!(await confirm(m.restoreConfirm(customerName(customer)), { confirmLabel: 'Restore' }))) return;
    try {
      await restore.mutateAsync(customer.id);
      toast.success(m.restored);
    } catch {
      toast.error(m.restoreFailed);
    }
  };

  return (
    <CustomerListFrame
      id="archived-customer"
      title="Archived Customers"
      intro="Deleted customers, kept with their orders and payments. Restore one to let them sign in again."
      searchLabel="Search archived customers"
      searchText={searchText}
      onSearchText={setSearchText}
      customers={customers}
      messages={m}
      renderItem={(customer) => <ArchivedCustomerItem key={customer.id} customer={customer} busy={restore.isPending} onRestore={() => void onRestore(customer)} />}
    >
      {dialog}
    </CustomerListFrame>
  );
}
