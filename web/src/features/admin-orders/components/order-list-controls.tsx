import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { claimTagTexts } from '@gs/shared/claim-tag';
import { normalizeOrderNumber } from '@gs/shared/order-number';
import { useCursorPages } from '@/hooks/use-cursor-pages';
import type { CustomerRow } from '@gs/shared/api-types';
import type { AdminOrdersFilters, AdminOrderView } from '@gs/shared/schemas/admin-order-list';
import { ADMIN_STATUSES, ORDER_STATUSES, OTHER_STATUSES, statusLabel } from '@gs/shared/statuses';
import { Button } from '@/components/ui/button';
import { filterControlClasses, SearchField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { listAdminOrders, useAdminOrders } from '../api/list-admin-orders';
import type { CustomerPickerComponent } from './create-order-form';

/** Typing settles this long before the server is asked. */

/** The sorts the lists offer: by creation (the default, newest first) or by the last change. */
export const ORDER_SORTS = [
  { value: 'created-desc', label: 'Newest' },
  { value: 'created-asc', label: 'Oldest' },
  { value: 'updated-desc', label: 'Recently updated' },
  { value: 'updated-asc', label: 'Least recently updated' },
] as const;


const defaults = (view: AdminOrderView, limit: number, status: AdminOrdersFilters['status'] = ''): AdminOrdersFilters => ({ view, status, customerId: '', sort: 'created', direction: 'desc', search: '', limit });

/** A status the page's address names (`?status=`: the dashboard's counts link there), else none. */
const statusParam = (v: string | null): AdminOrdersFilters['status'] => ((ORDER_STATUSES as readonly string[]).includes(v ?? '') ? (v as AdminOrdersFilters['status']) : '');

/**
 * One order list's state: its filters, the search as typed (sent once typing settles), the customer
 * chosen, and the cursor of each page shown so far (the first has none; the last is on screen). Any change
 * of the filters starts again at the first page.
 */
export function useOrderList(view: AdminOrderView, limit: number) {
  const [params] = useSearchParams();
  const pages = useCursorPages<AdminOrdersFilters>(() => defaults(view, limit, statusParam(params.get('status'))));
  const { filters, setFilters } = pages;
  const [customer, setCustomerNow] = useState<CustomerRow | null>(null);
  const orders = useAdminOrders(filters, pages.cursor);
  const next = orders.data?.cursor ?? null;
  return {
    filters,
    setFilters,
    searchText: pages.searchText,
    setSearchText: pages.setSearchText,
    customer,
    setCustomer: (c: CustomerRow | null) => {
      setCustomerNow(c);
      setFilters((f) => ({ ...f, customerId: c?.id ?? '' }));
    },
    orders,
    /** Any filter or search set (the empty text then says nothing matched, not that there are no orders). */
    filtered: !!(filters.search || filters.status || filters.customerId),
    reset: () => {
      pages.setSearchText('');
      setCustomerNow(null);
      setFilters(() => defaults(view, limit));
    },
    page: pages.page,
    next,
    goNext: () => pages.goNext(next),
    goPrevious: pages.goPrevious,
  };
}

export type OrderList = ReturnType<typeof useOrderList>;

/**
 * Scan to open: a claim tag's barcode scanner types the order number and Enter (staff may type it too). An exact
 * order number opens that order: the list's own exact lookup answers it (one GetItem of the number's pointer), asked
 * without the list's other filters; anything else stays the list's search as typed (its results, or its empty state).
 */
function useScanToOpen(list: OrderList) {
  const navigate = useNavigate();
  return async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    const number = normalizeOrderNumber(event.currentTarget.value);
    if (!number) return;
    event.preventDefault();
    try {
      const page = await listAdminOrders({ ...list.filters, status: '', customerId: '', search: number, limit: 5 });
      const found = page.items.find((o) => o.orderNumber === number);
      if (found) navigate(paths.admin.manageOrders.getHref(found.id));
    } catch {
      // The list's own search of the same text shows what went wrong.
    }
  };
}

/** Search, status, sort and customer of an order list, with Reset Filters. */
export function OrderListControls({ list, customerPicker: CustomerPicker, label }: { list: OrderList; customerPicker?: CustomerPickerComponent; label: string }) {
  const statusId = useId();
  const sortId = useId();
  const { filters, setFilters } = list;
  const onScan = useScanToOpen(list);
  return (
    <div role="search" aria-label={label} className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SearchField label="Search" className="sm:col-span-2" value={list.searchText} onChange={(e) => list.setSearchText(e.target.value)} placeholder="Order #, serial, customer or firearm" title={claimTagTexts.scanHint} onKeyDown={(e) => void onScan(e)} />
        <div>
          <label htmlFor={statusId} className="mb-1 block text-sm font-medium">
            Status
          </label>
          <select id={statusId} value={filters.status} onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as AdminOrdersFilters['status'] }))} className={filterControlClasses}>
            <option value="">All Statuses</option>
            {ADMIN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
            <optgroup label="Other statuses">
              {OTHER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusLabel(s)}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <div>
          <label htmlFor={sortId} className="mb-1 block text-sm font-medium">
            Sort
          </label>
          <select
            id={sortId}
            value={`${filters.sort}-${filters.direction}`}
            onChange={(e) => {
              const [sort, direction] = e.target.value.split('-') as [AdminOrdersFilters['sort'], AdminOrdersFilters['direction']];
              setFilters((f) => ({ ...f, sort, direction }));
            }}
            className={filterControlClasses}
          >
            {ORDER_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        {CustomerPicker ? (
          <div className="min-w-0 flex-1">
            <CustomerPicker selected={list.customer} onSelect={list.setCustomer} />
          </div>
        ) : null}
        <Button variant="secondary" onClick={list.reset} disabled={!list.filtered && filters.sort === 'created' && filters.direction === 'desc' && !list.searchText}>
          Reset Filters
        </Button>
      </div>
    </div>
  );
}

/** What an empty page says: nothing yet (no filters), nothing matching, or nothing in the part searched so far. */
export function emptyText(list: OrderList, empty: string, noMatch: string) {
  if (list.next) return 'No matches among the orders searched so far. Next searches further.';
  return list.filtered ? noMatch : empty;
}

/** Previous and Next over the server's cursors (no page count: the lists are not counted). */
export function OrderPageNav({ list, label }: { list: OrderList; label: string }) {
  if (list.page <= 1 && !list.next) return null;
  const busy = list.orders.isFetching;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button variant="secondary" disabled={list.page <= 1 || busy} onClick={list.goPrevious}>
        Previous
      </Button>
      <span className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        {busy ? <Spinner className="size-4" /> : null}Page {list.page}
      </span>
      <Button variant="secondary" disabled={!list.next || busy} onClick={list.goNext}>
        Next
      </Button>
    </nav>
  );
}
