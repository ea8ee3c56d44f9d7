import type { Payment } from '@gs/shared/api-types';
import { disputeText } from '@gs/shared/payment-rules';

/**
 * A card payment's or credit's share of a dispute, as staff read it wherever entries are listed (the order editor's
 * ledger, the Payments page): "Disputed $110.00 · Needs response", "Dispute lost $110.00". A chargeback (a refund-kind
 * entry carrying the dispute) says what it is by its own label, so nothing here.
 */
export function EntryDispute({ entry, className = '' }: { entry: Pick<Payment, 'kind' | 'dispute'>; className?: string }) {
  if (!entry.dispute || entry.kind === 'refund') return null;
  return (
    <span data-testid="entry-dispute" className={`font-medium text-red-800 dark:text-red-300 ${className}`}>
      {disputeText(entry.dispute)}
    </span>
  );
}
