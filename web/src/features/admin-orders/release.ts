import { adminMessages } from '@gs/shared/admin-messages';
import { releaseNeedsOverride as needsOverride } from '@gs/shared/invoice';
import { statusLabel } from '@gs/shared/statuses';
import type { AdminOrder } from './types';

/**
 * A firearm is released only after full payment: moving an order to a release status (ready for
 * pickup, shipped, delivered, closed) while a balance is due needs a reason, which the server
 * records; without one it refuses the change. The form asks for it by the same shared rule.
 */
export function releaseNeedsOverride(order: Pick<AdminOrder, 'currentStatus' | 'invoice'>, nextStatus: string) {
  return needsOverride(order.currentStatus, nextStatus, order.invoice.balanceDueCents);
}

/** The server's refusal text, shown before it is needed. */
export const releaseHint = (order: Pick<AdminOrder, 'invoice'>, nextStatus: string) =>
  adminMessages.releaseBalanceDue(order.invoice.balanceDueCents, statusLabel(nextStatus));
