import { useEffect, type ReactNode } from 'react';
import type { OrderDetail, Payment } from '@gs/shared/api-types';
import { formatDate, formatDateTime } from '@gs/shared/dates';
import { formatPhone } from '@gs/shared/phone';
import type { ShopIdentity } from '@gs/shared/shop';
import { Button } from '../ui/button';
import { BillSummary } from './bill-summary';
import { chronological, entryDescription, settledEntries, signedAmountCents, signedMoney } from './ledger';
// On paper the invoice is all there is (the print rules: styles/print-sheet.css, a stylesheet the CSP allows).
import '@/styles/print-sheet.css';

const sectionHeading = 'text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-x-3 py-0.5">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * An order's invoice and receipt as one printable sheet: the shop, the invoice number and dates,
 * the customer, the firearm, the bill (the shared statement, so its rows add up to the total),
 * discounts, every settled payment, refund and credit, what was paid and what is still due.
 */
export function InvoiceDocument({ order, shop }: { order: OrderDetail; shop: ShopIdentity }) {
  const { invoice } = order;
  const settled = chronological(settledEntries(order.payments));
  const adjustments = settled.filter((p) => p.kind === 'adjustment');
  const money = settled.filter((p) => p.kind !== 'adjustment');
  const processing = order.payments.filter((p) => p.paymentStatus === 'pending' && p.kind !== 'refund');
  const paidInFull = invoice.balanceDueCents <= 0 && invoice.totalCents > 0;

  return (
    <article
      data-invoice=""
      aria-labelledby="invoice-title"
      className="space-y-6 rounded-xl border border-slate-200 bg-white p-5 text-sm text-slate-900 [overflow-wrap:anywhere] sm:p-8 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-slate-900 pb-4 dark:border-slate-200">
        <div className="min-w-0">
          <p className="text-xl font-bold">{shop.name}</p>
          {shop.address ? <p className="whitespace-pre-line">{shop.address}</p> : null}
          {shop.phone ? <p>{shop.phone}</p> : null}
          {shop.email ? <p>{shop.email}</p> : null}
        </div>
        <div className="min-w-0 text-right">
          <h1 id="invoice-title" className="text-2xl font-bold tracking-tight uppercase">
            Invoice
          </h1>
          <p data-testid="invoice-number" className="font-mono">
            {invoice.invoiceNumber || 'Not issued'}
          </p>
          <p
            data-testid="invoice-status"
            className={`mt-1 inline-block rounded border px-2 py-0.5 text-xs font-semibold uppercase ${
              paidInFull
                ? 'border-emerald-600 text-emerald-800 dark:border-emerald-400 dark:text-emerald-200'
                : 'border-amber-600 text-amber-900 dark:border-amber-400 dark:text-amber-100'
            }`}
          >
            {paidInFull ? 'Paid in full' : invoice.amountPaidCents > 0 ? 'Partially paid' : 'Payment due'}
          </p>
        </div>
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="invoice-details-heading">
          <h2 id="invoice-details-heading" className={sectionHeading}>
            Invoice Details
          </h2>
          <dl className="mt-1">
            <Field label="Invoice number">{invoice.invoiceNumber || 'Not issued'}</Field>
            <Field label="Invoice date">{formatDate(order.createdAt)}</Field>
            <Field label="Last updated">{formatDateTime(invoice.lastUpdated ?? order.updatedAt)}</Field>
            <Field label="Order">{order.orderNumber || order.id}</Field>
          </dl>
        </section>
        <section aria-labelledby="invoice-customer-heading">
          <h2 id="invoice-customer-heading" className={sectionHeading}>
            Bill To
          </h2>
          <dl className="mt-1">
            <Field label="Name">{order.customerName || 'Not provided'}</Field>
            <Field label="Email">{order.customerEmail || 'Not provided'}</Field>
            {order.customerPhone ? <Field label="Phone">{formatPhone(order.customerPhone)}</Field> : null}
          </dl>
        </section>
        <section aria-labelledby="invoice-firearm-heading" className="sm:col-span-2">
          <h2 id="invoice-firearm-heading" className={sectionHeading}>
            Firearm
          </h2>
          <dl className="mt-1 grid sm:grid-cols-2 sm:gap-x-6">
            <Field label="Make">{order.firearmMake}</Field>
            <Field label="Model">{order.firearmModel}</Field>
            <Field label="Serial number">{order.serialNumber || 'Not provided'}</Field>
            <Field label="Caliber">{order.firearmCaliber || 'Not provided'}</Field>
            <Field label="Service">{order.serviceType}</Field>
          </dl>
        </section>
      </div>

      <section aria-labelledby="invoice-charges-heading">
        <h2 id="invoice-charges-heading" className={sectionHeading}>
          Charges
        </h2>
        <BillSummary invoice={invoice} lines={order.lines} className="mt-1" />
      </section>

      {adjustments.length > 0 ? (
        <section aria-labelledby="invoice-discounts-heading">
          <h2 id="invoice-discounts-heading" className={sectionHeading}>
            Discounts
          </h2>
          <LedgerTable entries={adjustments} describe={(e) => (e.reason ? `${e.paymentMethod}: ${e.reason}` : e.paymentMethod)} negative />
        </section>
      ) : null}

      <section aria-labelledby="invoice-payments-heading">
        <h2 id="invoice-payments-heading" className={sectionHeading}>
          Payments and Refunds
        </h2>
        {money.length > 0 ? (
          <LedgerTable entries={money} describe={entryDescription} />
        ) : (
          <p className="mt-1 text-slate-600 dark:text-slate-400">No payments received yet.</p>
        )}
        {processing.length > 0 ? (
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            {processing.length === 1 ? 'A payment' : `${processing.length} payments`} still processing{' '}
            {processing.length === 1 ? 'is' : 'are'} not included.
          </p>
        ) : null}
      </section>

      <p className="border-t border-slate-200 pt-4 text-center text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
        Thank you for your business.
        {shop.phone || shop.email ? ` Questions about this invoice? Contact ${shop.name} at ${[shop.phone, shop.email].filter(Boolean).join(' or ')}.` : ''}
      </p>
    </article>
  );
}

function LedgerTable({ entries, describe, negative = false }: { entries: Payment[]; describe: (e: Payment) => string; negative?: boolean }) {
  return (
    <table className="mt-1 w-full table-fixed border-collapse text-sm">
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {/* On a phone the date goes under the description, leaving it the width. */}
          <th scope="col" className="w-28 py-1 pr-2 font-medium max-sm:hidden">
            Date
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            <span className="sm:hidden">Date and description</span>
            <span className="max-sm:hidden">Description</span>
          </th>
          <th scope="col" className="w-24 py-1 text-right font-medium">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => {
          const cents = negative ? -e.amountCents : signedAmountCents(e);
          return (
            <tr key={e.paymentId} data-ledger-kind={e.kind} className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800">
              <td className="py-1 pr-2 whitespace-nowrap text-slate-600 max-sm:hidden dark:text-slate-400">{formatDate(e.paymentDate)}</td>
              <td className="py-1 pr-2 [overflow-wrap:anywhere]">
                <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">{formatDate(e.paymentDate)}</span>
                {describe(e)}
              </td>
              <td className="py-1 text-right whitespace-nowrap tabular-nums" data-cents={cents}>
                {signedMoney(cents)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The page around the sheet: a way back and a Print button (neither printed), and the print rules. */
export function PrintableInvoice({ order, shop, back }: { order: OrderDetail; shop: ShopIdentity; back: ReactNode }) {
  // Opened from the foot of a page (the confirmation's buttons): start at the top of the sheet.
  useEffect(() => {
    (document.scrollingElement ?? document.documentElement).scrollTop = 0;
  }, []);
  return (
    <div data-print="sheet" className="mx-auto max-w-3xl space-y-4 px-4 py-8 sm:px-6 lg:px-8">
      <div data-print="hide" className="flex flex-wrap items-center justify-between gap-3">
        {back}
        <Button onClick={() => window.print()}>Print</Button>
      </div>
      <InvoiceDocument order={order} shop={shop} />
    </div>
  );
}
