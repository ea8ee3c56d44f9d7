import { useStaffMay } from '@/lib/staff-role';
import { Suspense, useState } from 'react';
import { ADMIN_ORDERS_PAGE_SIZE } from '@gs/shared/schemas/admin-order-list';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { RefreshIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import type { CustomerPickerComponent } from './create-order-form';
import { CreateOrderModal } from './lazy-modals';
import { LOAD_FAILED } from './load-failed';
import { emptyText, OrderListControls, OrderPageNav, useOrderList } from './order-list-controls';
import { OrderRow } from './order-row';
import { useOrderActions } from './use-order-actions';

/**
 * Active orders, newest first, with New Order and Refresh. The dashboard shows the 5 newest (`limit` 5);
 * the Order Management Center (`browse`) pages through all of them, 25 at a time, with search, status,
 * customer and sort. New Order asks for the customer with `customerPicker` (the customer filter too).
 */
export function ActiveOrdersPanel({
  title,
  limit = ADMIN_ORDERS_PAGE_SIZE,
  customerPicker,
  browse = false,
}: {
  title: string;
  limit?: number;
  customerPicker: CustomerPickerComponent;
  browse?: boolean;
}) {
  const list = useOrderList('active', limit);
  const { orders } = list;
  const actions = useOrderActions();
  const [creating, setCreating] = useState(false);
  // New orders are taken in at the counter (owner, front desk), not at the bench.
  const counter = useStaffMay('counter');
  const items = orders.data?.items ?? [];

  return (
    <section aria-labelledby="active-orders-title" className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
        <h2 id="active-orders-title" className="text-xl font-semibold">
          {title}
        </h2>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void orders.refetch()} disabled={orders.isFetching}>
            <RefreshIcon />
            Refresh
          </Button>
          {counter ? <Button onClick={() => setCreating(true)}>New Order</Button> : null}
        </div>
      </div>
      {browse ? (
        <div className="border-b border-slate-200 p-4 dark:border-slate-800">
          <OrderListControls list={list} customerPicker={customerPicker} label="Find active orders" />
        </div>
      ) : null}
      {orders.isPending ? (
        <div role="status" aria-label="Loading orders" className="flex justify-center p-8">
          <Spinner />
        </div>
      ) : orders.isError && !orders.data ? (
        <div className="p-4">
          <Alert tone="error">
            <p>{LOAD_FAILED}</p>
            <Button variant="secondary" className="mt-2" onClick={() => void orders.refetch()}>
              Try Again
            </Button>
          </Alert>
        </div>
      ) : items.length === 0 ? (
        <p className="p-6 text-center text-slate-600 dark:text-slate-400">{emptyText(list, 'No active orders.', 'No active orders match your filters.')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Active orders">
          {items.map((order) => (
            <OrderRow key={order.id} order={order} actions={actions} />
          ))}
        </ul>
      )}
      {browse ? (
        <div className="border-t border-slate-200 p-4 empty:hidden dark:border-slate-800">
          <OrderPageNav list={list} label="Active order pages" />
        </div>
      ) : null}
      {creating ? (
        <Suspense fallback={null}>
          <CreateOrderModal onClose={() => setCreating(false)} customerPicker={customerPicker} />
        </Suspense>
      ) : null}
      {actions.element}
    </section>
  );
}
