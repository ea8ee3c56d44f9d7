import { sortableId, uuid } from '../../functions/db/ids.ts'
import { createNotificationRepository } from '../../functions/db/repositories/notifications.ts'
import { createOrderRepository } from '../../functions/db/repositories/orders.ts'
import type { Profile } from '../../functions/db/repositories/profiles.ts'
import { paymentEntity } from '../../functions/db/entities/payment.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { newOrder, invoiceOf, type Notification, type Order, type Part, type StatusUpdate } from '../../functions/domain/order.ts'
import { statusLabel } from '@gs/shared/statuses'

const DAY = 86_400_000

interface DemoOrder {
  daysAgo: number
  order: Partial<Order> & Pick<Order, 'firearmMake' | 'firearmModel' | 'serialNumber' | 'serviceType' | 'description' | 'estimatedCostCents' | 'currentStatus'>
  /** Staff status changes after "Order created", oldest first. */
  steps?: string[]
  customerNote?: string
  parts?: Array<Pick<Part, 'partName' | 'partCostCents' | 'quantity'> & { partDescription?: string }>
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
    parts: [
      { partName: 'Action bar assembly', partDescription: 'OEM replacement', partCostCents: 4200, quantity: 1 },
      { partName: 'Shell latch', partCostCents: 950, quantity: 2 },
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
      additionalCostCents: 12500, additionalCostReason: 'Replacement extractor and firing pin spring', additionalCostApprovalStatus: 'pending', inboundTrackingNumber: '9400111899223856918854',
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
  const payments = paymentEntity(table)
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
    const parts: Part[] = (demo.parts ?? []).map((p, i) => ({ ...p, orderId, partId: sortableId(at(30 + i).getTime()), createdAt: at(30 + i).toISOString(), createdBy: adminId }))
    const last = updates[updates.length - 1].createdAt
    let order: Order = newOrder({
      orderId,
      orderNumber,
      customerId: customer.id,
      customerName,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      partsTotalCents: parts.reduce((sum, p) => sum + p.partCostCents * p.quantity, 0),
      partsCount: parts.length,
      createdAt: at(0).toISOString(),
      ...demo.order,
    }, { invoiceId: uuid(), at: last })
    if (demo.paidInFull) {
      const amountCents = invoiceOf(order).totalCents
      order = { ...order, amountPaidCents: amountCents }
      const paidAt = at(12 * 4 + 2).toISOString()
      await payments
        .put({ orderId, paymentId: sortableId(Date.parse(paidAt)), customerId: customer.id, orderNumber, amountCents, paymentDate: paidAt, paymentMethod: 'Credit Card', paymentStatus: 'successful', paymentIntentId: `pi_demo_${orderNumber.replace('GS-', '')}`, customerName, customerEmail: customer.email, firearmMake: order.firearmMake, firearmModel: order.firearmModel, serialNumber: order.serialNumber, description: order.description })
        .go()
    }
    // Oldest first: each becomes the customer's latest order, with its status, in its own create transaction.
    created.push(await orders.createOrder(order, { putUpdates: updates, putParts: parts }))
  }

  const pending = created.find((o) => o.additionalCostApprovalStatus === 'pending')
  const shipped = created.find((o) => o.currentStatus === 'shipped')
  const note = (o: Order | undefined, daysAgo: number, n: Pick<Notification, 'title' | 'message' | 'read'>): Notification => {
    const t = now - daysAgo * DAY
    return { userId: customer.id, notificationId: sortableId(t), orderId: o?.orderId, createdAt: new Date(t).toISOString(), ...n }
  }
  const demoNotifications = [
    note(shipped, 30, { title: 'Payment Received', message: `Payment received in full for order ${shipped?.orderNumber}. Thank you!`, read: true }),
    note(shipped, 28, { title: 'Your Order Has Shipped', message: `Your ${shipped?.firearmMake} ${shipped?.firearmModel} is on its way. Tracking: ${shipped?.outboundTrackingNumber}`, read: true }),
    note(pending, 9, { title: 'Action Required: Additional Costs', message: `Your order requires approval for additional costs: ${pending?.additionalCostReason}`, read: false }),
  ]
  for (const n of demoNotifications) await notifications.add(n)
  return { orders: created, notifications: demoNotifications }
}
