import { sortableId, uuid } from '../../functions/db/ids.ts'
import { createNotificationRepository } from '../../functions/db/repositories/notifications.ts'
import { commitChange, createOrderRepository, type OrderRepository } from '../../functions/db/repositories/orders.ts'
import { createProfileRepository, type Profile } from '../../functions/db/repositories/profiles.ts'
import { createLedgerRepository } from '../../functions/db/repositories/ledger.ts'
import { createBookLines } from '../../functions/db/repositories/book-writes.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { actorOf, type Actor } from '../../functions/domain/audit-actor.ts'
import { acquire, addressLine, dispose } from '../../functions/domain/book.ts'
import { saved } from '../../functions/domain/order-commit.ts'
import { addLine, requestApproval, resolveLine } from '../../functions/domain/extra-work.ts'
import { SETTINGS_DEFAULTS } from '@gs/shared/settings'
import { commitWithBook } from '../../functions/use-cases/book-order-write.ts'
import { approvalRequestedNotification } from '../../functions/domain/order-notifications.ts'
import { paymentReceivedNotification } from '../../functions/domain/payment-notifications.ts'
import { staffMessageNotification } from '../../functions/domain/staff-message-notification.ts'
import { newOrder, invoiceOf, type Notification, type Order, type StatusUpdate, type StoredIntake, type StoredRelease } from '../../functions/domain/order.ts'
import type { AddLineInput } from '@gs/shared/schemas/admin-orders'
import type { FirearmType } from '@gs/shared/firearms'
import { STATUS_AFTER_RELEASE } from '@gs/shared/book'
import { statusLabel } from '@gs/shared/statuses'

const DAY = 86_400_000

/** Where the seeded customer (who has no mailing address of their own) shipped their firearms from, as the A&D book records it. */
const DEMO_SENDER_ADDRESS = { line1: '2218 Cedar Ridge Rd', city: 'Springfield', state: 'IL', postalCode: '62704' } as const

interface DemoOrder {
  daysAgo: number
  order: Partial<Order> & Pick<Order, 'firearmMake' | 'firearmModel' | 'serialNumber' | 'serviceType' | 'description' | 'estimatedCostCents' | 'firearmType'>
  /**
   * Staff status changes after "Order created", oldest first, the last being the order's status: the first,
   * Firearm Received, is the intake (the acquisition entry of the A&D book); Shipped is the release (its
   * disposition entry). None: the order waits for its firearm.
   */
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
    order: { firearmType: 'revolver', firearmMake: 'Smith & Wesson', firearmModel: 'Model 686', serialNumber: 'CYD4417', firearmCaliber: '.357 Magnum', serviceType: 'Trigger Job', description: 'Smooth double-action pull and polish internals.', estimatedCostCents: 18500, inboundTrackingNumber: '9400111899223856925830', outboundTrackingNumber: '9400111899223856931442' },
    steps: ['firearm_received', 'in_progress', 'work_complete', 'payment_needed', 'shipped'],
    customerNote: 'Thanks, the trigger feels great!',
    paidInFull: true,
  },
  {
    daysAgo: 25,
    order: { firearmType: 'shotgun', firearmMake: 'Remington', firearmModel: '870 Express', serialNumber: 'RS81239U', firearmCaliber: '12 Gauge', serviceType: 'Repair', description: 'Action binds when cycling; inspect and repair.', estimatedCostCents: 15000, inboundTrackingNumber: '9400111899223856907712' },
    steps: ['firearm_received', 'evaluating', 'in_progress', 'work_complete'],
    lines: [
      { kind: 'part', name: 'Action bar assembly', description: 'OEM replacement', unitCents: 4200, quantity: 1, needsApproval: false },
      { kind: 'part', name: 'Shell latch', unitCents: 950, quantity: 2, needsApproval: false },
      { kind: 'labor', name: 'Fit and function test', unitCents: 3500, quantity: 1, needsApproval: false },
    ],
  },
  {
    daysAgo: 18,
    order: { firearmType: 'rifle', firearmMake: 'Ruger', firearmModel: '10/22', serialNumber: '0012-45678', firearmCaliber: '.22 LR', serviceType: 'Cleaning', description: 'Full detail strip and cleaning.', estimatedCostCents: 7500 },
    steps: ['firearm_received', 'in_progress', 'work_complete', 'payment_needed'],
  },
  {
    daysAgo: 10,
    order: {
      firearmType: 'pistol', firearmMake: 'Glock', firearmModel: '19 Gen 5', serialNumber: 'BXKL552', firearmCaliber: '9mm', serviceType: 'Repair', description: 'Intermittent failure to extract.', estimatedCostCents: 12000,
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
    order: { firearmType: 'pistol', firearmMake: 'Springfield Armory', firearmModel: '1911 Mil-Spec', serialNumber: 'NM214587', firearmCaliber: '.45 ACP', serviceType: 'Cerakote', description: 'Cerakote slide and frame in Burnt Bronze.', estimatedCostCents: 32500 },
    steps: ['firearm_received', 'in_progress'],
  },
  {
    daysAgo: 1,
    order: { firearmType: 'pistol', firearmMake: 'Sig Sauer', firearmModel: 'P365', serialNumber: '66A123456', firearmCaliber: '9mm', serviceType: 'Inspection', description: 'Safety inspection before carry.', estimatedCostCents: 6000 },
  },
]

/**
 * Local demo orders for the seeded customer, written through the repositories,
 * so a new user sees every state: created, in progress, a pending additional
 * cost, work complete with parts, payment needed and shipped (paid) — plus notifications.
 * The A&D book is kept as the portal keeps it: every demo firearm that came in has its intake and
 * acquisition entry, and the one shipped its release and disposition entry, each written by the
 * transaction Receive Firearm and Release Firearm use (commitWithBook), dated when the demo order got there.
 */
export async function seedDemoData({ customer, adminId = 'admin', now = Date.now() }: { customer: Profile; adminId?: string; now?: number }) {
  const table = defaultTable()
  const orders = createOrderRepository(table)
  const book = createBookLines(table)
  const notifications = createNotificationRepository(table)
  const ledger = createLedgerRepository(table)
  const admin = await createProfileRepository(table).getProfile(adminId)
  const actor = actorOf({ userId: adminId, firstName: admin?.firstName, lastName: admin?.lastName, email: admin?.email })
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
    const steps = (demo.steps ?? []).map((status, i) => ({ status, hoursAfter: 12 * (i + 1), update: update(12 * (i + 1), { status, notes: `Status updated to ${statusLabel(status)} - Admin` }) }))
    const later: StatusUpdate[] = []
    if (demo.customerNote) {
      later.push(update(12 * steps.length + 6, { status: 'customer_note', notes: demo.customerNote, createdBy: customer.id, authorLabel: customer.firstName || 'Customer', isCustomerNote: true }))
    }
    let order: Order = newOrder({
      orderId,
      orderNumber,
      customerId: customer.id,
      customerName,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      ...demo.order,
      createdAt: at(0).toISOString(),
    }, { invoiceId: uuid(), at: at(0).toISOString() })
    for (const [i, line] of (demo.lines ?? []).entries()) order = addLine(order, resolveLine(line, { laborRateCents: SETTINGS_DEFAULTS.laborRateCents }), sortableId(at(30 + i).getTime()), { at: at(30 + i).toISOString(), by: adminId })
    if (demo.approval) {
      const t = at(30)
      const ids = demo.approval.lines.map((_, i) => sortableId(t.getTime() + i + 1))
      order = requestApproval(order, { reason: demo.approval.reason, lineIds: [], lines: demo.approval.lines.map((l) => resolveLine(l, { laborRateCents: SETTINGS_DEFAULTS.laborRateCents })), requestId: sortableId(t.getTime()), newLineIds: ids }, { at: t.toISOString(), by: adminId }).order
    }
    if (demo.paidInFull) {
      const amountCents = invoiceOf(order).totalCents
      order = { ...order, amountPaidCents: amountCents }
      const paidAt = at(12 * 4 + 2).toISOString()
      await ledger.importEntry({ orderId, paymentId: sortableId(Date.parse(paidAt)), customerId: customer.id, orderNumber, amountCents, paymentDate: paidAt, paymentMethod: 'Credit Card', paymentStatus: 'successful', paymentIntentId: `pi_demo_${orderNumber.replace('GS-', '')}`, customerName, customerEmail: customer.email, firearmMake: order.firearmMake, firearmModel: order.firearmModel, serialNumber: order.serialNumber, description: order.description })
    }
    // Oldest first: each becomes the customer's latest order, with its status, in its own create transaction.
    order = await orders.createOrder(order, { putUpdates: [update(0, { status: 'order_created', notes: 'Order created' }), ...(steps.length ? [] : later)] })
    const [received, ...work] = steps
    if (received) {
      order = await receiveDemo({ orders, book, actor, order, at: at(received.hoursAfter), history: received.update, sender: addressLine(customer.address) ?? addressLine(DEMO_SENDER_ADDRESS)! })
      const shipped = work.at(-1)?.status === 'shipped' ? work.pop() : undefined
      const last = work.at(-1)
      if (last) {
        // The work between the intake and the release, as the status changes staff made.
        const t = at(last.hoursAfter).toISOString()
        ;[order] = await commitChange(orders, { orders: [{ order: saved({ ...order, currentStatus: last.status }, order.version, t), expected: order.version }], putUpdates: [...work.map((w) => w.update), ...(shipped ? [] : later)] })
      }
      if (shipped) order = await releaseDemo({ orders, book, actor, order, at: at(shipped.hoursAfter), history: [shipped.update, ...later] })
    }
    created.push(order)
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
    ...(pending?.approvalRequests[0] ? [approvalRequestedNotification({ ...of(pending, 9), request: pending.approvalRequests[0] })] : []),
  ]
  for (const n of demoNotifications) await notifications.add(n)
  return { orders: created, notifications: demoNotifications }
}

interface DemoWrite {
  orders: OrderRepository
  book: ReturnType<typeof createBookLines>
  actor: Actor
  order: Order
  at: Date
}

/** A demo firearm received from the customer on the day `at`: its intake and acquisition entry, in Receive Firearm's transaction. */
async function receiveDemo({ orders, book, actor, order, at, history, sender }: DemoWrite & { history: StatusUpdate; sender: string }): Promise<Order> {
  const t = at.toISOString()
  const intake: StoredIntake = {
    receivedOn: t.slice(0, 10),
    from: 'customer',
    fromName: order.customerName,
    fromAddress: sender,
    conditionNotes: 'Light holster and handling wear; bore clean.',
    itemsReceived: 'Soft case',
    recordedAt: t,
    recordedBy: actor.id,
    entryId: sortableId(at.getTime()),
  }
  const next: Order = { ...order, firearmType: (order.firearmType ?? 'other') as FirearmType, firearmCaliber: order.firearmCaliber ?? '', currentStatus: 'firearm_received', intake, updatedAt: t }
  return commitWithBook(
    { orders, book },
    order,
    (lineNumber) => {
      const { entry, line } = acquire(next, intake, { lineNumber, actor, at: t })
      return { order: next, entries: [entry], line, expectedLine: 'create', extras: { putUpdates: [history] } }
    },
    { newLine: true },
  )
}

/** The demo firearm shipped back to the customer on the day `at`: its release and disposition entry, in Release Firearm's transaction. */
async function releaseDemo({ orders, book, actor, order, at, history }: DemoWrite & { history: StatusUpdate[] }): Promise<Order> {
  const t = at.toISOString()
  const line = await book.getLine(order.orderId, { consistent: true })
  if (!line || !order.intake) throw new Error(`Demo order ${order.orderNumber}: shipped before it was received`)
  const release: StoredRelease = {
    releasedOn: t.slice(0, 10),
    method: 'ship',
    to: 'customer',
    toName: order.customerName,
    toAddress: order.intake.fromAddress,
    carrier: 'USPS',
    trackingNumber: order.outboundTrackingNumber,
    recordedAt: t,
    recordedBy: actor.id,
    entryId: sortableId(at.getTime()),
  }
  const next: Order = { ...order, release, currentStatus: STATUS_AFTER_RELEASE.ship, updatedAt: t }
  const { entry, line: closed } = dispose(line, release, { actor, at: t })
  return commitWithBook({ orders, book }, order, () => ({ order: next, entries: [entry], line: closed, expectedLine: line.version, extras: { putUpdates: history } }))
}
