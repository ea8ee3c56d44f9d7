import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '@gs/shared/dates';
import { StatusBadge } from '@/components/status/status-badge';
import { paths } from '@/config/paths';
import { shortOrderId, type Order } from '../types';
import { ApprovalPanel } from './approval-panel';
import { PaymentBadges } from './payment-badges';
import { FirearmDetails, ServiceDetails } from './order-details';
import { PaymentBanners } from './payment-banners';
import { StatusHistoryPanel } from './status-history-panel';

function Chevron({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className={`size-5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true">
      <path fillRule="evenodd" d="M5.2 7.2a1 1 0 0 1 1.4 0L10 10.6l3.4-3.4a1 1 0 1 1 1.4 1.4l-4.1 4.1a1 1 0 0 1-1.4 0L5.2 8.6a1 1 0 0 1 0-1.4Z" clipRule="evenodd" />
    </svg>
  );
}

/** A dashboard order: a summary that expands into everything the customer can see and do. */
export function DashboardOrderCard({ order, defaultOpen = false }: { order: Order; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const bodyId = useId();

  return (
    <article
      aria-label={`${order.firearmMake} ${order.firearmModel}`}
      className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-start gap-3 rounded-xl p-4 text-left hover:bg-slate-50 sm:items-center sm:p-5 dark:hover:bg-slate-800/50"
        >
          <span className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <span className="min-w-0">
              <span className="block text-lg leading-tight font-semibold">
                {order.firearmMake} {order.firearmModel}
              </span>
              <span className="mt-0.5 block text-sm text-slate-600 dark:text-slate-400">
                Order <span className="font-mono">#{shortOrderId(order.id)}</span> ·{' '}
                <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
              </span>
            </span>
            <span className="flex flex-wrap gap-1.5 sm:justify-end">
              <StatusBadge status={order.currentStatus} />
              <PaymentBadges order={order} />
            </span>
          </span>
          <Chevron open={open} />
        </button>
      </h2>

      <div id={bodyId} hidden={!open} className="space-y-4 border-t border-slate-200 p-4 sm:p-5 dark:border-slate-800">
        {open ? (
          <>
            <PaymentBanners order={order} />
            <div className="grid items-start gap-4 lg:grid-cols-2">
              <FirearmDetails order={order} />
              <ServiceDetails order={order} />
            </div>
            <ApprovalPanel order={order} />
            <StatusHistoryPanel orderId={order.id} />
            <Link
              to={paths.app.order.getHref(order.id)}
              className="inline-block text-sm font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900 dark:text-amber-300 dark:hover:text-amber-200"
            >
              View full order details
            </Link>
          </>
        ) : null}
      </div>
    </article>
  );
}
