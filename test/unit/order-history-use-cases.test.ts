import { describe, expect, it } from 'vitest'
import { InvalidCursorError } from '../../functions/db/cursor.ts'
import { NoteLimitReached, type OrderHistoryRepository } from '../../functions/db/repositories/order-history.ts'
import type { DetailOptions, OrderRepository, Page } from '../../functions/db/repositories/orders.ts'
import type { Order, OrderDetail, StatusUpdate } from '../../functions/domain/order.ts'
import { ApiError, NotFoundError, TooManyRequestsError, ValidationError, errorBody } from '../../functions/lib/errors.ts'
import { addCustomerNote } from '../../functions/use-cases/add-customer-note.ts'
import { getAdminOrder, listAdminOrderUpdates } from '../../functions/use-cases/get-admin-order.ts'
import { getCustomerOrder } from '../../functions/use-cases/get-customer-order.ts'
import { listCustomerOrderUpdates, listCustomerOrders } from '../../functions/use-cases/list-customer-orders.ts'
import { customerOrdersQuerySchema, orderUpdatesQuerySchema } from '../../shared/src/schemas/orders.ts'
import { testOrder } from '../support/orders.ts'

const OWNER = 'user-a'
const OTHER = 'user-b'
const ORDER_ID = '6f1c1a52-8d1e-4b7e-9a55-2f4f3c1b0a11'

const update = (n: number): StatusUpdate => {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString()
  return { orderId: ORDER_ID, updateId: `u${String(n).padStart(4, '0')}`, status: 'in_progress', notes: `Update ${n}`, createdBy: 'admin', authorLabel: 'Admin', isCustomerNote: false, createdAt: at, updatedAt: at }
}

/**
 * An order store whose history pages like the repository's: newest first, `cursor` = the id of the last
 * entry of the page before (anything else is InvalidCursorError). Records what each call asked for.
 */
function fakeHistory({ order = testOrder({ orderId: ORDER_ID, customerId: OWNER }), count = 120 }: { order?: Order | null; count?: number } = {}) {
  const history = Array.from({ length: count }, (_, i) => update(i + 1)).reverse()
  const asked: Array<{ method: string; opts?: unknown }> = []
  const pageAfter = (after: string | null, limit: number): Page<StatusUpdate> => {
    const from = after ? history.findIndex((u) => u.updateId === after) + 1 : 0
    const items = history.slice(from, from + limit)
    return { items, cursor: from + limit < history.length ? items[items.length - 1].updateId : null }
  }
  const repo: Pick<OrderRepository, 'getOrder' | 'getOrderDetail'> & Pick<OrderHistoryRepository, 'listOrderUpdates'> = {
    async getOrder() {
      asked.push({ method: 'getOrder' })
      return order
    },
    async getOrderDetail(_id, opts: DetailOptions = {}): Promise<OrderDetail | null> {
      asked.push({ method: 'getOrderDetail', opts })
      if (!order) return null
      const page = pageAfter(null, opts.updates ?? 50)
      return { order, updates: page.items, updatesCursor: page.cursor, payments: [] }
    },
    async listOrderUpdates(_id, { limit, cursor }) {
      asked.push({ method: 'listOrderUpdates', opts: { limit, cursor } })
      if (cursor && !history.some((u) => u.updateId === cursor)) throw new InvalidCursorError()
      return pageAfter(cursor ?? null, limit)
    },
  }
  return { repo, asked, history }
}

describe('the order detail is bounded', () => {
  it('asks for the newest page of updates and at most 100 ledger entries, for the customer and for staff', async () => {
    const { repo, asked } = fakeHistory()
    const detail = await getCustomerOrder({ orders: repo, orderId: ORDER_ID, userId: OWNER })
    expect(detail.updates.map((u) => u.notes).slice(0, 2)).toEqual(['Update 120', 'Update 119'])
    expect(detail.updates).toHaveLength(50)
    expect(detail.updatesCursor).toBe('u0071')
    await getAdminOrder({ orders: repo, orderId: ORDER_ID })
    expect(asked.map((a) => a.opts)).toEqual([{ ledger: 100 }, { ledger: 100 }])
  })
})

describe('loading older status history (customer)', () => {
  it('pages through every entry once, newest first', async () => {
    const { repo, history } = fakeHistory()
    const seen: string[] = []
    let cursor: string | null | undefined
    do {
      const page = await listCustomerOrderUpdates({ orders: repo, history: repo, orderId: ORDER_ID, userId: OWNER, limit: 50, cursor })
      seen.push(...page.items.map((u) => u.updateId))
      cursor = page.cursor
    } while (cursor)
    expect(seen).toEqual(history.map((u) => u.updateId))
  })

  it('takes the first page with the order (no ledger), and an older one after checking the order is the caller\'s', async () => {
    const { repo, asked } = fakeHistory()
    const first = await listCustomerOrderUpdates({ orders: repo, history: repo, orderId: ORDER_ID, userId: OWNER, limit: 10 })
    expect(first.items).toHaveLength(10)
    expect(asked).toEqual([{ method: 'getOrderDetail', opts: { updates: 10, ledger: 0 } }])
    asked.length = 0
    await listCustomerOrderUpdates({ orders: repo, history: repo, orderId: ORDER_ID, userId: OWNER, limit: 10, cursor: first.cursor })
    expect(asked).toEqual([{ method: 'getOrder' }, { method: 'listOrderUpdates', opts: { limit: 10, cursor: first.cursor } }])
  })

  it('is a 404 on another customer\'s order, with or without a cursor, before any history is read', async () => {
    const { repo, asked } = fakeHistory()
    for (const cursor of [undefined, 'u0050']) {
      await expect(listCustomerOrderUpdates({ orders: repo, history: repo, orderId: ORDER_ID, userId: OTHER, cursor })).rejects.toBeInstanceOf(NotFoundError)
    }
    expect(asked.some((a) => a.method === 'listOrderUpdates')).toBe(false)
  })

  it('answers a cursor the history did not give out with 400 "Invalid cursor"', async () => {
    const { repo } = fakeHistory()
    const err = await listCustomerOrderUpdates({ orders: repo, history: repo, orderId: ORDER_ID, userId: OWNER, cursor: 'tampered' }).catch((e) => e)
    expect(err).toBeInstanceOf(ValidationError)
    expect(errorBody(err)).toEqual({ statusCode: 400, body: { error: { code: 'validation_failed', message: 'Invalid cursor', fields: { cursor: 'Invalid cursor' } } } })
  })
})

describe('loading older status history (staff)', () => {
  it('pages any customer\'s order, and a deleted or missing order is a 404', async () => {
    const { repo } = fakeHistory()
    const first = await listAdminOrderUpdates({ orders: repo, history: repo, orderId: ORDER_ID, limit: 100 })
    expect(first.items).toHaveLength(100)
    const second = await listAdminOrderUpdates({ orders: repo, history: repo, orderId: ORDER_ID, limit: 100, cursor: first.cursor })
    expect(second).toMatchObject({ cursor: null })
    expect(second.items.map((u) => u.notes)).toEqual(Array.from({ length: 20 }, (_, i) => `Update ${20 - i}`))

    for (const order of [testOrder({ orderId: ORDER_ID, isDeleted: true }), null]) {
      const gone = fakeHistory({ order }).repo
      await expect(listAdminOrderUpdates({ orders: gone, history: gone, orderId: ORDER_ID })).rejects.toBeInstanceOf(NotFoundError)
      await expect(listAdminOrderUpdates({ orders: gone, history: gone, orderId: ORDER_ID, cursor: 'u0050' })).rejects.toBeInstanceOf(NotFoundError)
    }
    await expect(listAdminOrderUpdates({ orders: repo, history: repo, orderId: ORDER_ID, cursor: 'nope' })).rejects.toThrow('Invalid cursor')
  })
})

describe('the customer\'s order list is paged', () => {
  it('passes the page size and cursor on, and refuses a cursor that is not the caller\'s', async () => {
    const mine = testOrder({ orderId: 'o1', customerId: OWNER })
    const calls: unknown[] = []
    const orders: Pick<OrderHistoryRepository, 'pageOrdersForCustomer'> = {
      async pageOrdersForCustomer(customerId, opts) {
        calls.push({ customerId, ...opts })
        if (opts.cursor === 'theirs') throw new InvalidCursorError()
        // The repository filters; a stray one (another customer's, deleted) is still never shown.
        return { items: [mine, testOrder({ orderId: 'o2', customerId: OTHER }), testOrder({ orderId: 'o3', customerId: OWNER, isDeleted: true })], cursor: 'next' }
      },
    }
    expect(await listCustomerOrders({ orders, userId: OWNER, limit: 3, cursor: 'mine' })).toEqual({ items: [mine], cursor: 'next' })
    expect(calls).toEqual([{ customerId: OWNER, limit: 3, cursor: 'mine' }])
    await expect(listCustomerOrders({ orders, userId: OWNER, cursor: 'theirs' })).rejects.toThrow(ValidationError)
    await listCustomerOrders({ orders, userId: OWNER, cursor: '' })
    expect(calls.at(-1)).toEqual({ customerId: OWNER, limit: 20, cursor: null })
  })

  it('validates limit and cursor with clear messages (defaults: 20 orders, 50 updates)', () => {
    expect(customerOrdersQuerySchema.parse({})).toEqual({ limit: 20, search: '' })
    expect(customerOrdersQuerySchema.parse({ search: '  GS-000123 ' })).toEqual({ limit: 20, search: 'GS-000123' })
    expect(customerOrdersQuerySchema.safeParse({ search: 'x'.repeat(201) }).error?.issues[0].message).toBe('search must be at most 200 characters')
    expect(orderUpdatesQuerySchema.parse({ limit: '100', cursor: 'abc' })).toEqual({ limit: 100, cursor: 'abc' })
    expect(orderUpdatesQuerySchema.parse({})).toEqual({ limit: 50 })
    for (const limit of ['0', '101', '1.5', 'ten', '-1']) {
      const res = orderUpdatesQuerySchema.safeParse({ limit })
      expect(res.success, limit).toBe(false)
      expect(res.error?.issues[0].message).toBe('limit must be between 1 and 100')
    }
    expect(customerOrdersQuerySchema.safeParse({ cursor: 'x'.repeat(2049) }).error?.issues[0].message).toBe('Invalid cursor')
  })
})

describe('customer notes are limited', () => {
  const order = testOrder({ orderId: ORDER_ID, customerId: OWNER })
  const now = new Date('2026-02-01T10:15:00.000Z')

  function notes(refuse?: 'order' | 'hour') {
    const written: Array<{ note: StatusUpdate; limits: unknown }> = []
    const repo: Pick<OrderRepository, 'getOrder'> & Pick<OrderHistoryRepository, 'addCustomerNote'> = {
      getOrder: async (id) => (id === ORDER_ID ? order : null),
      async addCustomerNote(note, limits) {
        if (refuse) throw new NoteLimitReached(refuse)
        written.push({ note, limits })
        return note
      },
    }
    return { repo, written }
  }

  it('writes the note with the limits of 200 per order and 20 an hour', async () => {
    const { repo, written } = notes()
    const u = await addCustomerNote({ orders: repo, history: repo, orderId: ORDER_ID, customer: { userId: OWNER, firstName: 'Ada' }, text: ' Still waiting ', now })
    expect(u).toMatchObject({ notes: 'Still waiting', isCustomerNote: true, createdAt: now.toISOString() })
    expect(written).toEqual([{ note: u, limits: { perOrder: 200, perHour: 20 } }])
  })

  it('answers 429 with the message that says which limit, and writes nothing', async () => {
    for (const [limit, message] of [
      ['order', 'This order has reached its limit of 200 notes. Please call the shop.'],
      ['hour', 'You have sent 20 notes in the last hour. Please wait a little before sending another.'],
    ] as const) {
      const { repo, written } = notes(limit)
      const err = await addCustomerNote({ orders: repo, history: repo, orderId: ORDER_ID, customer: { userId: OWNER }, text: 'hello', now }).catch((e) => e)
      expect(err).toBeInstanceOf(TooManyRequestsError)
      expect(err).toBeInstanceOf(ApiError)
      expect(errorBody(err)).toEqual({ statusCode: 429, body: { error: { code: 'too_many_requests', message } } })
      expect(written).toEqual([])
    }
  })

  it('checks ownership before the limits: another customer\'s order is a 404', async () => {
    const { repo, written } = notes()
    await expect(addCustomerNote({ orders: repo, history: repo, orderId: ORDER_ID, customer: { userId: OTHER }, text: 'hi', now })).rejects.toBeInstanceOf(NotFoundError)
    expect(written).toEqual([])
  })
})
