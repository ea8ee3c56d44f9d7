import type { CustomerRow } from '@gs/shared/api-types';
import { formatDate } from '@gs/shared/dates';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useSearchText } from '@/hooks/use-cursor-pages';
import { useArchivedCustomerPages } from '../api/list-customers';
import { useRestoreCustomer } from '../api/restore-customer';
import { customerName } from '../customer-name';

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
 * Archived Customers (issue 17, undo): the customers staff deleted (archived: the records kept, the sign-in
 * disabled), the latest archived first, searchable like the customer list. Restore (after a confirm) puts a
 * customer back in the customer list and lets them sign in again.
 */
export function ArchivedCustomersPanel() {
  const { searchText, setSearchText, search } = useSearchText();
  const customers = useArchivedCustomerPages(search);
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
    <section aria-labelledby="archived-customers-title" className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
        <div>
          <h2 id="archived-customers-title" className="text-xl font-semibold">
            Archived Customers
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">Deleted customers, kept with their orders and payments. Restore one to let them sign in again.</p>
        </div>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <label className="sr-only" htmlFor="archived-customer-search">
            Search archived customers
          </label>
          <input
            id="archived-customer-search"
            type="search"
            placeholder="Search by name, email or phone"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            className="min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 sm:w-72 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
          />
        </div>
      </div>
      {customers.isPending ? (
        <div role="status" aria-label="Loading archived customers" className="flex justify-center p-8">
          <Spinner />
        </div>
      ) : customers.isError && !customers.isFetchNextPageError ? (
        <div className="p-4">
          <Alert tone="error">
            <p>{m.loadFailed}</p>
            <Button variant="secondary" className="mt-2" onClick={() => void customers.refetch()}>
              Try Again
            </Button>
          </Alert>
        </div>
      ) : items.length === 0 && !customers.hasNextPage ? (
        <p className="p-6 text-center text-slate-600 dark:text-slate-400">{m.empty}</p>
      ) : (
        <>
          {items.length === 0 ? (
            <p className="p-6 text-center text-slate-600 dark:text-slate-400">{m.noMatchYet}</p>
          ) : (
            <ul aria-label="Archived customers" className="divide-y divide-slate-200 dark:divide-slate-800">
              {items.map((customer) => (
                <ArchivedCustomerItem key={customer.id} customer={customer} busy={restore.isPending} onRestore={() => void onRestore(customer)} />
              ))}
            </ul>
          )}
          {customers.hasNextPage ? (
            <div className="flex flex-col items-center gap-2 border-t border-slate-200 p-4 dark:border-slate-800">
              {customers.isFetchNextPageError ? (
                <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
                  {m.loadMoreFailed}
                </p>
              ) : null}
              <Button variant="secondary" onClick={() => void customers.fetchNextPage()} disabled={customers.isFetchingNextPage} aria-busy={customers.isFetchingNextPage}>
                {customers.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          ) : null}
        </>
      )}
      {dialog}
    </section>
  );
}
