/**
 * Sample inputs for the notification templates, one per kind: what `scripts/preview-emails.ts`
 * renders and `test/unit/email-template.test.ts` checks. They carry the hard cases on purpose:
 * a 60-character serial with no break in it, a long tracking URL, a multi-line staff note with
 * markup in it, a two-line shop address.
 */
import type { EmailInput, NotificationKind, ShopIdentity } from './email-template.ts'

export const SAMPLE_SHOP: ShopIdentity = {
  name: 'Hill Country Gunsmithing',
  phone: '(512) 555-0142',
  email: 'service@hillcountrygunsmithing.example',
  address: '1200 Ranch Road 12, Suite B\nWimberley, TX 78676',
  fflNumber: '',
}

export const SAMPLE_ORDER_URL = 'https://portal.hillcountrygunsmithing.example/orders/7f3c2a9e-4b1d-4e8a-9c55-0d2f6b8e1a47'
export const SAMPLE_PREFERENCES_URL = 'https://portal.hillcountrygunsmithing.example/account/notifications'

/** 60 characters, no space: a serial as some makers stamp it, or a mistyped one. */
export const LONG_SERIAL = 'SN0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ABCDEFGHIJKL'
export const LONG_TRACKING_URL =
  'https://www.ups.com/track?loc=en_US&tracknum=1Z999AA10123456784&requester=ST/trackdetails&utm_source=shop-notification-email-with-a-very-long-query-string'

export const HOSTILE_NOTE = `<script>alert("x")</script> Barrel & chamber cleaned; "headspace" checked — it's 'good'.\n<img src=x onerror=alert(1)> Second line.`

const n = (kind: NotificationKind, title: string, message: string, context: string, essential: boolean, extra: Partial<EmailInput['notification']> = {}): EmailInput => ({
  shop: SAMPLE_SHOP,
  recipient: { firstName: 'Dana' },
  notification: { kind, title, message, context, essential, ...extra },
  orderUrl: SAMPLE_ORDER_URL,
  preferencesUrl: SAMPLE_PREFERENCES_URL,
})

export const SAMPLE_EMAILS: Record<NotificationKind, EmailInput> = {
  order_created: n(
    'order_created',
    'Order created: Colt Python (GS-000123)',
    'We created order GS-000123 for your Colt Python. Ship it to the address below with a copy of your ID; we will let you know when it arrives.',
    'Colt Python · GS-000123',
    true,
  ),
  status_changed: n(
    'status_changed',
    'Shipped: Colt Python (GS-000123)',
    'Your Colt Python is on its way back to you.',
    'Colt Python · GS-000123',
    false,
    { trackingUrl: LONG_TRACKING_URL, carrier: 'UPS' },
  ),
  staff_note: n(
    'staff_note',
    `Note from the shop: Custom 1911 (GS-000124)`,
    `The shop wrote:\n\n${HOSTILE_NOTE}`,
    `Custom 1911 · serial ${LONG_SERIAL} · GS-000124`,
    false,
  ),
  approval_requested: n(
    'approval_requested',
    'Action Required: Additional Costs — Remington 870, order GS-000125',
    'We found a cracked extractor. Replacing it adds $48.50 (part and labor). Please approve or reject the extra cost so we can continue.',
    'Remington 870 · GS-000125',
    true,
  ),
  payment_received: n(
    'payment_received',
    'Payment received: Colt Python (GS-000123)',
    'We received your payment of $212.40. The balance of this order is $0.00. Thank you!',
    'Colt Python · GS-000123',
    true,
  ),
  payment_failed: n(
    'payment_failed',
    'Payment failed: Colt Python (GS-000123)',
    'Your card was declined, so the payment of $212.40 did not go through. Nothing was charged. You can try again with another card from the order page.',
    'Colt Python · GS-000123',
    true,
  ),
  payment_refunded: n(
    'payment_refunded',
    'Refund issued: Colt Python (GS-000123)',
    'We refunded $25.00 to your card. Depending on your bank it shows up within 5 to 10 business days.',
    'Colt Python · GS-000123',
    true,
  ),
}
