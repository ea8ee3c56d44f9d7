import { paymentMessages } from '@gs/shared/payment-messages';
import type { Payment } from '@gs/shared/api-types';
import { formatCents } from '@gs/shared/money';

// How the SPA reads an order's ledger (payments, refunds, discounts, credits).
// The server keeps every amount positive; the kind says which way the money went.

/** Entries that moved money or the balance: never a declined or still-settling attempt. */
export const settledEntries = (payments: readonly Payment[]) => payments.filter((p) => p.paymentStatus === 'successful');

/** A refund is money going back to the customer: shown as a negative amount. */
export const signedAmountCents = (p: Pick<Payment, 'kind' | 'amountCents'>) =>
  (p.kind === 'refund' ? -1 : 1) * (Number.isFinite(p.amountCents) ? p.amountCents : 0);

/** "$12.00", or "−$12.00" (a true minus sign) for money going the other way: a refund, a discount. */
export const signedMoney = (cents: number) => (cents < 0 ? `\u2212${formatCents(-cents)}` : formatCents(cents));

/** Money the customer paid (a card or shop payment, or one received above the bill). */
export const isMoneyIn = (p: Pick<Payment, 'kind'>) => (p.kind ?? 'payment') === 'payment' || p.kind === 'credit';

const time = (p: Pick<Payment, 'paymentDate'>) => Date.parse(p.paymentDate) || 0;

/** Oldest first (how an invoice lists them). */
export const chronological = (payments: readonly Payment[]) => [...payments].sort((a, b) => time(a) - time(b));

/** The newest successful payment of an order, if any (what the confirmation page shows without a payment id). */
export function latestSuccessfulPayment(payments: readonly Payment[]): Payment | undefined {
  return chronological(settledEntries(payments).filter(isMoneyIn)).at(-1);
}

/** How a ledger entry reads on the invoice and the work order: its method label, and why (a refund's reason, a check or receipt number). */
export function entryDescription(entry: Payment): string {
  const label = entry.paymentMethod || paymentMessages.defaultMethod;
  if (entry.kind === 'credit') return `${label} (credit, received above the bill)`;
  if (!entry.reason) return label;
  return entry.kind === 'refund' ? `${label}: ${entry.reason}` : `${label} (${entry.reason})`;
}
