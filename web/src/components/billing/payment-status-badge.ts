import type { BadgeColor } from '@gs/shared/statuses';

/** What the customer (and staff) read of a card payment the provider has not confirmed: nothing is counted as paid. */
export const UNDER_REVIEW_LABEL = 'Under review by the shop';

/**
 * A ledger entry's status as a badge: successful → Successful, pending → Pending (a card success the
 * provider did not confirm, flagged `unconfirmed`: Under review by the shop), anything else → Failed.
 */
export function paymentStatusBadge(status: string | null | undefined, flag?: string | null): { label: string; tone: BadgeColor } {
  if (status === 'successful') return { label: 'Successful', tone: 'success' };
  if (status === 'pending' && flag === 'unconfirmed') return { label: UNDER_REVIEW_LABEL, tone: 'warning' };
  if (status === 'pending') return { label: 'Pending', tone: 'warning' };
  return { label: 'Failed', tone: 'red' };
}
