import { formatCalendarDate, workMessages } from '@gs/shared/work-dates';
import { useId, useState, type ReactNode } from 'react';
import { SHIPPING_FEE_CENTS } from '@gs/shared/invoice';
import { formatCents } from '@gs/shared/money';
import { BillSummary } from '@/components/billing/bill-summary';
import { useOrderInvoice } from '../api/get-order-invoice';
import type { Order } from '../types';
import { TrackingLink } from './tracking-link';

export const DEFAULT_SERVICE_TYPE = 'Gunsmithing Service';

const cardClasses = 'rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900';

function Row({ label, children, strong = false, wide = false }: { label: string; children: ReactNode; strong?: boolean; wide?: boolean }) {
  // `wide` values (tracking numbers) go under their label on narrow screens instead of breaking.
  return (
    <div className={`flex justify-between gap-x-4 gap-y-0.5 py-1.5 ${strong ? 'font-semibold' : ''} ${wide ? 'max-sm:flex-col' : ''}`}>
      <dt className={`shrink-0 ${strong ? '' : 'text-slate-600 dark:text-slate-400'}`}>{label}</dt>
      {/* Long unbroken text (a model, a pasted URL) wraps inside the value instead of pushing it off the card. */}
      <dd className={`min-w-0 [overflow-wrap:anywhere] ${wide ? 'sm:text-right' : 'text-right'}`}>{children}</dd>
    </div>
  );
}

export function FirearmDetails({ order }: { order: Order }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cardClasses}>
      <h3 id={headingId} className="text-base font-semibold">
        Firearm Details
      </h3>
      <dl className="mt-2 divide-y divide-slate-100 text-sm dark:divide-slate-800">
        <Row label="Make">{order.firearmMake}</Row>
        <Row label="Model">{order.firearmModel}</Row>
        <Row label="Serial Number">
          <span className="font-mono">{order.serialNumber}</span>
        </Row>
        <Row label="Caliber">{order.firearmCaliber || 'Not specified'}</Row>
        {order.inboundTrackingNumber ? (
          <Row label="Inbound Tracking" wide>
            <TrackingLink trackingNumber={order.inboundTrackingNumber} />
          </Row>
        ) : null}
        {order.outboundTrackingNumber ? (
          <Row label="Return Tracking" wide>
            <TrackingLink trackingNumber={order.outboundTrackingNumber} />
          </Row>
        ) : null}
      </dl>
    </section>
  );
}

/**
 * Service and its bill. The shipping checkbox previews the server's invoice for that choice
 * (nothing is saved; the choice is made again on the payment page).
 */
export function ServiceDetails({ order }: { order: Order }) {
  const headingId = useId();
  const shippingId = useId();
  const [shipping, setShipping] = useState(order.shippingSelected);
  const { invoice, isPreviewing, isError } = useOrderInvoice(order, shipping);

  return (
    <section aria-labelledby={headingId} className={cardClasses}>
      <h3 id={headingId} className="text-base font-semibold">
        Service Details
      </h3>
      <dl className="mt-2 divide-y divide-slate-100 text-sm dark:divide-slate-800">
        <Row label="Service Type">{order.serviceType || DEFAULT_SERVICE_TYPE}</Row>
        {order.description ? <Row label="Description">{order.description}</Row> : null}
        <Row label="Estimated Cost">{formatCents(order.estimatedCostCents)}</Row>
        {order.promisedDate ? <Row label={workMessages.estimatedCompletion}>{formatCalendarDate(order.promisedDate)}</Row> : null}
      </dl>

      <div className="mt-3 flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
        <input
          id={shippingId}
          type="checkbox"
          checked={shipping}
          onChange={(event) => setShipping(event.target.checked)}
          className="mt-0.5 size-4 shrink-0 accent-slate-900 dark:accent-amber-400"
        />
        <label htmlFor={shippingId}>
          Include return shipping fee ({formatCents(SHIPPING_FEE_CENTS)})
          <span className="block text-xs text-slate-600 dark:text-slate-400">Uncheck for local or in-store pickup.</span>
        </label>
      </div>

      <BillSummary invoice={invoice} lines={order.lines} busy={isPreviewing} className="mt-3">
        {isError ? (
          <p role="alert" className="mt-2 text-xs text-red-700 dark:text-red-300">
            Could not update the total for this shipping choice.
          </p>
        ) : null}
      </BillSummary>
    </section>
  );
}
