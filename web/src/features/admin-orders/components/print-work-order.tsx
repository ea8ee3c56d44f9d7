import { useRef, useState } from 'react';
import { formatDate, formatDateTime } from '@gs/shared/dates';
import { billStatement, pendingSummary } from '@gs/shared/invoice';
import { formatCents } from '@gs/shared/money';
import { formatPhone } from '@gs/shared/phone';
import { statusLabel } from '@gs/shared/statuses';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useShop } from '@/lib/shop';
import { useAdminOrder } from '../api/get-admin-order';
import workOrderCssUrl from './work-order-print.css?url';
import type { AdminOrderDetail } from '../types';

export const POPUP_BLOCKED = 'Please allow pop-ups for printing to work';
export const HISTORY_LOAD_FAILED = 'Failed to load communication history for the work order. Please try again.';
/** A work order prints at most this many status updates (admin-side §9). */
export const PRINTED_UPDATES = 3;

export const moreUpdatesLine = (hidden: number) => `+ ${hidden} more update${hidden === 1 ? '' : 's'}`;
/** Printed when the order's detail holds only the newest page of a longer history (it has an `updatesCursor`). */
export const OLDER_UPDATES_NOT_SHOWN = 'Older entries are not shown.';


function Row({ label, value }: { label: string; value: string | null | undefined }) {
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

/** The work order sheet: shown in the preview and copied as is into the print window. */
export function WorkOrderSheet({ order }: { order: AdminOrderDetail }) {
  const shown = order.updates.slice(0, PRINTED_UPDATES);
  const hidden = order.updates.length - shown.length;
  const shop = useShop();
  return (
    <article className="space-y-4">
      <header className="wo-head flex flex-wrap justify-between gap-2 border-b-2 border-slate-900 pb-2 dark:border-slate-200">
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <h2 className="wo-title text-xl font-bold">Work Order {order.orderNumber}</h2>
          <p className="text-sm font-semibold">{shop.name}</p>
          <p className="wo-shop text-xs whitespace-pre-line">
            {[shop.address, [shop.phone, shop.email].filter(Boolean).join(' · ')].filter(Boolean).join('\n')}
          </p>
        </div>
        <p className="text-sm">Created {formatDate(order.createdAt)}</p>
      </header>
      <section className={section}>
        <h3 className={heading}>Customer</h3>
        <dl className={grid}>
          <Row label="Name" value={order.customerName} />
          <Row label="Email" value={order.customerEmail} />
          <Row label="Phone" value={formatPhone(order.customerPhone)} />
        </dl>
      </section>
      <section className={section}>
        <h3 className={heading}>Firearm</h3>
        <dl className={grid}>
          <Row label="Make / Model" value={`${order.firearmMake} ${order.firearmModel}`} />
          <Row label="Serial Number" value={order.serialNumber} />
          <Row label="Caliber" value={order.firearmCaliber} />
        </dl>
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
        <h3 className={heading}>Costs</h3>
        <dl className={grid}>
          <Row label="Estimated Cost" value={formatCents(order.estimatedCostCents)} />
          {/* The same statement as every bill in the portal: these rows add up to the total. */}
          {billStatement(order.invoice, order.lines).map((row) => (
            <Row key={row.key} label={row.label} value={formatCents(row.cents)} />
          ))}
          <Row label="Total" value={formatCents(order.invoice.totalCents)} />
          <Row label="Amount Paid" value={formatCents(order.invoice.amountPaidCents)} />
          <Row label="Balance Due" value={formatCents(order.invoice.balanceDueCents)} />
          {pendingSummary(order.invoice.pendingApprovalCents) ? (
            <Row label="Not billed" value={pendingSummary(order.invoice.pendingApprovalCents)} />
          ) : null}
        </dl>
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
      <footer className="wo-sign hidden">
        <div>Technician</div>
        <div>Date</div>
      </footer>
    </article>
  );
}

/** Opens the print window with the sheet's markup; false when the browser blocked the pop-up. */
export function printWorkOrder(sheet: HTMLElement, title: string): boolean {
  const win = window.open('', '_blank', 'width=800,height=900');
  if (!win) return false;
  const doc = win.document;
  doc.open();
  doc.write('<!doctype html><html lang="en"><head><meta charset="utf-8"><title></title></head><body></body></html>');
  doc.close();
  doc.title = title;
  const style = doc.createElement('link');
  style.rel = 'stylesheet';
  style.href = new URL(workOrderCssUrl, window.location.href).href;
  doc.head.append(style);
  doc.body.innerHTML = sheet.innerHTML;
  const footer = doc.querySelector('.wo-sign');
  footer?.classList.remove('hidden');
  // Printed once its stylesheet is there (or could not be had: the sheet still prints, plainly).
  const print = () => {
    win.focus();
    win.print();
  };
  style.addEventListener('load', print, { once: true });
  style.addEventListener('error', print, { once: true });
  return true;
}

/** The work order print preview; its Print button opens the print window. */
export function PrintWorkOrderModal({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const order = useAdminOrder(orderId);
  const sheetRef = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);

  const onPrint = () => {
    setError(null);
    if (!sheetRef.current || !order.data) return;
    if (!printWorkOrder(sheetRef.current, `Work Order ${order.data.orderNumber}`)) setError(POPUP_BLOCKED);
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title="Work Order Preview"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onPrint} disabled={!order.data}>
            Print
          </Button>
        </>
      }
    >
      {error ? <Alert tone="error" className="mb-4">{error}</Alert> : null}
      {order.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : order.isError ? (
        <Alert tone="error">
          <p>{HISTORY_LOAD_FAILED}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void order.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : (
        <div ref={sheetRef}>
          <WorkOrderSheet order={order.data} />
        </div>
      )}
    </Modal>
  );
}
