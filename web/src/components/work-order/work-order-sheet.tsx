import type { ReactNode } from 'react';
import { addressLines } from '@gs/shared/address';
import type { OrderDetail } from '@gs/shared/api-types';
import { formatDate, formatDateTime } from '@gs/shared/dates';
import { firearmTypeLabel } from '@gs/shared/firearms';
import { billStatement, pendingSummary } from '@gs/shared/invoice';
import { formatCents } from '@gs/shared/money';
import { formatPhone } from '@gs/shared/phone';
import type { ShopIdentity } from '@gs/shared/shop';
import { statusLabel } from '@gs/shared/statuses';
import { WORK_ORDER_PHOTOS, type Photo } from '@gs/shared/photos';
import { chronological, entryDescription, settledEntries, signedAmountCents, signedMoney } from '../billing/ledger';

/** A work order prints at most this many status updates. */
export const PRINTED_UPDATES = 3;

export const moreUpdatesLine = (hidden: number) => `+ ${hidden} more update${hidden === 1 ? '' : 's'}`;
/** Printed when the order's detail holds only the newest page of a longer history (it has an `updatesCursor`). */
export const OLDER_UPDATES_NOT_SHOWN = 'Older entries are not shown.';

/** What the customer signs: the work, the charges, and the release rule. */
export const AUTHORIZATION_TEXT =
  'I authorize the work described above and agree to pay the charges shown, plus any additional charges I approve. I understand the firearm is released only after full payment, and only to me or as the law allows.';

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere] text-slate-900 dark:text-slate-100">{value || '—'}</dd>
    </>
  );
}

const section = 'wo-section space-y-1';
const heading = 'border-b border-slate-300 pb-1 text-sm font-semibold tracking-wide uppercase dark:border-slate-600';
const grid = 'wo-grid grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-0.5 text-sm';
const lines = (parts: readonly string[]) => (parts.length ? <span className="whitespace-pre-line">{parts.join('\n')}</span> : null);

/**
 * The work order (docs/business-rules.md, "The work order"): the shop and its FFL number, the customer and where the firearm
 * goes back, the firearm as the A&D book describes it, its intake, the service, the bill line by line with
 * totals, payments and balance, the latest status updates, and the lines the customer and the shop sign.
 * The same sheet for staff and for the customer; shown in a preview and copied as is into the print window
 * (work-order-preview.tsx), styled there by work-order-print.css on the wo-* classes.
 */
export function WorkOrderSheet({ order, shop, photos = [] }: { order: OrderDetail; shop: ShopIdentity; photos?: readonly Photo[] }) {
  // The first few intake photos: the firearm's condition as it arrived, on the sheet the customer signs.
  const printedPhotos = photos.filter((p) => p.purpose === 'intake').slice(0, WORK_ORDER_PHOTOS);
  // The customer signs this sheet: staff-only entries (internal notes, a release override's reason) are not printed.
  const printable = order.updates.filter((u) => !u.internal);
  const shown = printable.slice(0, PRINTED_UPDATES);
  const hidden = printable.length - shown.length;
  const settled = chronological(settledEntries(order.payments));
  const intake = order.intake;
  const release = order.release;
  const customerAddress = order.customerAddress ?? null;
  return (
    <article className="space-y-4" aria-label={`Work Order ${order.orderNumber}`}>
      <header className="wo-head flex flex-wrap justify-between gap-2 border-b-2 border-slate-900 pb-2 dark:border-slate-200">
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <h2 className="wo-title text-xl font-bold">Work Order {order.orderNumber}</h2>
          <p className="text-sm font-semibold">{shop.name}</p>
          <p className="wo-shop text-xs whitespace-pre-line">
            {[shop.address, [shop.phone, shop.email].filter(Boolean).join(' · '), shop.fflNumber ? `FFL ${shop.fflNumber}` : ''].filter(Boolean).join('\n')}
          </p>
        </div>
        <p className="text-sm">Created {formatDate(order.createdAt)}</p>
      </header>
      <div className="wo-columns grid gap-4 sm:grid-cols-2">
        <section className={section}>
          <h3 className={heading}>Customer</h3>
          <dl className={grid}>
            <Row label="Name" value={order.customerName} />
            <Row label="Address" value={lines(addressLines(customerAddress))} />
            <Row label="Email" value={order.customerEmail} />
            <Row label="Phone" value={formatPhone(order.customerPhone)} />
          </dl>
        </section>
        <section className={section}>
          <h3 className={heading}>Return</h3>
          <dl className={grid}>
            <Row label="Method" value={order.shippingSelected ? 'Ship back' : 'Pick up in person'} />
            {order.shippingSelected ? <Row label="Ship to" value={lines([order.returnName ?? order.customerName, ...addressLines(order.returnAddress)])} /> : null}
            {release ? (
              <Row
                label="Released"
                value={`${formatDate(`${release.releasedOn}T12:00:00`)}: ${release.method === 'ship' ? `shipped by ${release.carrier} (${release.trackingNumber})` : 'picked up'} to ${release.toName}`}
              />
            ) : null}
          </dl>
        </section>
      </div>
      <section className={section}>
        <h3 className={heading}>Firearm</h3>
        <dl className={grid}>
          <Row label="Type" value={firearmTypeLabel(order.firearmType)} />
          <Row label="Make" value={order.firearmMake} />
          {order.firearmImporter ? <Row label="Importer" value={order.firearmImporter} /> : null}
          <Row label="Model" value={order.firearmModel} />
          <Row label="Serial Number" value={order.serialNumber} />
          <Row label="Caliber or Gauge" value={order.firearmCaliber} />
        </dl>
      </section>
      <section className={section}>
        <h3 className={heading}>Intake</h3>
        {intake ? (
          <dl className={grid}>
            <Row label="Received" value={formatDate(`${intake.receivedOn}T12:00:00`)} />
            <Row
              label="From"
              value={[intake.fromName, intake.fromLicense ? `FFL ${intake.fromLicense}` : '', intake.fromAddress ?? ''].filter(Boolean).join(', ')}
            />
            <Row label="Condition" value={intake.conditionNotes} />
            <Row label="Came With" value={intake.itemsReceived} />
          </dl>
        ) : (
          <p className="text-sm">Not received yet.</p>
        )}
      </section>
      <section className={section}>
        <h3 className={heading}>Service</h3>
        <dl className={grid}>
          <Row label="Service Type" value={order.serviceType} />
          <Row label="Status" value={statusLabel(order.currentStatus)} />
          <Row label="Description" value={order.description} />
          <Row label="Inbound Tracking" value={order.inboundTrackingNumber} />
          <Row label="Outbound Tracking" value={order.outboundTrackingNumber} />
        </dl>
      </section>
      <section className={section}>
        <h3 className={heading}>Charges</h3>
        <dl className={grid}>
          <Row label="Estimated Cost" value={formatCents(order.estimatedCostCents)} />
          {/* The same statement as every bill in the portal: these rows add up to the total. */}
          {billStatement(order.invoice, order.lines).map((row) => (
            <Row key={row.key} label={row.label} value={formatCents(row.cents)} />
          ))}
          <Row label="Total" value={formatCents(order.invoice.totalCents)} />
          {order.invoice.adjustmentsCents > 0 ? <Row label="Discounts" value={signedMoney(-order.invoice.adjustmentsCents)} /> : null}
          <Row label="Amount Paid" value={formatCents(order.invoice.amountPaidCents)} />
          <Row label="Balance Due" value={formatCents(order.invoice.balanceDueCents)} />
          {pendingSummary(order.invoice.pendingApprovalCents) ? <Row label="Not billed" value={pendingSummary(order.invoice.pendingApprovalCents)} /> : null}
        </dl>
      </section>
      <section className={section}>
        <h3 className={heading}>Payments</h3>
        {settled.length === 0 ? (
          <p className="text-sm">No payments received yet.</p>
        ) : (
          <ul className="wo-updates divide-y divide-dotted divide-slate-300 text-sm dark:divide-slate-600">
            {settled.map((p) => (
              <li key={p.paymentId} className="wo-payment flex justify-between gap-4 py-1 [overflow-wrap:anywhere]">
                <span className="min-w-0">
                  {formatDate(p.paymentDate)} · {entryDescription(p)}
                </span>
                <span className="whitespace-nowrap tabular-nums">{signedMoney(p.kind === 'adjustment' ? -p.amountCents : signedAmountCents(p))}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={section}>
        <h3 className={heading}>Status Updates</h3>
        {shown.length === 0 ? (
          <p className="text-sm">No status updates.</p>
        ) : (
          <ul className="wo-updates divide-y divide-dotted divide-slate-300 text-sm dark:divide-slate-600">
            {shown.map((u) => (
              <li key={u.id} className="py-1 [overflow-wrap:anywhere]">
                <strong>{statusLabel(u.status)}</strong> — {formatDateTime(u.createdAt)} ({u.authorLabel})
                {u.notes ? <div>{u.notes}</div> : null}
              </li>
            ))}
          </ul>
        )}
        {hidden > 0 ? <p className="wo-more text-sm italic">{moreUpdatesLine(hidden)}</p> : null}
        {/* The sheet prints what the detail holds: the newest page of the history. */}
        {order.updatesCursor ? <p className="wo-more text-sm italic">{OLDER_UPDATES_NOT_SHOWN}</p> : null}
      </section>
      {printedPhotos.length ? (
        <section className={section}>
          <h3 className={heading}>Intake Photos</h3>
          <ul className="wo-photos grid grid-cols-4 gap-2">
            {printedPhotos.map((p) => (
              <li key={p.id}>
                <img src={p.url} alt={`Intake photo, ${formatDateTime(p.createdAt)}`} className="aspect-square w-full rounded object-cover" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className={`${section} wo-authorize`}>
        <h3 className={heading}>Customer Authorization</h3>
        <p className="text-sm [overflow-wrap:anywhere]">{AUTHORIZATION_TEXT}</p>
        <div className="wo-sign grid grid-cols-2 gap-6 pt-8 text-xs">
          <div className="border-t border-slate-900 pt-1 dark:border-slate-200">Customer signature</div>
          <div className="border-t border-slate-900 pt-1 dark:border-slate-200">Date</div>
        </div>
        <div className="wo-sign grid grid-cols-2 gap-6 pt-6 text-xs">
          <div className="border-t border-slate-900 pt-1 dark:border-slate-200">Technician ({shop.name})</div>
          <div className="border-t border-slate-900 pt-1 dark:border-slate-200">Date</div>
        </div>
      </section>
    </article>
  );
}

