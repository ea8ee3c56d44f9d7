import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { shortOrderId, type Order } from '@gs/shared/api-types';
import { formatCents } from '@gs/shared/money';
import { StatusBadge } from '@/components/status/status-badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The orders that need payment, each payable on its own or several together in one batch. */
export function PayableOrders({ orders }: { orders: Order[] }) {
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const selectAllId = useId();
  const chosen = orders.filter((o) => selected.has(o.id));
  const selectedTotal = chosen.reduce((sum, o) => sum + o.invoice.balanceDueCents, 0);
  const allSelected = chosen.length === orders.length;

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:px-4 dark:border-slate-700 dark:bg-slate-900">
        <div className="flex items-center gap-2 text-sm">
          <input
            id={selectAllId}
            type="checkbox"
            checked={allSelected && orders.length > 0}
            onChange={(e) => setSelected(e.target.checked ? new Set(orders.map((o) => o.id)) : new Set())}
            className="size-4 accent-slate-900 dark:accent-amber-400"
          />
          <label htmlFor={selectAllId} className="font-medium">
            Select all
          </label>
          <span className="text-slate-600 dark:text-slate-400" aria-live="polite">
            {chosen.length > 0 ? `${chosen.length} selected · ${formatCents(selectedTotal)}` : 'Select orders to pay them together'}
          </span>
        </div>
        <Button
          disabled={chosen.length === 0}
          onClick={() => navigate(paths.app.batchPayment.getHref(chosen.map((o) => o.id)))}
        >
          Pay Selected
        </Button>
      </div>

      <ul aria-label="Orders awaiting payment" className="space-y-3">
        {orders.map((order) => {
          const title = `${order.firearmMake} ${order.firearmModel}`;
          const checkboxId = `pay-${order.id}`;
          return (
            <li
              key={order.id}
              className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:gap-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900"
            >
              <div className="flex min-w-0 flex-1 items-start gap-3">
                <input
                  id={checkboxId}
                  type="checkbox"
                  checked={selected.has(order.id)}
                  onChange={(e) => toggle(order.id, e.target.checked)}
                  aria-label={`Select ${title} (${order.orderNumber || shortOrderId(order.id)})`}
                  className="mt-1 size-4 shrink-0 accent-slate-900 dark:accent-amber-400"
                />
                <div className="min-w-0">
                  <label htmlFor={checkboxId} className="block font-semibold">
                    {title}
                  </label>
                  <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
                    <Link to={paths.app.order.getHref(order.id)} className="underline-offset-2 hover:underline">
                      Order {order.orderNumber || `#${shortOrderId(order.id)}`}
                    </Link>
                  </p>
                  <div className="mt-1.5">
                    <StatusBadge status={order.currentStatus} />
                  </div>
                </div>
              </div>
              <div className="flex items-center justify-between gap-4 sm:justify-end">
                <div className="sm:text-right">
                  <p className="text-xs text-slate-600 dark:text-slate-400">Amount Due</p>
                  <p className="text-lg font-bold tabular-nums">{formatCents(order.invoice.balanceDueCents)}</p>
                </div>
                <Link
                  to={paths.app.orderPayment.getHref(order.id)}
                  className={buttonClasses('primary')}
                  aria-label={`Pay Now: ${title}`}
                >
                  Pay Now
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
