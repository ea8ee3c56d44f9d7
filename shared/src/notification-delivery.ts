/**
 * How staff read a notification's delivery outside the portal (the notifier: docs/notifications.md,
 * "Delivery"): one status per channel and, for a skipped one, why. Used by the admin order page.
 */
import type { NotificationChannelDelivery } from './api-types.ts'
import type { BadgeColor } from './statuses.ts'

/** Why a channel was skipped (the notifier's reasons, functions/notify/notifier.ts SKIP_REASONS). */
export const SKIP_REASON_LABELS: Record<string, string> = {
  no_account: 'no account',
  customer_archived: 'customer archived',
  account_disabled: 'account disabled',
  no_email: 'no email address',
  optional_email_off: 'optional emails off',
  sms_off: 'SMS off',
  no_phone: 'no phone',
  invalid_phone: 'phone not valid for SMS',
}

/** A change held for the order's combined message (several changes within 2 minutes go as one email and one text). */
export const BATCHED_LABEL = 'Waiting to go with the order’s other changes'

/** "Sent", "Sending…", "Failed — retrying (2 attempts)", "Skipped: SMS off", "Not sent yet". */
export function deliveryLabel(d: NotificationChannelDelivery | null): string {
  if (!d) return 'Not sent yet'
  switch (d.status) {
    case 'sent':
      return 'Sent'
    case 'sending':
      return 'Sending…'
    case 'failed':
      return `Failed — retrying (${d.attempts} attempt${d.attempts === 1 ? '' : 's'})`
    case 'skipped':
      return `Skipped: ${SKIP_REASON_LABELS[d.reason ?? ''] ?? d.reason ?? 'not applicable'}`
    case 'batched':
      return BATCHED_LABEL
  }
}

/** The badge colour of a status: sent green, failed red, sending amber, skipped and not yet grey. */
export const deliveryTone = (d: NotificationChannelDelivery | null): BadgeColor =>
  !d ? 'grey' : d.status === 'sent' ? 'success' : d.status === 'failed' ? 'red' : d.status === 'sending' || d.status === 'batched' ? 'warning' : 'grey'
