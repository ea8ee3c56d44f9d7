// Every customer notification as the domain builds it (functions/domain/notifications.ts,
// staff-message-notification.ts, payment-notifications.ts) with its exact texts (shared/src/notification-texts.ts): kind,
// essential, the context naming the firearm and order, and for shipped the tracking.
import { splitOrderNumbers } from '../../shared/src/notification-format.ts'
import { describe, expect, it } from 'vitest'
import { approvalRequestedNotification, orderCreatedNotification } from '../../functions/domain/order-notifications.ts'
import { paymentFailedNotification, paymentReceivedNotification, paymentRefundedNotification } from '../../functions/domain/payment-notifications.ts'
import { staffMessageNotification } from '../../functions/domain/staff-message-notification.ts'
import type { Order } from '../../functions/domain/order.ts'
import { adminMessages } from '../../shared/src/admin-messages.ts'
import { requestAmounts } from '../../shared/src/invoice.ts'
import { formatCents } from '../../shared/src/money.ts'
import { testOrder } from '../support/orders.ts'

const AT = '2026-03-01T12:00:00.000Z'
const python = (over: Partial<Order> = {}) => testOrder({ orderId: 'o-123', orderNumber: 'GS-000123', customerId: 'cust-1', firearmMake: 'Colt', firearmModel: 'Python', ...over })
const base = (over: Partial<Order> = {}) => ({ order: python(over), at: AT, id: 'n-1' })

/** What every notification shares: for the order's customer, unread, with the context. */
const common = { userId: 'cust-1', notificationId: 'n-1', orderId: 'o-123', read: false, createdAt: AT, context: 'Colt Python · GS-000123' }

describe('order created', () => {
  it('names the firearm and the order number', () => {
    expect(orderCreatedNotification(base())).toEqual({
      ...common,
      kind: 'order_created',
      essential: false,
      title: 'Order Created: Colt Python (GS-000123)',
      message: 'We opened order GS-000123 for your Colt Python. You can follow its progress here.',
    })
  })
})

describe('a staff message or order edit', () => {
  it('a status change: titled by the status label, saying what the order is now', () => {
    expect(staffMessageNotification({ ...base({ currentStatus: 'work_complete' }), previousStatus: 'in_progress' })).toEqual({
      ...common,
      kind: 'status_changed',
      essential: false,
      title: 'Work Complete: Colt Python (GS-000123)',
      message: 'Your Colt Python (order GS-000123) is now Work Complete.',
    })
    expect(staffMessageNotification({ ...base({ currentStatus: 'payment_needed' }), previousStatus: 'work_complete' })?.title).toBe('Payment Needed: Colt Python (GS-000123)')
    expect(staffMessageNotification({ ...base({ currentStatus: 'evaluating' }), previousStatus: 'firearm_received' })?.title).toBe('Evaluating Firearm: Colt Python (GS-000123)')
  })

  it('a status change with a note is ONE notification that carries the note', () => {
    expect(staffMessageNotification({ ...base({ currentStatus: 'parts_needed' }), previousStatus: 'in_progress', note: ' Waiting on a hammer spring ' })).toMatchObject({
      kind: 'status_changed',
      title: 'Parts Needed: Colt Python (GS-000123)',
      message: 'Your Colt Python (order GS-000123) is now Parts Needed. Note from the shop: Waiting on a hammer spring',
    })
  })

  it('a note without a status change is a staff note whose message is the note', () => {
    expect(staffMessageNotification({ ...base({ currentStatus: 'in_progress' }), previousStatus: 'in_progress', note: 'Cylinder timing fixed.\nTest firing tomorrow.' })).toEqual({
      ...common,
      kind: 'staff_note',
      essential: false,
      title: 'Message from the Shop: Colt Python (GS-000123)',
      message: 'Cylinder timing fixed.\nTest firing tomorrow.',
    })
  })

  it('the same status again without a note tells nothing', () => {
    expect(staffMessageNotification({ ...base({ currentStatus: 'in_progress' }), previousStatus: 'in_progress' })).toBeNull()
    expect(staffMessageNotification({ ...base({ currentStatus: 'in_progress' }), previousStatus: 'in_progress', note: '   ' })).toBeNull()
  })

  it('shipped is essential and carries the tracking number, the carrier and its page: a UPS 1Z number goes to UPS', () => {
    expect(staffMessageNotification({ ...base({ currentStatus: 'shipped', outboundTrackingNumber: '1Z999AA10123456784' }), previousStatus: 'ready_for_shipping' })).toEqual({
      ...common,
      kind: 'status_changed',
      essential: true,
      title: 'Shipped: Colt Python (GS-000123)',
      message: 'Your Colt Python (order GS-000123) has shipped via UPS, tracking number 1Z999AA10123456784.',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      carrier: 'UPS',
    })
    expect(staffMessageNotification({ ...base({ currentStatus: 'shipped', outboundTrackingNumber: '9400111899223856928499' }), previousStatus: 'payment_received', note: 'Signature required' })).toMatchObject({
      message: 'Your Colt Python (order GS-000123) has shipped via USPS, tracking number 9400111899223856928499. Note from the shop: Signature required',
      trackingUrl: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223856928499',
      carrier: 'USPS',
    })
  })

  it('shipped with a number of no known carrier shows the number without a link; without a number, neither', () => {
    const unknown = staffMessageNotification({ ...base({ currentStatus: 'shipped', outboundTrackingNumber: 'LOCAL-42' }), previousStatus: 'ready_for_shipping' })
    expect(unknown).toMatchObject({ essential: true, message: 'Your Colt Python (order GS-000123) has shipped, tracking number LOCAL-42.' })
    expect(unknown).not.toHaveProperty('trackingUrl')
    expect(unknown).not.toHaveProperty('carrier')
    const none = staffMessageNotification({ ...base({ currentStatus: 'shipped' }), previousStatus: 'ready_for_shipping' })
    expect(none).toMatchObject({ essential: true, message: 'Your Colt Python (order GS-000123) has shipped.' })
    expect(none).not.toHaveProperty('trackingUrl')
  })

  it('a tracking number given after the order shipped tells the customer, with the carrier page; changing it again says updated', () => {
    const added = staffMessageNotification({ ...base({ currentStatus: 'shipped', outboundTrackingNumber: '1Z999AA10123456784' }), previousStatus: 'shipped', previousTrackingNumber: null })
    expect(added).toMatchObject({
      kind: 'status_changed',
      essential: true,
      title: 'Tracking Number Added: Colt Python (GS-000123)',
      message: 'Your Colt Python (order GS-000123) has shipped via UPS, tracking number 1Z999AA10123456784.',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      carrier: 'UPS',
    })
    const updated = staffMessageNotification({ ...base({ currentStatus: 'delivered', outboundTrackingNumber: '9400111899223856928499' }), previousStatus: 'delivered', previousTrackingNumber: '1Z999AA10123456784', note: 'Wrong label earlier' })
    expect(updated).toMatchObject({ title: 'Tracking Number Updated: Colt Python (GS-000123)', carrier: 'USPS', message: expect.stringContaining('Note from the shop: Wrong label earlier') })
  })

  it('no tracking news: the same number, a number before shipping, a number removed, or a change that cannot touch it', () => {
    const same = { ...base({ currentStatus: 'shipped', outboundTrackingNumber: '1Z999AA10123456784' }), previousStatus: 'shipped' }
    expect(staffMessageNotification({ ...same, previousTrackingNumber: ' 1Z999AA10123456784 ' })).toBeNull()
    expect(staffMessageNotification(same)).toBeNull()
    expect(staffMessageNotification({ ...base({ currentStatus: 'work_complete', outboundTrackingNumber: '1Z999AA10123456784' }), previousStatus: 'work_complete', previousTrackingNumber: null })).toBeNull()
    expect(staffMessageNotification({ ...base({ currentStatus: 'shipped' }), previousStatus: 'shipped', previousTrackingNumber: '1Z999AA10123456784' })).toBeNull()
    // With a note and no tracking news it is the note.
    expect(staffMessageNotification({ ...same, previousTrackingNumber: '1Z999AA10123456784', note: 'Thanks!' })).toMatchObject({ kind: 'staff_note', message: 'Thanks!' })
  })
})

describe('approval requested', () => {
  it('names the firearm and order in its title, lists each item and the total, and is essential', () => {
    const request = { reason: 'Cracked forcing cone', lines: [{ lineId: 'l1', kind: 'part' as const, name: 'Forcing cone', unitCents: 4500, quantity: 2 }, { lineId: 'l2', kind: 'labor' as const, name: 'Fitting', unitCents: 6000, quantity: 1 }] }
    const first = approvalRequestedNotification({ ...base(), request })
    const { order } = base()
    const firearm = `${order.firearmMake} ${order.firearmModel}`
    expect(first).toMatchObject({ ...common, kind: 'approval_requested', essential: true, title: `Action Required: Additional Costs — ${firearm}, order ${order.orderNumber}` })
    expect(first.message.split('\n')).toEqual([
      adminMessages.approvalMessage('Cracked forcing cone'),
      '',
      '- Forcing cone × 2: $90.00',
      '- Fitting × 1: $60.00',
      `Total: ${formatCents(requestAmounts(request.lines, order.taxRatePpm).totalCents)}`,
      '',
      "Please approve or decline the additional costs on your order's page.",
    ])
    const second = approvalRequestedNotification({ order: testOrder({ orderNumber: 'GS-000124', firearmMake: 'Glock', firearmModel: '19' }), at: AT, id: 'n-2', request })
    expect(second.title).toBe('Action Required: Additional Costs — Glock 19, order GS-000124')
    expect(second.context).toBe('Glock 19 · GS-000124')
  })
})

describe('payments', () => {
  it('a payment received is essential, with the amount, and says when the order is paid in full', () => {
    expect(paymentReceivedNotification({ ...base(), amountCents: 5000, paidInFull: false })).toEqual({
      ...common,
      kind: 'payment_received',
      essential: true,
      title: 'Payment Received: Colt Python (GS-000123)',
      message: 'We received your payment of $50.00 for order GS-000123. Thank you!',
    })
    expect(paymentReceivedNotification({ ...base(), amountCents: 123_456, paidInFull: true }).message).toBe('We received your payment of $1,234.56: order GS-000123 is paid in full. Thank you!')
  })

  it("a failed payment carries the provider's reason; it is not essential", () => {
    expect(paymentFailedNotification({ ...base(), amountCents: 12_500, reason: 'Your card was declined.' })).toEqual({
      ...common,
      kind: 'payment_failed',
      essential: false,
      title: 'Payment Failed: Colt Python (GS-000123)',
      message: 'Your card payment of $125.00 for order GS-000123 did not go through. Your card was declined. Please try again.',
    })
  })

  it('a refund is essential and says how the money came back', () => {
    expect(paymentRefundedNotification({ ...base(), amountCents: 2500, method: 'card' })).toEqual({
      ...common,
      kind: 'payment_refunded',
      essential: true,
      title: 'Refund Issued: Colt Python (GS-000123)',
      message: 'We refunded $25.00 to your card for order GS-000123.',
    })
    expect(paymentRefundedNotification({ ...base(), amountCents: 2500, method: 'cash' }).message).toBe('We refunded $25.00 in cash for order GS-000123.')
    expect(paymentRefundedNotification({ ...base(), amountCents: 2500, method: 'check' }).message).toBe('We refunded $25.00 by check for order GS-000123.')
    expect(paymentRefundedNotification({ ...base(), amountCents: 2500, method: 'card_present' }).message).toBe('We refunded $25.00 to your card for order GS-000123.')
  })
})

it('names a firearm with a blank model by its make alone', () => {
  expect(orderCreatedNotification({ ...base({ firearmModel: '' }) })).toMatchObject({ title: 'Order Created: Colt (GS-000123)', context: 'Colt · GS-000123' })
})

describe('order numbers in running text', () => {
  it('are cut out whole, at odd indexes, so a renderer can keep each on one line', () => {
    expect(splitOrderNumbers('Shipped: Colt Python (GS-000123), invoice INV-000007.')).toEqual(['Shipped: Colt Python (', 'GS-000123', '), invoice ', 'INV-000007', '.'])
    expect(splitOrderNumbers('No number here, nor in GS-12 or gs-000123')).toEqual(['No number here, nor in GS-12 or gs-000123'])
  })
})
