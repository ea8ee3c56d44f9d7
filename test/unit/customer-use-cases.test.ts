import { describe, expect, it } from 'vitest'
import type { OrderHistoryRepository } from '../../functions/db/repositories/order-history.ts'
import { VersionConflict, type OrderRepository, type OrderWriteExtras } from '../../functions/db/repositories/orders.ts'
import type { NotificationRepository } from '../../functions/db/repositories/notifications.ts'
import { invoiceOf, type Notification, type Order, type OrderDetail, type StatusUpdate } from '../../functions/domain/order.ts'
import { ConflictError, NotFoundError, ValidationError } from '../../functions/lib/errors.ts'
import { WRITE_ATTEMPTS } from '../../functions/lib/retry.ts'
import { addCustomerNote } from '../../functions/use-cases/add-customer-note.ts'
import { listNotifications, markNotificationRead } from '../../functions/use-cases/customer-notifications.ts'
import { decideAdditionalCost } from '../../functions/use-cases/decide-additional-cost.ts'
import { getCustomerOrder, loadOwnedOrder } from '../../functions/use-cases/get-customer-order.ts'
import { listCustomerOrders } from '../../functions/use-cases/list-customer-orders.ts'
import { addNoteSchema, approvalDecisionSchema, invoiceQuerySchema } from '../../shared/src/schemas/orders.ts'
import { additionalCostFields } from '../../shared/src/invoice.ts'
import { asRead, testOrder } from '../support/orders.ts'
import { requestedExtra } from '../support/extra-work.ts'

const OWNER = 'user-a'
const OTHER = 'user-b'
const ORDER_ID = '6f1c1a52-8d1e-4b7e-9a55-2f4f3c1b0a11'

const order = (o: Partial<Order> = {}): Order =>
  testOrder({
    orderId: ORDER_ID,
    customerId: OWNER,
    customerName: 'Ada Lovelace',
    customerEmail: 'ada@example.com',
    firearmMake: 'Glock',
    firearmModel: '19',
    description: 'Fix',
    ...requestedExtra(12500, 'pending', 'Replacement extractor'),
    currentStatus: 'parts_needed',
    version: 3,
    ...o,
  })

/** A tiny in-memory order store with the version check of saveOrder and commit (one order a write, as the use cases here send it). */
function fakeOrders(initial: Order[] = [order()]) {
  const store = new Map(initial.map((o) => [o.orderId, o]))
  const saves: Array<{ order: Order; expectedVersion: number; extras?: OrderWriteExtras }> = []
  let conflictsToThrow = 0
  const repo: Pick<OrderRepository, 'getOrder' | 'getOrderDetail' | 'saveOrder' | 'listOrdersForCustomer' | 'summaries' | 'commit'> = {
    async getOrder(id) {
      const o = store.get(id)
      return o ? asRead(o) : null
    },
    async getOrderDetail(id): Promise<OrderDetail | null> {
      const o = store.get(id)
      return o ? { order: asRead(o), updates: [], payments: [] } : null
    },
    async listOrdersForCustomer(customerId) {
      return [...store.values()].filter((o) => o.customerId === customerId && !o.isDeleted).sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    },
    async saveOrder(o, expectedVersion, extras) {
      if (conflictsToThrow > 0) {
        conflictsToThrow--
        throw new VersionConflict()
      }
      if (store.get(o.orderId)?.version !== expectedVersion) throw new VersionConflict()
      const next = { ...o, version: expectedVersion + 1 }
      store.set(o.orderId, next)
      saves.push({ order: next, expectedVersion, extras })
      return next
    },
    async summaries() {
      return []
    },
    async commit({ orders: [w], putUpdates, putNotifications, audit }) {
      return [await repo.saveOrder(w.order, w.expected as number, { putUpdates, putNotifications, ...(audit?.length ? { audit } : {}) })]
    },
  }
  return {
    repo,
    store,
    saves,
    conflictOnce: (n = 1) => {
      conflictsToThrow = n
    },
  }
}

/** The order store with the note write (its limits are tested in order-history-use-cases.test.ts). */
function fakeUpdates(orders = fakeOrders().repo) {
  const added: StatusUpdate[] = []
  const repo: Pick<OrderRepository, 'getOrder'> & Pick<OrderHistoryRepository, 'addCustomerNote'> = { getOrder: orders.getOrder, addCustomerNote: async (u) => (added.push(u), u) }
  return { repo, added }
}

describe('ownership of customer orders', () => {
  it('gives the owner their order and everyone else the same 404 with no data', async () => {
    const { repo } = fakeOrders()
    expect((await loadOwnedOrder({ orders: repo, orderId: ORDER_ID, userId: OWNER })).orderId).toBe(ORDER_ID)
    expect((await getCustomerOrder({ orders: repo, orderId: ORDER_ID, userId: OWNER })).order.orderId).toBe(ORDER_ID)
    for (const [orderId, userId] of [
      [ORDER_ID, OTHER],
      ['00000000-0000-4000-8000-000000000000', OWNER],
      ['not-a-uuid', OWNER],
    ]) {
      const err = await loadOwnedOrder({ orders: repo, orderId, userId }).catch((e) => e)
      expect(err).toBeInstanceOf(NotFoundError)
      expect(err.message).toBe('Order not found')
      await expect(getCustomerOrder({ orders: repo, orderId, userId })).rejects.toBeInstanceOf(NotFoundError)
    }
  })

  it('hides deleted orders from their owner too', async () => {
    const { repo } = fakeOrders([order({ isDeleted: true })])
    await expect(loadOwnedOrder({ orders: repo, orderId: ORDER_ID, userId: OWNER })).rejects.toBeInstanceOf(NotFoundError)
    const pageOrdersForCustomer: OrderHistoryRepository['pageOrdersForCustomer'] = async (customerId) => ({ items: await repo.listOrdersForCustomer(customerId), cursor: null })
    expect(await listCustomerOrders({ orders: { pageOrdersForCustomer }, userId: OWNER })).toEqual({ items: [], cursor: null })
  })
})

describe('addCustomerNote', () => {
  const now = new Date('2026-02-01T10:00:00.000Z')

  it('stores the trimmed text as a customer_note signed with the first name', async () => {
    const updates = fakeUpdates()
    const u = await addCustomerNote({ orders: updates.repo, history: updates.repo, orderId: ORDER_ID, customer: { userId: OWNER, firstName: 'Ada' }, text: '  hi there \n', now })
    expect(u).toMatchObject({ orderId: ORDER_ID, status: 'customer_note', notes: 'hi there', createdBy: OWNER, authorLabel: 'Ada', isCustomerNote: true, createdAt: now.toISOString() })
    expect(updates.added).toEqual([u])
  })

  it('signs as "Customer" when there is no first name', async () => {
    for (const firstName of [undefined, '', '  ']) {
      const { repo } = fakeUpdates()
      const u = await addCustomerNote({ orders: repo, history: repo, orderId: ORDER_ID, customer: { userId: OWNER, firstName }, text: 'x' })
      expect(u.authorLabel).toBe('Customer')
    }
  })

  it('refuses an empty note and writes nothing', async () => {
    const updates = fakeUpdates()
    const err = await addCustomerNote({ orders: updates.repo, history: updates.repo, orderId: ORDER_ID, customer: { userId: OWNER }, text: '   ' }).catch((e) => e)
    expect(err).toBeInstanceOf(ValidationError)
    expect(err.message).toBe('Note cannot be empty')
    expect(updates.added).toEqual([])
  })

  it('writes nothing on someone else\'s order', async () => {
    const updates = fakeUpdates()
    await expect(addCustomerNote({ orders: updates.repo, history: updates.repo, orderId: ORDER_ID, customer: { userId: OTHER }, text: 'hi' })).rejects.toBeInstanceOf(NotFoundError)
    expect(updates.added).toEqual([])
  })
})

describe('decideAdditionalCost', () => {
  const approval = (o: Order) => additionalCostFields({ lines: o.lines, requests: o.approvalRequests })
  const now = () => new Date('2026-02-02T12:00:00.000Z')

  it('approves a pending request: approved, dated, noted, with a history entry in the same save', async () => {
    const orders = fakeOrders()
    const o = await decideAdditionalCost({ orders: orders.repo, orderId: ORDER_ID, customer: { userId: OWNER, firstName: 'Ada' }, decision: 'approve', now })
    expect(invoiceOf(o)).toMatchObject({ partsCents: 12500, taxCents: 969, pendingApprovalCents: 0 })
    expect({ ...approval(o), version: o.version }).toMatchObject({
      additionalCostApprovalStatus: 'approved',
      additionalCostApprovalDate: '2026-02-02T12:00:00.000Z',
      additionalCostApprovalNote: 'Customer approved additional costs',
      version: 4,
    })
    expect(orders.saves).toHaveLength(1)
    expect(orders.saves[0].expectedVersion).toBe(3)
    expect(orders.saves[0].extras?.putUpdates).toEqual([
      expect.objectContaining({ status: 'costs_approved', notes: 'Customer approved additional costs', authorLabel: 'Ada', createdBy: OWNER, isCustomerNote: true }),
    ])
  })

  it('rejects with a trimmed reason', async () => {
    const orders = fakeOrders()
    const o = await decideAdditionalCost({ orders: orders.repo, orderId: ORDER_ID, customer: { userId: OWNER }, decision: 'reject', reason: '  Too expensive ', now })
    expect(approval(o)).toMatchObject({ additionalCostApprovalStatus: 'rejected', additionalCostApprovalDate: '2026-02-02T12:00:00.000Z', additionalCostRejectionReason: 'Too expensive' })
    expect(invoiceOf(o)).toMatchObject({ partsCents: 0, pendingApprovalCents: 0, totalCents: 12_500 })
    expect(orders.saves[0].extras?.putUpdates?.[0]).toMatchObject({ status: 'costs_rejected', notes: 'Customer rejected additional costs: Too expensive', authorLabel: 'Customer' })
  })

  it('needs a reason to reject', async () => {
    const orders = fakeOrders()
    for (const reason of [undefined, '', '   ']) {
      const err = await decideAdditionalCost({ orders: orders.repo, orderId: ORDER_ID, customer: { userId: OWNER }, decision: 'reject', reason }).catch((e) => e)
      expect(err).toBeInstanceOf(ValidationError)
      expect(err.message).toBe('Please provide a reason for rejecting the additional costs')
      expect(err.fields).toEqual({ reason: 'Please provide a reason for rejecting the additional costs' })
    }
    expect(orders.saves).toEqual([])
  })

  it('is a 409 unless the request is pending', async () => {
    for (const status of ['not_required', 'approved', 'rejected'] as const) {
      const orders = fakeOrders([order(status === 'not_required' ? { lines: [], approvalRequests: [] } : requestedExtra(12500, status))])
      for (const decision of ['approve', 'reject'] as const) {
        const err = await decideAdditionalCost({ orders: orders.repo, orderId: ORDER_ID, customer: { userId: OWNER }, decision, reason: 'r' }).catch((e) => e)
        expect(err).toBeInstanceOf(ConflictError)
        expect(err.message).toBe('There is no pending approval request for this order')
      }
      expect(orders.saves).toEqual([])
    }
  })

  it('an answer to a request that is no longer the pending one is a 409', async () => {
    const orders = fakeOrders()
    const err = await decideAdditionalCost({ orders: orders.repo, orderId: ORDER_ID, customer: { userId: OWNER }, decision: 'approve', requestId: 'an-older-request' }).catch((e) => e)
    expect(err).toBeInstanceOf(ConflictError)
    expect(orders.saves).toEqual([])
  })

  it('approving twice: the second is a 409', async () => {
    const orders = fakeOrders()
    await decideAdditionalCost({ orders: orders.repo, orderId: ORDER_ID, customer: { userId: OWNER }, decision: 'approve' })
    await expect(decideAdditionalCost({ orders: orders.repo, orderId: ORDER_ID, customer: { userId: OWNER }, decision: 'approve' })).rejects.toBeInstanceOf(ConflictError)
  })

  it('retries a concurrent write on fresh data, then gives up with a 409 when the attempts run out (lib/retry.ts)', async () => {
    const orders = fakeOrders()
    orders.conflictOnce(WRITE_ATTEMPTS - 1)
    expect(approval(await decideAdditionalCost({ orders: orders.repo, orderId: ORDER_ID, customer: { userId: OWNER }, decision: 'approve' })).additionalCostApprovalStatus).toBe('approved')
    const again = fakeOrders()
    again.conflictOnce(WRITE_ATTEMPTS)
    const err = await decideAdditionalCost({ orders: again.repo, orderId: ORDER_ID, customer: { userId: OWNER }, decision: 'approve' }).catch((e) => e)
    expect(err).toBeInstanceOf(ConflictError)
    expect(err.message).toBe('The order was changed by someone else. Please try again.')
  })

  it('a concurrent answer that already settled the request is a 409 on the retry', async () => {
    const orders = fakeOrders()
    const settleFirst: typeof orders.repo = {
      ...orders.repo,
      async commit(c) {
        const v = c.orders[0].expected as number
        const stored = orders.store.get(ORDER_ID)!
        orders.store.set(ORDER_ID, { ...stored, approvalRequests: stored.approvalRequests.map((r) => ({ ...r, status: 'rejected' as const })), version: v + 1 })
        return orders.repo.commit(c)
      },
    }
    const err = await decideAdditionalCost({ orders: settleFirst, orderId: ORDER_ID, customer: { userId: OWNER }, decision: 'approve' }).catch((e) => e)
    expect(err).toBeInstanceOf(ConflictError)
    expect(err.message).toBe('There is no pending approval request for this order')
  })

  it('someone else\'s order is a 404 and stays untouched', async () => {
    const orders = fakeOrders()
    await expect(decideAdditionalCost({ orders: orders.repo, orderId: ORDER_ID, customer: { userId: OTHER }, decision: 'approve' })).rejects.toBeInstanceOf(NotFoundError)
    expect(orders.saves).toEqual([])
    expect(approval(orders.store.get(ORDER_ID)!).additionalCostApprovalStatus).toBe('pending')
  })
})

describe('notifications', () => {
  const n = (id: string, read: boolean): Notification => ({ userId: OWNER, notificationId: id, title: 't', message: 'm', read, createdAt: '2026-01-01T00:00:00.000Z' })

  it('lists a page with the stored unread count (more use-case tests: notifications.test.ts)', async () => {
    const notifications = { listPage: async () => ({ items: [n('2', false), n('1', true), n('0', false)], cursor: null, unreadCount: 7 }) }
    const res = await listNotifications({ notifications, userId: OWNER, limit: 20 })
    expect(res.unreadCount).toBe(7)
    expect(res.items.map((x) => x.notificationId)).toEqual(['2', '1', '0'])
  })

  it('marking an unknown or foreign notification read is a 404', async () => {
    const notifications: Pick<NotificationRepository, 'markRead'> = { markRead: async (userId, id) => (userId === OWNER && id === '1' ? n('1', true) : null) }
    expect((await markNotificationRead({ notifications, userId: OWNER, notificationId: '1' })).read).toBe(true)
    await expect(markNotificationRead({ notifications, userId: OTHER, notificationId: '1' })).rejects.toBeInstanceOf(NotFoundError)
  })
})

describe('request schemas', () => {
  it('trims notes and refuses empty ones with the message', () => {
    expect(addNoteSchema.parse({ text: '  hi  ' })).toEqual({ text: 'hi' })
    const r = addNoteSchema.safeParse({ text: '   ' })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0].message).toBe('Note cannot be empty')
    expect(addNoteSchema.safeParse({ text: 'x', extra: 1 }).success).toBe(false)
  })

  it('needs a reason to reject, not to approve', () => {
    expect(approvalDecisionSchema.safeParse({ decision: 'approve' }).success).toBe(true)
    const r = approvalDecisionSchema.safeParse({ decision: 'reject', reason: '  ' })
    expect(r.error?.issues[0]).toMatchObject({ path: ['reason'], message: 'Please provide a reason for rejecting the additional costs' })
    expect(approvalDecisionSchema.safeParse({ decision: 'maybe' }).success).toBe(false)
  })

  it('reads shipping=true|false and refuses anything else', () => {
    expect(invoiceQuerySchema.parse({})).toEqual({ shipping: undefined })
    expect(invoiceQuerySchema.parse({ shipping: 'false' })).toEqual({ shipping: false })
    expect(invoiceQuerySchema.parse({ shipping: 'true' })).toEqual({ shipping: true })
    expect(invoiceQuerySchema.safeParse({ shipping: 'maybe' }).success).toBe(false)
  })
})
