import type { BadgeColor } from '@gs/shared/statuses';

/** A ledger entry's status as a badge: successful → Successful, pending → Pending, anything else → Failed. */
export function paymentStatusBadge(status: string | null | undefined): { label: string; tone: BadgeColor } {
  if (status === 'successful') return { label: 'Successful', tone: 'success' };
  if (status === 'pending') return { label: 'Pending', tone: 'warning' };
  return { label: 'Failed', tone: 'red' };
}
