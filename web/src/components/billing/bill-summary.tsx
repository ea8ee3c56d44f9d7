import { useId, type ReactNode } from 'react';
import type { ExtraLine, Invoice } from '@gs/shared/api-types';
import { billStatement, lineLabel } from '@gs/shared/invoice';
import { formatCents } from '@gs/shared/money';

// The one way the SPA shows an order's money (customer Service Details, the payment pages, the
// admin panel): the rows come from the shared billStatement, so they always add up to the total.

function Row({
  label,
  cents,
  strong = false,
  divider = false,
  testId,
  item = false,
  negative = false,
}: {
  label: string;
  cents: number;
  strong?: boolean;
  divider?: boolean;
  testId?: string;
  /** A row of the statement (summed into the total). */
  item?: boolean;
  /** Taken off what is owed: shown as "−$10.00". */
  negative?: boolean;
}) {
  return (
    <div
      data-bill-row={item ? '' : undefined}
      className={`flex items-baseline justify-between gap-x-4 py-1 ${strong ? 'font-semibold' : ''} ${
        divider ? 'mt-1 border-t border-slate-200 pt-2 dark:border-slate-700' : ''
      }`}
    >
      <dt className={`min-w-0 [overflow-wrap:anywhere] ${strong ? '' : 'text-slate-600 dark:text-slate-400'}`}>{label}</dt>
      <dd data-testid={testId} data-cents={cents} className="shrink-0 text-right whitespace-nowrap tabular-nums">
        {negative ? signedCents(-cents) : formatCents(cents)}
      </dd>
    </div>
  );
}

/** "$12.00", or "−$12.00" (a true minus sign) for money going the other way: a refund, a discount. */
export const signedCents = (cents: number) => (cents < 0 ? `\u2212${formatCents(-cents)}` : formatCents(cents));

export const DISCOUNTS_LABEL = 'Discounts';
export const CREDIT_LABEL = 'Credit (to be refunded)';

/**
 * Total, Discounts, Amount Paid and Balance Due (total − discounts − paid = balance): the end of
 * every bill, and all a payment panel needs. Discounts (and write-offs) only when staff granted
 * some; a credit (money received above the bill, which staff refund) after the balance.
 */
export function BillTotals({ invoice, divider = true }: { invoice: Invoice; divider?: boolean }) {
  // Older payloads may lack the ledger fields: read them as 0.
  const adjustments = invoice.adjustmentsCents ?? 0;
  const credit = invoice.creditCents ?? 0;
  return (
    <>
      <Row label="Total" cents={invoice.totalCents} strong divider={divider} testId="invoice-total" />
      {adjustments > 0 ? <Row label={DISCOUNTS_LABEL} cents={adjustments} negative testId="invoice-discounts" /> : null}
      <Row label="Amount Paid" cents={invoice.amountPaidCents} />
      <Row label="Balance Due" cents={invoice.balanceDueCents} strong testId="balance-due" />
      {credit > 0 ? <Row label={CREDIT_LABEL} cents={credit} testId="invoice-credit" /> : null}
    </>
  );
}

type BillLine = Pick<ExtraLine, 'id' | 'name' | 'quantity' | 'state' | 'lineTotalCents'>;


/**
 * Service, every billed line, tax (at the order's own rate), shipping, then Total, Amount Paid
 * and Balance Due. Lines waiting for the customer's approval are listed apart and are never in
 * the total; drafts and rejected lines are not on the bill at all.
 */
export function BillSummary({
  invoice,
  lines,
  busy = false,
  label,
  className = '',
  children,
}: {
  invoice: Invoice;
  lines: readonly BillLine[];
  busy?: boolean;
  /** Names the bill as a group (when it is not the only thing in its section). */
  label?: string;
  className?: string;
  /** Shown between the bill and the lines awaiting approval (e.g. the shipping choice). */
  children?: ReactNode;
}) {
  const pendingId = useId();
  const rows = billStatement(invoice, lines);
  const pending = lines.filter((l) => l.state === 'pending');

  return (
    <div role={label ? 'group' : undefined} aria-label={label} className={`text-sm ${className}`}>
      <dl aria-busy={busy || undefined} data-testid="bill">
        {rows.map((row) => (
          <Row key={row.key} label={row.label} cents={row.cents} item />
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
}
