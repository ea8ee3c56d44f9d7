import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { RefreshIcon } from '@/components/ui/icons';
import type { AdminListOrder } from '../types';
import type { CustomerPickerComponent } from './create-order-form';
import { emptyText, OrderListControls, OrderPageNav, type useOrderList } from './order-list-controls';

/**
 * A staff page of one order list (Archived Orders, Deleted Orders): the title with Refresh, the filters, the
 * states of the list (loading, failed with Try Again, empty or no match), its rows, the page navigation, and
 * what the page adds below (its dialogs).
 */
export function OrderListPage({
  title,
  list,
  customerPicker,
  messages,
  label,
  renderItem,
  children,
}: {
  title: string;
  list: ReturnType<typeof useOrderList>;
  customerPicker?: CustomerPickerComponent;
  messages: { loading: string; loadFailed: string; empty: string; noMatch: string };
  /** "archived orders": the filters' label ("Find archived orders"), the list's and the page navigation's. */
  label: string;
  renderItem: (order: AdminListOrder) => ReactNode;
  children?: ReactNode;
}) {
  const { orders } = list;
  const items = orders.data?.items ?? [];
  const Label = label.charAt(0).toUpperCase() + label.slice(1);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <Button variant="secondary" onClick={() => void orders.refetch()} disabled={orders.isFetching}>
          <RefreshIcon />
          Refresh
        </Button>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <OrderListControls list={list} customerPicker={customerPicker} label={`Find ${label}`} />
      </div>
      {orders.isPending ? (
        <p role="status" className="py-8 text-center text-slate-700 dark:text-slate-300">
          {messages.loading}
        </p>
      ) : orders.isError && !orders.data ? (
        <Alert tone="error">
          <p>{messages.loadFailed}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void orders.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 py-10 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
          {emptyText(list, messages.empty, messages.noMatch)}
        </p>
      ) : (
        <ul aria-label={Label} className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {items.map(renderItem)}
        </ul>
      )}
      <OrderPageNav list={list} label={`${Label.replace(/ orders$/, ' order')} pages`} />
      {children}
    </div>
  );
}
