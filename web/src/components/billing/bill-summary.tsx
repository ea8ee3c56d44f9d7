import { useId, type ReactNode } from 'react';
import type { ExtraLine, Invoice } from '@gs/shared/api-types';
import { billStatement, lineLabel } from '@gs/shared/invoice';
import { formatCents } from '@gs/shared/money';
import { signedMoney } from './ledger';

// The one way the SPA shows an order's money (customer Service Details, the payment pages, the
// printable invoice, the admin panel): the rows come from the shared billStatement, so they always
// add up to the total.

/** One amount of a bill or ledger summary: its label, and the cents (also in data-cents for tests). */
export function MoneyRow({
  label,
  cents,
  strong = false,
  muted = !strong,
  dense = false,
  testId,
  item = false,
  negative = false,
  className = '',
}: {
  label: string;
  cents: number;
  strong?: boolean;
  /** The label in the secondary colour (by default, unless the row is strong). */
  muted?: boolean;
  /** Less space between rows (a side panel). */
  dense?: boolean;
  testId?: string;
  /** A row of the statement (summed into the total). */
  item?: boolean;
  /** Taken off what is owed: shown as "−$10.00". */
  negative?: boolean;
  className?: string;
}) {
  return (
    <div
      data-bill-row={item ? '' : undefined}
      className={`flex items-baseline justify-between gap-x-4 ${dense ? 'py-0.5' : 'py-1'} ${strong ? 'font-semibold' : ''} ${className}`}
    >
      <dt className={`min-w-0 [overflow-wrap:anywhere] ${muted ? 'text-slate-600 dark:text-slate-400' : ''}`}>{label}</dt>
      <dd data-testid={testId} data-cents={cents} className="shrink-0 text-right whitespace-nowrap tabular-nums">
        {negative ? signedMoney(-cents) : formatCents(cents)}
      </dd>
    </div>
  );
}

export const DISCOUNTS_LABEL = 'Discounts';
export const CREDIT_LABEL = 'Credit (to be refunded)';
/** "Refunded $20.00": money the shop gave back on this order. */
export const REFUNDED_LABEL = 'Refunded';
const DIVIDER = 'mt-1 border-t border-slate-200 pt-2 dark:border-slate-700';

/**
 * Total, Discounts, Amount Paid and Balance Due (total − discounts − paid = balance): the end of
 * every bill, and all a payment panel needs. Discounts (and write-offs) only when staff granted
 * some; a credit (money received above the bill, which staff refund) after the balance.
 */
export function BillTotals({ invoice, divider = true }: { invoice: Invoice; divider?: boolean }) {
  // Older payloads may lack the ledger fields: read them as 0.
  const adjustments = invoice.adjustmentsCents ?? 0;
  const credit = invoice.creditCents ?? 0;
  // Money the shop gave back, shown apart from the arithmetic above it (paid is already net of it).
  const refunded = invoice.refundedCents ?? 0;
  return (
    <>
      <MoneyRow label="Total" cents={invoice.totalCents} strong className={divider ? DIVIDER : ''} testId="invoice-total" />
      {adjustments > 0 ? <MoneyRow label={DISCOUNTS_LABEL} cents={adjustments} negative testId="invoice-discounts" /> : null}
      <MoneyRow label="Amount Paid" cents={invoice.amountPaidCents} />
      <MoneyRow label="Balance Due" cents={invoice.balanceDueCents} strong testId="balance-due" />
      {credit > 0 ? <MoneyRow label={CREDIT_LABEL} cents={credit} testId="invoice-credit" /> : null}
      {refunded > 0 ? <MoneyRow label={REFUNDED_LABEL} cents={refunded} testId="invoice-refunded" /> : null}
    </>
  );
}

type BillLine = Pick<ExtraLine, 'id' | 'name' | 'quantity' | 'state' | 'lineTotalCents'>;

/**
 * Service, every billed line, tax (at the order's own rate), shipping, then Total, Amount Paid
 * and Balance Due. Lines waiting for the customer's approval are listed apart and are never in
 * the total; drafts and rejected lines are not on the bill at all. With a `title` it is a card
 * of its own (a region named by the title, with the invoice number), as on the payment pages.
 */
export function BillSummary({
  invoice,
  lines,
  busy = false,
  label,
  title,
  className = '',
  children,
}: {
  invoice: Invoice;
  lines: readonly BillLine[];
  busy?: boolean;
  /** Names the bill as a group (when it is not the only thing in its section). */
  label?: string;
  /** Shows the bill as a card under this heading ("Invoice Summary"). */
  title?: string;
  className?: string;
  /** Shown between the bill and the lines awaiting approval (e.g. the shipping choice). */
  children?: ReactNode;
}) {
  const pendingId = useId();
  const headingId = useId();
  const rows = billStatement(invoice, lines);
  const pending = lines.filter((l) => l.state === 'pending');

  const bill = (
    <div role={label ? 'group' : undefined} aria-label={label} className={`text-sm ${title ? 'mt-3' : className}`}>
      <dl aria-busy={busy || undefined} data-testid="bill">
        {rows.map((row) => (
          <MoneyRow key={row.key} label={row.label} cents={row.cents} item />
        ))}
        <BillTotals invoice={invoice} />
      </dl>
      {children}
      {invoice.pendingApprovalCents > 0 ? (
        <div
          role="group"
          aria-labelledby={pendingId}
          data-testid="awaiting-approval"
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100"
        >
          <p id={pendingId} className="font-medium">
            Awaiting approval: {formatCents(invoice.pendingApprovalCents)}
          </p>
          <p className="text-xs">Not included in the total until approved.</p>
          {pending.length > 0 ? (
            <ul className="mt-2 space-y-1">
              {pending.map((l) => (
                <li key={l.id} className="flex items-baseline justify-between gap-x-4">
                  <span className="min-w-0 [overflow-wrap:anywhere]">{lineLabel(l)}</span>
                  <span className="shrink-0 whitespace-nowrap tabular-nums">{formatCents(l.lineTotalCents)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
  if (!title) return bill;
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900 ${className}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {invoice.invoiceNumber ? <span className="text-xs text-slate-600 dark:text-slate-400">Invoice {invoice.invoiceNumber}</span> : null}
      </div>
      {bill}
    </section>
  );
}
