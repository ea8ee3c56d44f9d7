import type { Payment } from '@gs/shared/api-types';

/** What can still be given back of a payment or credit (0 for any other entry or one not successful). */
export function refundableCents(p: Pick<Payment, 'kind' | 'paymentStatus' | 'amountCents' | 'refundedCents'>): number {
  if ((p.kind !== 'payment' && p.kind !== 'credit') || p.paymentStatus !== 'successful') return 0;
  return Math.max(0, p.amountCents - p.refundedCents);
}

/** A payment made through the card checkout (so it can be refunded to the card). */
export const isCardEntry = (p: Pick<Payment, 'paymentIntentId' | 'kind'>) => p.kind !== 'refund' && p.kind !== 'adjustment' && p.paymentIntentId !== '';

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
