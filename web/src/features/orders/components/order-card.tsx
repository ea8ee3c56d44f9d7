import { Link } from 'react-router-dom';
import { formatDate } from '@gs/shared/dates';
import { pendingSummary } from '@gs/shared/invoice';
import { needsPayment } from '@gs/shared/statuses';
import { costSummary } from '@/components/billing/cost-summary';
import { StatusBadge } from '@/components/status/status-badge';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { Order } from '../types';
import { ApprovalBanner } from './approval-banner';
import { PaymentBadges } from './payment-badges';
import { DEFAULT_SERVICE_TYPE } from './order-details';

/**
 * An order in a list. The whole card opens the order (the title link is stretched over it),
 * while "Make Payment" stays a separate link on top.
 */
export function OrderCard({ order }: { order: Order }) {
  const pending = pendingSummary(order.invoice.pendingApprovalCents);
  return (
    <article className="relative flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md sm:p-5 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 text-lg leading-tight font-semibold [overflow-wrap:anywhere]">
          <Link
            to={paths.app.order.getHref(order.id)}
            className="after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:underline focus-visible:outline-none"
          >
            {order.firearmMake} {order.firearmModel}
          </Link>
        </h2>
        <StatusBadge status={order.currentStatus} />
      </div>
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">Created</dt>
        <dd>
          <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">Service</dt>
        <dd>{order.serviceType || DEFAULT_SERVICE_TYPE}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Estimate</dt>
        <dd className="font-medium">
          {costSummary(order)}
          {pending ? <span className="block text-xs font-normal text-amber-800 dark:text-amber-300">{pending}</span> : null}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-1.5 empty:hidden">
        <PaymentBadges order={order} />
      </div>
      <ApprovalBanner order={order} />
      {needsPayment(order) ? (
        <Link
          to={paths.app.orderPayment.getHref(order.id)}
          className={buttonClasses('primary', 'relative z-10 mt-auto self-start')}
        >
          Make Payment
        </Link>
      ) : null}
    </article>
  );
}
