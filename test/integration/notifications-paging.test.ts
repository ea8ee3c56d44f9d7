/**
 * GET /api/notifications pages with cursors and shows the TRUE unread count, however many notifications a customer
 * has: the count is an item kept by the transactions that create notifications and mark them read, and existing data
 * gets it from the backfill (functions/db/migrations/unread-notifications.ts). Counted as in read-budget.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unreadNotificationsEntity } from '../../functions/db/entities/unread-notifications.ts'
import { notificationEntity } from '../../functions/db/entities/notification.ts'
import { sortableId, uuid } from '../../functions/db/ids.ts'
import { backfillUnreadNotifications } from '../../functions/db/migrations/unread-notifications.ts'
import { createNotificationRepository } from '../../functions/db/repositories/notifications.ts'
import { createOrderRepository } from '../../functions/db/repositories/orders.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { newOrder, type Notification } from '../../functions/domain/order.ts'
import { routeKey, routes } from '../../functions/routes.ts'
import { countCommands, useStackTable } from './helpers.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'

const list = routes.find((r) => routeKey(r) === 'GET /api/notifications')!
const markRead = routes.find((r) => routeKey(r) === 'POST /api/notifications/{id}/read')!

const LIMIT_RANGE = 'limit must be between 1 and 50'
const TOTAL = 60
/** Of the 60, these come in ONE order transaction (one count update for the five). */
const IN_ONE_COMMIT = 5

let commands: string[] = []
let owner: TestUser
let other: TestUser
/** The owner's notification ids, newest first. */
let newestFirst: string[] = []

const notificationAt = (userId: string, t: number, over: Partial<Notification> = {}): Notification => ({
  userId,
  notificationId: sortableId(t),
  title: 'Status Update',
  message: `Update at ${new Date(t).toISOString()}`,
  read: false,
  createdAt: new Date(t).toISOString(),
  ...over,
})

const page = (user: TestUser, query: Record<string, string> = {}) => call(list, { claims: user.claims, query })
const mark = (user: TestUser, id: string) => call(markRead, { claims: user.claims, params: { id } })

/** The DynamoDB requests of one call, after a warm-up call that fills the caller's account-gate cache. */
async function counted<T>(warmUp: () => Promise<unknown>, request: () => Promise<T>): Promise<{ sent: string[]; res: T }> {
  await warmUp()
  commands = []
  const res = await request()
  return { sent: [...commands], res }
}

beforeAll(async () => {
  useStackTable()
  countCommands((name) => commands.push(name))
  ;[owner, other] = await Promise.all([createTestUser('customer'), createTestUser('customer')])

  const table = defaultTable()
  const notifications = createNotificationRepository(table)
  const start = Date.now() - 24 * 3_600_000
  const created: Notification[] = []
  for (let i = 0; i < TOTAL - IN_ONE_COMMIT; i++) created.push(await notifications.add(notificationAt(owner.userId, start + i * 60_000)))

  // The newest five are written with an order, in one transaction (as a staff status update would).
  const orders = createOrderRepository(table)
  const at = start + TOTAL * 60_000
  const five = Array.from({ length: IN_ONE_COMMIT }, (_, i) => notificationAt(owner.userId, at + i * 1_000))
  await orders.createOrder(
    newOrder(
      { orderId: uuid(), orderNumber: await orders.nextOrderNumber(), customerId: owner.userId, customerName: 'Quinta Q', customerEmail: owner.email, firearmMake: 'Colt', firearmModel: 'Python', serialNumber: 'PAGING-1', serviceType: 'Repair', description: 'Timing', estimatedCostCents: 10_000 },
      { invoiceId: uuid(), at: new Date(at).toISOString() },
    ),
    { putNotifications: five },
  )
  created.push(...five)
  newestFirst = created.map((n) => n.notificationId).reverse()

  for (let i = 0; i < 3; i++) await notifications.add(notificationAt(other.userId, start + i * 60_000))
})


/** Every page of the caller's list, following the cursors. */
async function allPages(user: TestUser, limit: number) {
  const pages: { items: { id: string; read: boolean }[]; cursor: string | null; unreadCount: number }[] = []
  let cursor: string | null = null
  do {
    const res = await page(user, { limit: String(limit), ...(cursor ? { cursor } : {}) })
    expect(res.status, res.text).toBe(200)
    pages.push(res.body)
    cursor = res.body.cursor
    expect(pages.length, 'the cursors never end').toBeLessThanOrEqual(TOTAL)
  } while (cursor)
  return pages
}

describe('GET /api/notifications pages with cursors', () => {
  it('pages through 60 notifications newest first: each page bounded, none twice, none missing, the true count on every page', async () => {
    const pages = await allPages(owner, 25)
    expect(pages.map((p) => p.items.length)).toEqual([25, 25, 10])
    expect(pages.map((p) => p.cursor === null)).toEqual([false, false, true])
    const ids = pages.flatMap((p) => p.items.map((n) => n.id))
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(newestFirst)
    expect(pages.map((p) => p.unreadCount)).toEqual([TOTAL, TOTAL, TOTAL])
  })

  it('shows 20 by default, and a page that ends the list exactly has no cursor', async () => {
    const first = await page(owner)
    expect(first.status).toBe(200)
    expect(first.body.items).toHaveLength(20)
    expect(first.body.cursor).toEqual(expect.any(String))
    const pages = await allPages(owner, 30)
    expect(pages.map((p) => p.items.length)).toEqual([30, 30])
    expect(pages[1].cursor).toBeNull()
  })

  it('reads one page: the first page is ONE Query (the count comes with it), a later page a Query and a GetItem; never a Scan', async () => {
    const first = await counted(() => page(owner, { limit: '20' }), () => page(owner, { limit: '20' }))
    expect(first.res.status).toBe(200)
    expect(first.sent).toEqual(['QueryCommand'])

    const cursor = first.res.body.cursor
    const later = await counted(() => page(owner, { limit: '20', cursor }), () => page(owner, { limit: '20', cursor }))
    expect(later.res.status).toBe(200)
    expect(later.res.body.items).toHaveLength(20)
    expect([...later.sent].sort()).toEqual(['GetItemCommand', 'QueryCommand'])
  })

  it('refuses a bad limit with a 400 that says why', async () => {
    for (const limit of ['0', '51', 'abc', '1.5', '-3', '']) {
      const res = await page(owner, { limit })
      expect(res.status, `limit=${limit}`).toBe(400)
      expect(res.body.error).toMatchObject({ code: 'validation_failed', message: LIMIT_RANGE, fields: { limit: LIMIT_RANGE } })
    }
    const max = await page(owner, { limit: '50' })
    expect(max.status).toBe(200)
    expect(max.body.items).toHaveLength(50)
  })

  it('refuses a tampered or foreign cursor with a 400 "Invalid cursor"', async () => {
    const own = (await page(owner, { limit: '5' })).body.cursor as string
    const foreign = (await page(other, { limit: '1' })).body.cursor as string
    expect(foreign).toEqual(expect.any(String))
    const key = JSON.parse(Buffer.from(own, 'base64url').toString('utf8'))
    const forged = (k: unknown) => Buffer.from(JSON.stringify(k)).toString('base64url')
    const bad = {
      foreign,
      garbage: 'not-a-cursor!!',
      truncated: own.slice(0, -7),
      'another entity of the same partition': forged({ pk: key.pk, sk: '$profile_1' }),
      'an extra key': forged({ ...key, gsi1pk: 'x' }),
      'a number for a key': forged({ pk: key.pk, sk: 5 }),
      'too long': 'a'.repeat(2_001),
    }
    for (const [what, cursor] of Object.entries(bad)) {
      const res = await page(owner, { limit: '5', cursor })
      expect(res.status, what).toBe(400)
      expect(res.body.error, what).toMatchObject({ code: 'validation_failed', message: 'Invalid cursor' })
    }
    // The owner's own cursor still works, and the other user still sees only their own.
    expect((await page(owner, { limit: '5', cursor: own })).status).toBe(200)
    expect((await page(other, { limit: '50' })).body.items).toHaveLength(3)
  })
})

describe('the unread count', () => {
  const count = async (user: TestUser) => (await page(user, { limit: '1' })).body.unreadCount as number

  it('starts at 60 and drops by one per notification marked read; marking one again changes nothing', async () => {
    expect(await count(owner)).toBe(TOTAL)

    const [newest, second, oldest] = [newestFirst[0], newestFirst[1], newestFirst[TOTAL - 1]]
    expect(await mark(owner, newest)).toMatchObject({ status: 200, body: { id: newest, read: true } })
    expect(await count(owner)).toBe(TOTAL - 1)

    // Again: a 200 with the same notification, and the count stays.
    expect(await mark(owner, newest)).toMatchObject({ status: 200, body: { id: newest, read: true } })
    expect(await count(owner)).toBe(TOTAL - 1)

    // Twice at the same moment: still one less.
    await Promise.all([mark(owner, second), mark(owner, second)])
    expect(await count(owner)).toBe(TOTAL - 2)

    // The oldest, on the last page: the count does not depend on the page.
    expect((await mark(owner, oldest)).status).toBe(200)
    expect(await count(owner)).toBe(TOTAL - 3)

    // Someone else's notification or an unknown id: 404, nothing changes.
    expect((await mark(other, newestFirst[3])).status).toBe(404)
    expect((await mark(owner, sortableId())).status).toBe(404)
    expect(await count(owner)).toBe(TOTAL - 3)
    expect(await count(other)).toBe(3)

    const pages = await allPages(owner, 50)
    const read = pages.flatMap((p) => p.items).filter((n) => n.read).map((n) => n.id)
    expect(read.sort()).toEqual([newest, second, oldest].sort())
  })
})

describe('backfillUnreadNotifications', () => {
  it('sets each user\'s count from their stored notifications, and running it again changes nothing', async () => {
    const table = defaultTable()
    const stored = notificationEntity(table)
    const counts = unreadNotificationsEntity(table)
    // Notifications stored before the count existed: written straight to the table, no count item.
    const legacy = await createTestUser('customer')
    const t = Date.now() - 3_600_000
    for (let i = 0; i < 6; i++) await stored.put(notificationAt(legacy.userId, t + i * 1_000, { read: i >= 4 })).go()
    // And a user whose count drifted.
    const drifted = await createTestUser('customer')
    await createNotificationRepository(table).add(notificationAt(drifted.userId, t))
    await counts.put({ userId: drifted.userId, count: 41 }).go()

    expect(await count(legacy)).toBe(0)
    // Marked read before the backfill: the count goes below zero and is shown as 0.
    const unread = (await page(legacy, { limit: '10' })).body.items.find((n: { read: boolean }) => !n.read)
    expect((await mark(legacy, unread.id)).status).toBe(200)
    expect(await count(legacy)).toBe(0)
    expect((await counts.get({ userId: legacy.userId }).go()).data?.count).toBe(-1)

    const first = await backfillUnreadNotifications(table)
    expect(first.users).toBeGreaterThanOrEqual(3)
    expect(await count(legacy)).toBe(3) // 4 unread stored, one of them marked read since
    expect(await count(drifted)).toBe(1)
    expect(await count(owner)).toBe(TOTAL - 3)

    const again = await backfillUnreadNotifications(table)
    expect(again.users).toBe(first.users)
    expect(await count(legacy)).toBe(3)
    expect(await count(drifted)).toBe(1)
    expect(await count(owner)).toBe(TOTAL - 3)
  })

  const count = async (user: TestUser) => (await page(user, { limit: '1' })).body.unreadCount as number
})
