import { sortableId, uuid } from '../../functions/db/ids.ts'
import { createNotificationRepository } from '../../functions/db/repositories/notifications.ts'
import { createOrderRepository } from '../../functions/db/repositories/orders.ts'
import type { Profile } from '../../functions/db/repositories/profiles.ts'
import { createLedgerRepository } from '../../functions/db/repositories/ledger.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { addLine, requestApproval } from '../../functions/domain/extra-work.ts'
import { approvalRequestedNotification } from '../../functions/domain/order-notifications.ts'
import { paymentReceivedNotification } from '../../functions/domain/payment-notifications.ts'
import { staffMessageNotification } from '../../functions/domain/staff-message-notification.ts'
import { newOrder, invoiceOf, type Notification, type Order, type StatusUpdate } from '../../functions/domain/order.ts'
import type { AddLineInput } from '@gs/shared/schemas/admin-orders'
import { statusLabel } from '@gs/shared/statuses'

const DAY = 86_400_000

interface DemoOrder {
  daysAgo: number
  order: Partial<Order> & Pick<Order, 'firearmMake' | 'firearmModel' | 'serialNumber' | 'serviceType' | 'description' | 'estimatedCostCents' | 'currentStatus'>
  /** Staff status changes after "Order created", oldest first. */
  steps?: string[]
  customerNote?: string
  /** Extra work billed at once. */
  lines?: AddLineInput[]
  /** Extra work the customer is asked to approve. */
  approval?: { reason: string; lines: AddLineInput[] }
  paidInFull?: boolean
}

const DEMO_ORDERS: DemoOrder[] = [
  {
    daysAgo: 40,
    order: { firearmMake: 'Smith & Wesson', firearmModel: 'Model 686', serialNumber: 'CYD4417', firearmCaliber: '.357 Magnum', serviceType: 'Trigger Job', description: 'Smooth double-action pull and polish internals.', estimatedCostCents: 18500, currentStatus: 'shipped', inboundTrackingNumber: '9400111899223856925830', outboundTrackingNumber: '9400111899223856931442' },
    steps: ['firearm_received', 'in_progress', 'work_complete', 'payment_needed', 'shipped'],
    customerNote: 'Thanks, the trigger feels great!',
    paidInFull: true,
  },
  {
    daysAgo: 25,
    order: { firearmMake: 'Remington', firearmModel: '870 Express', serialNumber: 'RS81239U', firearmCaliber: '12 Gauge', serviceType: 'Repair', description: 'Action binds when cycling; inspect and repair.', estimatedCostCents: 15000, currentStatus: 'work_complete', inboundTrackingNumber: '9400111899223856907712' },
    steps: ['firearm_received', 'evaluating', 'in_progress', 'work_complete'],
    lines: [
      { kind: 'part', name: 'Action bar assembly', description: 'OEM replacement', unitCents: 4200, quantity: 1, needsApproval: false },
      { kind: 'part', name: 'Shell latch', unitCents: 950, quantity: 2, needsApproval: false },
      { kind: 'labor', name: 'Fit and function test', unitCents: 3500, quantity: 1, needsApproval: false },
    ],
  },
  {
    daysAgo: 18,
    order: { firearmMake: 'Ruger', firearmModel: '10/22', serialNumber: '0012-45678', firearmCaliber: '.22 LR', serviceType: 'Cleaning', description: 'Full detail strip and cleaning.', estimatedCostCents: 7500, currentStatus: 'payment_needed' },
    steps: ['firearm_received', 'in_progress', 'work_complete', 'payment_needed'],
  },
  {
    daysAgo: 10,
    order: {
      firearmMake: 'Glock', firearmModel: '19 Gen 5', serialNumber: 'BXKL552', firearmCaliber: '9mm', serviceType: 'Repair', description: 'Intermittent failure to extract.', estimatedCostCents: 12000, currentStatus: 'parts_needed',
      inboundTrackingNumber: '9400111899223856918854',
    },
    approval: {
      reason: 'Replacement extractor and firing pin spring',
      lines: [
        { kind: 'part', name: 'Extractor', unitCents: 4500, quantity: 1, needsApproval: true },
        { kind: 'part', name: 'Firing pin spring', unitCents: 1500, quantity: 1, needsApproval: true },
        { kind: 'labor', name: 'Install and test fire', unitCents: 6500, quantity: 1, needsApproval: true },
      ],
    },
    steps: ['firearm_received', 'evaluating', 'parts_needed'],
    customerNote: 'It mostly happens with steel-cased ammo.',
  },
  {
    daysAgo: 4,
    order: { firearmMake: 'Springfield Armory', firearmModel: '1911 Mil-Spec', serialNumber: 'NM214587', firearmCaliber: '.45 ACP', serviceType: 'Cerakote', description: 'Cerakote slide and frame in Burnt Bronze.', estimatedCostCents: 32500, currentStatus: 'in_progress' },
    steps: ['firearm_received', 'in_progress'],
  },
  {
    daysAgo: 1,
    order: { firearmMake: 'Sig Sauer', firearmModel: 'P365', serialNumber: '66A123456', firearmCaliber: '9mm', serviceType: 'Inspection', description: 'Safety inspection before carry.', estimatedCostCents: 6000, currentStatus: 'order_created' },
  },
]

/**
 * Local demo orders for the seeded customer, written through the repositories,
 * so a new user sees every state: created, in progress, a pending additional
 * cost, work complete with parts, payment needed and shipped (paid) — plus notifications.
 */
export async function seedDemoData({ customer, adminId = 'admin', now = Date.now() }: { customer: Profile; adminId?: string; now?: number }) {
  const table = defaultTable()
  const orders = createOrderRepository(table)
  const notifications = createNotificationRepository(table)
  const ledger = createLedgerRepository(table)
  const customerName = `${customer.firstName} ${customer.lastName}`.trim() || customer.email
  const created: Order[] = []

  for (const demo of DEMO_ORDERS) {
    const start = now - demo.daysAgo * DAY
    const at = (hoursAfter: number) => new Date(start + hoursAfter * 3_600_000)
    const orderNumber = await orders.nextOrderNumber()
    const orderId = uuid()
    const update = (hoursAfter: number, u: Pick<StatusUpdate, 'status' | 'notes'> & Partial<StatusUpdate>): StatusUpdate => {
      const t = at(hoursAfter)
      return { orderId, updateId: sortableId(t.getTime()), createdBy: adminId, authorLabel: 'Admin', isCustomerNote: false, createdAt: t.toISOString(), updatedAt: t.toISOString(), ...u }
    }
    const updates = [
      update(0, { status: 'order_created', notes: 'Order created' }),
      ...(demo.steps ?? []).map((s, i) => update(12 * (i + 1), { status: s, notes: `Status updated to ${statusLabel(s)} - Admin` })),
    ]
    if (demo.customerNote) {
      updates.push(update(12 * (demo.steps?.length ?? 0) + 6, { status: 'customer_note', notes: demo.customerNote, createdBy: customer.id, authorLabel: customer.firstName || 'Customer', isCustomerNote: true }))
    }
    const last = updates[updates.length - 1].createdAt
    let order: Order = newOrder({
      orderId,
      orderNumber,
      customerId: customer.id,
      customerName,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      createdAt: at(0).toISOString(),
      ...demo.order,
    }, { invoiceId: uuid(), at: last })
    for (const [i, line] of (demo.lines ?? []).entries()) order = addLine(order, line, sortableId(at(30 + i).getTime()), { at: at(30 + i).toISOString(), by: adminId })
    if (demo.approval) {
      const t = at(30)
      const ids = demo.approval.lines.map((_, i) => sortableId(t.getTime() + i + 1))
      order = requestApproval(order, { reason: demo.approval.reason, lineIds: [], lines: demo.approval.lines, requestId: sortableId(t.getTime()), newLineIds: ids }, { at: t.toISOString(), by: adminId }).order
    }
    if (demo.paidInFull) {
      const amountCents = invoiceOf(order).totalCents
      order = { ...order, amountPaidCents: amountCents }
      const paidAt = at(12 * 4 + 2).toISOString()
      await ledger.importEntry({ orderId, paymentId: sortableId(Date.parse(paidAt)), customerId: customer.id, orderNumber, amountCents, paymentDate: paidAt, paymentMethod: 'Credit Card', paymentStatus: 'successful', paymentIntentId: `pi_demo_${orderNumber.replace('GS-', '')}`, customerName, customerEmail: customer.email, firearmMake: order.firearmMake, firearmModel: order.firearmModel, serialNumber: order.serialNumber, description: order.description })
    }
    // Oldest first: each becomes the customer's latest order, with its status, in its own create transaction.
    created.push(await orders.createOrder(order, { putUpdates: updates }))
  }

  const pending = created.find((o) => o.approvalRequests.some((r) => r.status === 'pending'))
  const shipped = created.find((o) => o.currentStatus === 'shipped')
  // Built as the write paths build them (functions/domain/notifications.ts), dated in the past.
  const of = (o: Order, daysAgo: number) => {
    const t = now - daysAgo * DAY
    return { order: o, at: new Date(t).toISOString(), id: sortableId(t) }
  }
  const demoNotifications: Notification[] = [
    ...(shipped
      ? [
          { ...paymentReceivedNotification({ ...of(shipped, 30), amountCents: invoiceOf(shipped).totalCents, paidInFull: true }), read: true },
          { ...staffMessageNotification({ ...of(shipped, 28), previousStatus: 'ready_for_shipping' })!, read: true },
        ]
      : []),
    ...(pending ? [approvalRequestedNotification({ ...of(pending, 9), reason: pending.approvalRequests[0]?.reason ?? '' })] : []),
  ]
  for (const n of demoNotifications) await notifications.add(n)
  return { orders: created, notifications: demoNotifications }
}
