import { useId } from 'react';
import { useCursorPages } from '@/hooks/use-cursor-pages';
import { ADMIN_PAYMENTS_PAGE_SIZE } from '@gs/shared/payment-messages';
import type { AdminPaymentsFilters } from '@gs/shared/schemas/admin-payments';
import { Button } from '@/components/ui/button';
import { filterControlClasses, SearchField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useAdminPayments } from '../api/list-admin-payments';
import { DEFAULT_ADMIN_PAYMENTS_QUERY, nextSort } from '../sorting';
import type { AdminPaymentSort } from '../types';
import { PaymentsStats } from './payments-stats';
import { PaymentsTable } from './payments-table';



function LoadFailed() {
  return (
    <div role="alert" className="rounded-xl border border-red-300 bg-red-50 px-6 py-10 text-center text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100">
      <h2 className="text-xl font-semibold">Unable to Load Payment Records</h2>
      <p className="mt-2">Failed to load payments. Please try again later.</p>
      <Button variant="secondary" className="mt-4" onClick={() => window.location.reload()}>
        Try Again
      </Button>
    </div>
  );
}

function Guide() {
  return (
    <section aria-labelledby="payments-guide" className="rounded-xl border border-sky-300 bg-sky-50 p-4 text-sm text-sky-950 sm:p-5 dark:border-sky-800 dark:bg-sky-950/50 dark:text-sky-100">
      <h2 id="payments-guide" className="text-base font-semibold">
        Payment Management Guide
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          <strong>Search</strong> by customer name or email, firearm make, model or serial number, order ID or payment ID.
        </li>
        <li>
          <strong>Filter</strong> by status to see only successful, pending or failed payments.
        </li>
        <li>
          <strong>Sort</strong> by clicking the Date, Customer or Amount column; click it again to reverse the order.
        </li>
        <li>
          <strong>Receipts</strong>: View opens the card processor's receipt in a new tab when one exists.
        </li>
        <li>
          <strong>Orders</strong>: the Order ID links to the order the payment was made for.
        </li>
        <li>
          <strong>Refunds</strong> show as negative amounts; discounts, write-offs and credits carry their own method. A failed payment shows why under
          its status, and a flagged entry needs a look: open its order to record a payment or refund a credit.
        </li>
      </ul>
    </section>
  );
}

/**
 * The admin payments page body: stats, search, status filter, sortable table of 15 a page. Pages follow
 * the server's cursors: the cursors of the pages before are kept for Previous; any change of the
 * filters starts again at the first page.
 */
export function PaymentManagement() {
  const list = useCursorPages<AdminPaymentsFilters>(DEFAULT_ADMIN_PAYMENTS_QUERY);
  const { filters: query, setFilters: setQuery, searchText, setSearchText } = list;
  const statusId = useId();
  const payments = useAdminPayments(query, list.cursor);

  const onSort = (column: AdminPaymentSort) => setQuery((q) => ({ ...q, ...nextSort(q, column) }));
  const reset = () => {
    setSearchText('');
    setQuery(() => DEFAULT_ADMIN_PAYMENTS_QUERY);
  };

  if (payments.isError && !payments.data) return <LoadFailed />;
  if (payments.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-8 text-slate-700 dark:text-slate-300">
        <Spinner className="size-5" /> Loading payment records...
      </p>
    );
  }

  const { items, total, stats, cursor: next } = payments.data;
  const pageSize = payments.data.pageSize || ADMIN_PAYMENTS_PAGE_SIZE;
  const { page } = list;
  // A text search is not counted (it would mean reading the whole ledger): its pages go on while the server has more.
  const pageCount = total === null ? null : Math.max(1, Math.ceil(total / pageSize));

  return (
    <div className="space-y-6">
      <PaymentsStats stats={stats} />

      <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-end dark:border-slate-700 dark:bg-slate-900">
        <SearchField label="Search" className="flex-1" value={searchText} onChange={(e) => setSearchText(e.target.value)} placeholder="Search by customer, firearm, or order ID" />
        <div className="sm:w-48">
          <label htmlFor={statusId} className="mb-1 block text-sm font-medium">
            Status
          </label>
          <select
            id={statusId}
            value={query.status}
            onChange={(e) => setQuery((q) => ({ ...q, status: e.target.value as AdminPaymentsFilters['status'] }))}
            className={filterControlClasses}
          >
            <option value="">All Statuses</option>
            <option value="successful">Successful</option>
            <option value="pending">Pending</option>
            <option value="failed">Failed</option>
          </select>
        </div>
        <Button variant="secondary" onClick={reset}>
          Reset Filters
        </Button>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm font-medium [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300" aria-live="polite">
          {total === null ? `Payments matching "${query.search}"` : `Total: ${total} payments`}
        </p>
        {payments.isFetching ? <Spinner className="size-4" /> : null}
      </div>

      {items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900">
          <p className="font-medium">{next ? 'No matches among the payments searched so far. Next searches further.' : 'No payments match your filters.'}</p>
        </div>
      ) : (
        <PaymentsTable payments={items} sort={query.sort} direction={query.direction} onSort={onSort} />
      )}

      {page > 1 || next ? (
        <nav aria-label="Payment pages" className="flex items-center justify-between gap-3">
          <Button variant="secondary" disabled={page <= 1 || payments.isFetching} onClick={list.goPrevious}>
            Previous
          </Button>
          <span className="text-sm text-slate-700 dark:text-slate-300">{pageCount === null ? `Page ${page}` : `Page ${page} of ${pageCount}`}</span>
          <Button variant="secondary" disabled={!next || payments.isFetching} onClick={() => list.goNext(next)}>
            Next
          </Button>
        </nav>
      ) : null}

      <Guide />
    </div>
  );
}
