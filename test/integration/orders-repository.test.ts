import { beforeAll, describe, expect, it } from 'vitest'
import { createOrderRepository, VersionConflict } from '../../functions/db/repositories/orders.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { sortableId, uuid } from '../../functions/db/ids.ts'
import { newOrder, type Order } from '../../functions/domain/order.ts'
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
    expect(detail?.parts).toEqual([])
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
