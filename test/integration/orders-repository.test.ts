import { beforeAll, describe, expect, it } from 'vitest'
import { createOrderRepository, VersionConflict } from '../../functions/db/repositories/orders.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { sortableId, uuid } from '../../functions/db/ids.ts'
import { invoiceOf, newOrder, type Order } from '../../functions/domain/order.ts'
import { orderEntity } from '../../functions/db/entities/order.ts'
import { partEntity } from '../../functions/db/entities/part.ts'
import { useStackTable } from './helpers.ts'

beforeAll(() => useStackTable())

async function buildOrder(customerId: string, over: Partial<Order> = {}): Promise<Order> {
  const repo = createOrderRepository(defaultTable())
  const orderNumber = await repo.nextOrderNumber()
  const now = new Date().toISOString()
  return newOrder({
    orderId: uuid(),
    orderNumber,
    customerId,
    customerName: 'Casey Customer',
    customerEmail: 'c@example.com',
    firearmMake: 'Colt',
    firearmModel: '1911',
    serialNumber: 'SN1',
    serviceType: 'Repair',
    description: 'Fix it',
    estimatedCostCents: 10000,
    ...over,
  }, { invoiceId: uuid(), at: now })
}

describe('the order repository against DynamoDB Local', () => {
  it('numbers orders GS-000123 from an atomic counter, never twice', async () => {
    const repo = createOrderRepository(defaultTable())
    const numbers = await Promise.all(Array.from({ length: 10 }, () => repo.nextOrderNumber()))
    expect(new Set(numbers).size).toBe(10)
    for (const n of numbers) expect(n).toMatch(/^GS-\d{6}$/)
  })

  it('creates an order with its first update and reads both back in one collection query', async () => {
    const repo = createOrderRepository(defaultTable())
    const o = await buildOrder(uuid())
    const now = new Date().toISOString()
    await repo.createOrder(o, { putUpdates: [{ orderId: o.orderId, updateId: sortableId(), status: 'order_created', notes: 'Order created', createdBy: 'admin', authorLabel: 'Admin', isCustomerNote: false, createdAt: now, updatedAt: now }] })
    const detail = await repo.getOrderDetail(o.orderId)
    expect(detail?.order).toMatchObject({ orderId: o.orderId, orderNumber: o.orderNumber, version: 1 })
    expect(detail?.updates.map((u) => u.notes)).toEqual(['Order created'])
    expect(detail?.order.lines).toEqual([])
    expect(await repo.getOrderDetail(uuid())).toBeNull()
  })

  it('lists a customer\'s orders newest first without deleted ones', async () => {
    const repo = createOrderRepository(defaultTable())
    const customerId = uuid()
    const a = await buildOrder(customerId, { createdAt: '2026-01-01T00:00:00.000Z' })
    const b = await buildOrder(customerId, { createdAt: '2026-02-01T00:00:00.000Z' })
    const c = await buildOrder(customerId, { createdAt: '2026-03-01T00:00:00.000Z', isDeleted: true })
    for (const o of [a, b, c]) await repo.createOrder(o)
    expect((await repo.listOrdersForCustomer(customerId)).map((o) => o.orderId)).toEqual([b.orderId, a.orderId])
  })

  it('refuses a stale write with VersionConflict and moves archived orders between lists', async () => {
    const repo = createOrderRepository(defaultTable())
    const o = await repo.createOrder(await buildOrder(uuid()))
    const saved = await repo.saveOrder({ ...o, isArchived: true }, 1)
    expect(saved.version).toBe(2)
    await expect(repo.saveOrder({ ...o, description: 'stale' }, 1)).rejects.toBeInstanceOf(VersionConflict)
    const archived = await repo.listOrdersByState('archived')
    expect(archived.items.map((x) => x.orderId)).toContain(o.orderId)
    const active = await repo.listOrdersByState('active')
    expect(active.items.map((x) => x.orderId)).not.toContain(o.orderId)
  })
})

describe('orders stored before itemized lines', () => {
  /** An order item as the previous version wrote it: one additional cost, one approval status, part items beside it. */
  async function legacyOrder(over: Record<string, unknown>, parts: Array<{ partName: string; partCostCents: number; quantity: number }> = []) {
    const table = defaultTable()
    const repo = createOrderRepository(table)
    const o = await buildOrder(uuid())
    const { lines: _l, approvalRequests: _r, taxRatePpm: _t, ...old } = o
    const at = o.createdAt
    await orderEntity(table).create({ ...old, listState: 'active', partsCount: parts.length, partsTotalCents: parts.reduce((s, p) => s + p.partCostCents * p.quantity, 0), ...over } as never).go()
    for (const p of parts) await partEntity(table).create({ orderId: o.orderId, partId: sortableId(), ...p, createdAt: at, createdBy: 'admin' }).go()
    return { repo, orderId: o.orderId }
  }

  it('bills exactly what the old calculator billed: parts (or the additional cost) taxed, not while pending or rejected', async () => {
    const cases: Array<[Record<string, unknown>, Array<{ partName: string; partCostCents: number; quantity: number }>, { parts: number; total: number; pending: number }]> = [
      [{ additionalCostCents: 4000, additionalCostApprovalStatus: 'not_required' }, [], { parts: 4000, total: 10_000 + 4000 + 310 + 2500, pending: 0 }],
      [{ additionalCostCents: 4000, additionalCostApprovalStatus: 'approved' }, [], { parts: 4000, total: 16_810, pending: 0 }],
      [{ additionalCostCents: 4000, additionalCostApprovalStatus: 'pending', additionalCostApprovalNote: 'New pin' }, [], { parts: 0, total: 12_500, pending: 4000 }],
      [{ additionalCostCents: 4000, additionalCostApprovalStatus: 'rejected' }, [], { parts: 0, total: 12_500, pending: 0 }],
      // With parts, the parts sum is billed and the additional cost field is ignored (as before).
      [{ additionalCostCents: 9999, additionalCostApprovalStatus: 'not_required' }, [{ partName: 'Spring', partCostCents: 1250, quantity: 2 }, { partName: 'Pin', partCostCents: 399, quantity: 3 }], { parts: 3697, total: 10_000 + 3697 + 287 + 2500, pending: 0 }],
    ]
    for (const [over, parts, want] of cases) {
      const { repo, orderId } = await legacyOrder(over, parts)
      for (const o of [await repo.getOrder(orderId), (await repo.getOrderDetail(orderId))?.order, (await repo.getOrders([orderId], { consistent: true }))[0]]) {
        const inv = invoiceOf(o!)
        expect({ parts: inv.partsCents, total: inv.totalCents, pending: inv.pendingApprovalCents }).toEqual(want)
      }
      const order = (await repo.getOrder(orderId))!
      if (parts.length) expect(order.lines.map((l) => [l.name, l.unitCents * l.quantity])).toEqual(parts.map((p) => [p.partName, p.partCostCents * p.quantity]))
      // The next write stores the itemized shape, billing the same.
      const saved = await repo.saveOrder(order, order.version)
      const again = (await repo.getOrder(orderId))!
      expect(invoiceOf(again).totalCents).toBe(want.total)
      expect(again.lines.length).toBe(saved.lines.length)
    }
  })
})
