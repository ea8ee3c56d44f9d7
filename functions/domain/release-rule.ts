import { adminMessages as m } from '@gs/shared/admin-messages'
import { releaseNeedsOverride } from '@gs/shared/invoice'
import { statusLabel } from '@gs/shared/statuses'
import { ValidationError } from '../lib/errors.ts'
import { invoiceOf, type Order } from './order.ts'
import { heldForReleaseCents } from './provider-money.ts'

// Apart from extra-work.ts: the release routes (release, status changes) need this rule and none of the approvals'.

/**
 * A firearm is released only after full payment (shipping policy): moving to a release status with
 * a balance due, or with card money under an open dispute (not received until the dispute is won),
 * needs an override reason, which the caller records. Returns the override note, if any.
 */
export function checkRelease(order: Order, nextStatus: string, overrideReason: string | null | undefined, field: string): string | null {
  const { balanceDueCents } = invoiceOf(order)
  const disputedCents = Math.max(0, order.disputedCents ?? 0)
  if (!releaseNeedsOverride(order.currentStatus, nextStatus, heldForReleaseCents(balanceDueCents, disputedCents))) return null
  if (!overrideReason?.trim()) {
    const message = disputedCents > 0 ? m.releaseDisputed(disputedCents, balanceDueCents, statusLabel(nextStatus)) : m.releaseBalanceDue(balanceDueCents, statusLabel(nextStatus))
    throw new ValidationError(message, { [field]: message, releaseOverrideReason: message })
  }
  return disputedCents > 0 ? m.releaseDisputedOverrideNote(disputedCents, balanceDueCents, overrideReason.trim()) : m.releaseOverrideNote(balanceDueCents, overrideReason.trim())
}
