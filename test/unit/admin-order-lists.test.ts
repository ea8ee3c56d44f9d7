import { describe, expect, it, vi } from 'vitest'
import type { Order } from '../../functions/domain/order.ts'
import type { OrderListQuery } from '../../functions/db/repositories/order-lists.ts'
import { filteredPage } from '../../functions/db/filtered-pages.ts'
import { InvalidCursorError } from '../../functions/db/cursor.ts'
import { listAdminOrders, searchTerms, TEXT_SEARCH_READ_BUDGET } from '../../functions/use-cases/list-admin-orders.ts'
import { adminOrdersQuerySchema } from '../../shared/src/schemas/admin-order-list.ts'
import { ValidationError } from '../../functions/lib/errors.ts'
import { testOrder } from '../support/orders.ts'

process.env.LOG_LEVEL ??= 'silent'

const ID1 = '11111111-1111-4111-8111-111111111111'
const ID2 = '22222222-2222-4222-8222-222222222222'
const ID3 = '33333333-3333-4333-8333-333333333333'

const q = (over: Record<string, string> = {}) => adminOrdersQuerySchema.parse(over)
const o = (over: Partial<Order>) => testOrder({ orderId: ID1, customerId: 'c1', ...over })

function deps(over: { found?: Order[]; orders?: Order[]; email?: string } = {}) {
  const pageOrders = vi.fn(async (_q: OrderListQuery) => ({ items: [o({})], cursor: 'NEXT', read: 1 }))
  const resolveOrderId = vi.fn(async (t: string) => (/^(GS-?)?0*123$/i.test(t) ? ID1 : /^[0-9a-f-]{36}$/i.test(t) ? t.toLowerCase() : null))
  const byId = new Map((over.orders ?? []).map((x) => [x.orderId, x]))
  const getOrder = vi.fn(async (id: string) => byId.get(id) ?? null)
  const findBySerial = vi.fn(async () => over.found ?? [])
  const findByEmail = vi.fn(async (e: string) => (over.email && e.toLowerCase() === over.email ? ({ id: 'c9' } as never) : null))
  return { lists: { pageOrders }, orders: { resolveOrderId, getOrder, findBySerial }, profiles: { findByEmail } }
}

describe('the admin orders query', () => {
  it('defaults to active, created desc, 25 a page, and names the field it refuses', () => {
    expect(q()).toEqual({ view: 'active', sort: 'created', direction: 'desc', search: '', limit: 25 })
    expect(q({ status: 'all', customerId: ' ', search: '  colt ' })).toMatchObject({ status: undefined, customerId: undefined, search: 'colt' })
    expect(q({ status: 'parts_needed', limit: '100' })).toMatchObject({ status: 'parts_needed', limit: 100 })
    // Soft-deleted orders have a list of their own (staff restore them from it).
    expect(q({ view: 'deleted' })).toMatchObject({ view: 'deleted' })
    for (const [bad, message] of [
      [{ view: 'trash' }, 'view must be active, archived, deleted or overdue'],
      [{ status: 'lost' }, 'status must be one of the order statuses'],
      [{ sort: 'amount' }, 'sort must be created or updated'],
      [{ direction: 'up' }, 'direction must be desc or asc'],
      [{ limit: '101' }, 'limit must be between 1 and 100'],
      [{ limit: '0' }, 'limit must be between 1 and 100'],
      [{ search: 'x'.repeat(201) }, 'search must be at most 200 characters'],
      [{ cursor: '' }, 'Invalid cursor'],
    ] as const) {
      const r = adminOrdersQuerySchema.safeParse(bad)
      expect(r.success, JSON.stringify(bad)).toBe(false)
      expect(r.error!.issues[0].message).toBe(message)
      expect(r.error!.issues[0].path[0]).toBe(Object.keys(bad)[0])
    }
  })

  it('matches phone-like searches as digits too', () => {
    expect(searchTerms('  JOSÉ  Smith')).toEqual(['jose smith'])
    expect(searchTerms('(555) 010-1234')).toEqual(['(555) 010-1234', '5550101234'])
    expect(searchTerms('12')).toEqual(['12'])
  })
})

describe('listAdminOrders', () => {
  it('without a search: one page of the index for the list, status, customer and sort, with its cursor marked', async () => {
    const d = deps()
    const r = await listAdminOrders({ ...d, query: q({ view: 'archived', status: 'shipped', customerId: 'c1', sort: 'updated', direction: 'asc', limit: '10' }) })
    expect(d.lists.pageOrders).toHaveBeenCalledWith(expect.objectContaining({ view: 'archived', status: 'shipped', customerId: 'c1', sort: 'updated', direction: 'asc', limit: 10, cursor: null, text: undefined }))
    expect(r).toMatchObject({ cursor: 'i.NEXT', match: null })
    await listAdminOrders({ ...d, query: q({ cursor: 'i.NEXT' }) })
    expect(d.lists.pageOrders).toHaveBeenLastCalledWith(expect.objectContaining({ cursor: 'NEXT' }))
    expect(d.orders.resolveOrderId).not.toHaveBeenCalled()
  })

  it('refuses cursors it did not give out', async () => {
    const d = deps()
    for (const cursor of ['junk', 'o.x', 'o.0', 'o.999', 'i.']) await expect(listAdminOrders({ ...d, query: q({ cursor }) }), cursor).rejects.toThrow('Invalid cursor')
    // An offset without an exact search, and an index cursor the repository refuses.
    await expect(listAdminOrders({ ...d, query: q({ cursor: 'o.5' }) })).rejects.toBeInstanceOf(ValidationError)
    d.lists.pageOrders.mockRejectedValueOnce(new InvalidCursorError())
    await expect(listAdminOrders({ ...d, query: q({ cursor: 'i.abc' }) })).rejects.toBeInstanceOf(ValidationError)
  })

  it('finds an order number or id exactly, honouring the list and status filters', async () => {
    const active = o({ currentStatus: 'parts_needed' })
    const d = deps({ orders: [active] })
    for (const search of ['GS-000123', '123', ID1.toUpperCase()]) {
      const r = await listAdminOrders({ ...d, query: q({ search }) })
      expect(r, search).toMatchObject({ match: 'exact', cursor: null })
      expect(r.items.map((x) => x.orderId)).toEqual([ID1])
    }
    expect((await listAdminOrders({ ...d, query: q({ search: '123', view: 'archived' }) })).items).toEqual([])
    expect((await listAdminOrders({ ...d, query: q({ search: '123', status: 'shipped' }) })).items).toEqual([])
    expect((await listAdminOrders({ ...d, query: q({ search: '123', customerId: 'other' }) })).items).toEqual([])
    expect(d.lists.pageOrders).not.toHaveBeenCalled()
  })

  it('finds a serial exactly, sorted and paged by offsets', async () => {
    const found = [
      o({ orderId: ID1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-03-01T00:00:00.000Z' }),
      o({ orderId: ID2, createdAt: '2026-01-03T00:00:00.000Z', updatedAt: '2026-01-03T00:00:00.000Z' }),
      o({ orderId: ID3, createdAt: '2026-01-02T00:00:00.000Z', isArchived: true }),
    ]
    const d = deps({ found })
    const first = await listAdminOrders({ ...d, query: q({ search: 'sn-1', limit: '1' }) })
    expect(first).toMatchObject({ match: 'exact', cursor: 'o.1' })
    expect(first.items.map((x) => x.orderId)).toEqual([ID2])
    const second = await listAdminOrders({ ...d, query: q({ search: 'sn-1', limit: '1', cursor: 'o.1' }) })
    expect(second.items.map((x) => x.orderId)).toEqual([ID1])
    expect(second.cursor).toBeNull()
    expect((await listAdminOrders({ ...d, query: q({ search: 'sn-1', sort: 'updated' }) })).items.map((x) => x.orderId)).toEqual([ID1, ID2])
    expect((await listAdminOrders({ ...d, query: q({ search: 'sn-1', view: 'archived' }) })).items.map((x) => x.orderId)).toEqual([ID3])
  })

  it("answers an email with that customer's orders, paged through their index", async () => {
    const d = deps({ email: 'pat@example.com' })
    const r = await listAdminOrders({ ...d, query: q({ search: 'PAT@example.com' }) })
    expect(r).toMatchObject({ match: 'email', cursor: 'i.NEXT' })
    expect(d.lists.pageOrders).toHaveBeenCalledWith(expect.objectContaining({ customerId: 'c9', text: undefined }))
    // The next page looks the customer up again (one GetItem-sized read) and goes on in their index.
    await listAdminOrders({ ...d, query: q({ search: 'pat@example.com', cursor: 'i.NEXT' }) })
    expect(d.lists.pageOrders).toHaveBeenLastCalledWith(expect.objectContaining({ customerId: 'c9', cursor: 'NEXT' }))
    expect(await listAdminOrders({ ...d, query: q({ search: 'pat@example.com', customerId: 'c1' }) })).toEqual({ items: [], cursor: null, match: 'email' })
  })

  it('searches anything else as text, within the read budget, without the lookups once it pages on', async () => {
    const d = deps()
    const r = await listAdminOrders({ ...d, query: q({ search: 'José  SMITH', status: 'shipped' }) })
    expect(r.match).toBe('text')
    expect(d.lists.pageOrders).toHaveBeenCalledWith(expect.objectContaining({ text: ['jose smith'], status: 'shipped', readBudget: TEXT_SEARCH_READ_BUDGET }))
    await listAdminOrders({ ...d, query: q({ customerId: 'c1' }) })
    expect(d.lists.pageOrders).toHaveBeenLastCalledWith(expect.objectContaining({ customerId: 'c1', readBudget: undefined }))
    d.orders.findBySerial.mockClear()
    await listAdminOrders({ ...d, query: q({ search: 'python', cursor: 'i.NEXT' }) })
    expect(d.orders.findBySerial).not.toHaveBeenCalled()
    expect(d.lists.pageOrders).toHaveBeenLastCalledWith(expect.objectContaining({ text: ['python'], cursor: 'NEXT' }))
  })
})

describe('filteredPage', () => {
  // Keys 0, 1, 2, ... in index order; every third matches the filter.
  const index = async (limit: number, cursor: string | null) => {
    const at = cursor === null ? 0 : Number(cursor) + 1
    const data = Array.from({ length: limit }, (_, i) => at + i).filter((n) => n % 3 === 0)
    return { data, cursor: String(at + limit - 1) }
  }
  const cursorAfter = (n: number) => String(n)

  it('reads once, up to the budget, and ends a full page at its last match (no match skipped)', async () => {
    const asked: number[] = []
    const read = async (limit: number, cursor: string | null) => (asked.push(limit), index(limit, cursor))
    const page = await filteredPage(read, { limit: 5, cursor: null, readBudget: 300, cursorAfter })
    expect(asked).toEqual([300])
    expect(page).toEqual({ items: [0, 3, 6, 9, 12], cursor: '12', read: 300 })
    const next = await filteredPage(read, { limit: 5, cursor: page.cursor, readBudget: 300, cursorAfter })
    expect(next.items).toEqual([15, 18, 21, 24, 27])
  })

  it('a short page goes on from where the read stopped; without a filter it reads the page alone', async () => {
    const short = await filteredPage(async (limit, cursor) => ({ data: [], cursor: String(Number(cursor ?? -1) + limit) }), { limit: 25, cursor: null, readBudget: 60, cursorAfter })
    expect(short).toEqual({ items: [], cursor: '59', read: 60 })
    const few = await filteredPage(index, { limit: 25, cursor: null, readBudget: 30, cursorAfter })
    expect(few).toEqual({ items: [0, 3, 6, 9, 12, 15, 18, 21, 24, 27], cursor: '29', read: 30 })
    const asked: number[] = []
    await filteredPage(async (limit, c) => (asked.push(limit), index(limit, c)), { limit: 25, cursor: null, readBudget: 25, cursorAfter })
    expect(asked).toEqual([25])
  })
})
