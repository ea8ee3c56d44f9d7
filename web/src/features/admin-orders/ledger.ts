import type { LedgerFlag, LedgerKind, Payment } from '@gs/shared/api-types';
import { formatCents } from '@gs/shared/money';

/**
 * Dollars as staff type them → integer cents, by string arithmetic (no floating point, no rounding):
 * "20" → 2000, "$1,234.5" → 123450, ".75" → 75. At most 2 decimals: "10.075" is not an amount of
 * money and gives null, as does anything else that is not a non-negative number.
 * (The shared dollarsToCents rounds a third decimal half-up, which suits a price field, not money
 * taken or given back.)
 */
export function parseDollars(input: string): number | null {
  const s = input.trim().replace(/^\$/, '');
  // Thousands separators only where they belong: "1,234" yes, "1,2,3" no.
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{0,2}))?$/.exec(s);
  if (!m || (m[1] === undefined && !m[2])) return null;
  const whole = (m[1] ?? '0').replace(/,/g, '');
  // More digits than any amount the server takes (and than a double holds exactly).
  if (whole.replace(/^0+/, '').length > 13) return null;
  return Number(whole) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** 2000 → "20.00", for prefilling an amount field (integer arithmetic, like parseDollars). */
export const centsToDollarsInput = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** What can still be given back of a payment or credit (0 for any other entry or one not successful). */
export function refundableCents(p: Pick<Payment, 'kind' | 'paymentStatus' | 'amountCents' | 'refundedCents'>): number {
  if ((p.kind !== 'payment' && p.kind !== 'credit') || p.paymentStatus !== 'successful') return 0;
  return Math.max(0, p.amountCents - p.refundedCents);
}

/** A payment made through the card checkout (so it can be refunded to the card). */
export const isCardEntry = (p: Pick<Payment, 'paymentIntentId' | 'kind'>) => p.kind !== 'refund' && p.kind !== 'adjustment' && p.paymentIntentId !== '';

/** Money back is negative; payments, credits and adjustments are shown as they are. */
export const signedCents = (p: Pick<Payment, 'kind' | 'amountCents'>) => (p.kind === 'refund' ? -p.amountCents : p.amountCents);

/** "$12.00", or "−$12.00" with a true minus sign (as the bills show a discount) for money going back. */
export const signedMoney = (cents: number) => (cents < 0 ? `\u2212${formatCents(-cents)}` : formatCents(cents));

export const KIND_LABELS: Record<LedgerKind, string> = {
  payment: 'Payment',
  refund: 'Refund',
  adjustment: 'Adjustment',
  credit: 'Credit',
};

/** Why staff should look at an entry. */
export const FLAG_LABELS: Record<LedgerFlag, string> = {
  overpayment: 'Overpayment credit',
  order_deleted: 'Paid after the order was deleted',
  order_archived: 'Paid after the order was archived',
};

/** Flags whose money the shop holds and should give back. */
export const isCreditFlag = (flag: LedgerFlag | null): flag is 'overpayment' | 'order_deleted' => flag === 'overpayment' || flag === 'order_deleted';

/** The reason the one-click refund of a flagged credit records. */
export const OVERPAYMENT_REFUND_REASON = 'Overpayment refund';

/**
 * One id per attempt at a ledger change, sent again on a retry so the server records it once.
 * crypto.randomUUID needs a secure context; the fallback makes the same v4 shape from random bytes.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
