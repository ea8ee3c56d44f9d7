/**
 * The staff Inbox of customer messages through the real handlers (a table of this file's own, so the counts are
 * exact): a customer's note puts the order on it (the count, the row, the order's inboxSince) in the note's
 * transaction; a second note keeps its place and bumps its count; a staff reply the customer sees, Mark handled,
 * a delete and an archive take it off; an internal note does not; gunsmiths are refused. And the shop's email per
 * message: its notification through the notifier's bundle to a maildev this file starts, sent when Settings have it
 * on and skipped when off.
 */
import { freePort } from '../../infra/local/ports.ts'
import { waitFor } from './wait-for.ts'
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import { marshall } from '@aws-sdk/util-dynamodb'
import type { DynamoDBStreamEvent } from 'aws-lambda'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INBOX_TEXTS, SHOP_RECIPIENT, shopMessageSubject } from '@gs/shared/inbox'
import { notificationEntity } from '../../functions/db/entities/notification.ts'
import { createSettingsRepository } from '../../functions/db/repositories/settings.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { routeKey, routes } from '../../functions/routes.ts'
import { bundledFunction } from './functions.ts'
import { useOwnTable } from './helpers.ts'
import { call, claimsFor, createTestUser, seedWorld, type TestUser, type World } from './quality-helpers.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const PORTAL = 'https://portal.test'
const SHOP_EMAIL = 'shop-inbox@example.com'
const route = (key: string) => routes.find((r) => routeKey(r) === key)!
const notifier = (event: DynamoDBStreamEvent) => bundledFunction('notifier')(event)

let maildev: ChildProcess | undefined
let mailWeb = ''
const envBefore = { ...process.env }
let owner: TestUser
let frontDesk: TestUser
let gunsmith: TestUser
let customer: TestUser
let a: World
let b: World

interface Mail {
  subject: string
  to: { address: string }[]
  text: string
  html: string
}
const mailsToShop = async (): Promise<Mail[]> => ((await (await fetch(`${mailWeb}/api/email`)).json()) as Mail[]).filter((m) => m.to.some((t) => t.address === SHOP_EMAIL))

const note = async (w: World, text: string) => {
  const res = await call(route('POST /api/orders/{orderId}/notes'), { params: { orderId: w.order.orderId }, claims: customer.claims, body: { text } })
  expect(res.status, res.text).toBe(201)
  return res.body
}
const count = async (user: TestUser = frontDesk) => {
  const res = await call(route('GET /api/admin/inbox/count'), { claims: user.claims })
  expect(res.status, res.text).toBe(200)
  return res.body.count as number
}
const list = async (query: Record<string, string> = {}) => {
  const res = await call(route('GET /api/admin/inbox'), { claims: frontDesk.claims, query })
  expect(res.status, res.text).toBe(200)
  return res.body
}
const adminOrder = async (w: World) => (await call(route('GET /api/admin/orders/{orderId}'), { params: { orderId: w.order.orderId }, claims: owner.claims })).body
const markHandled = (w: World, user: TestUser = frontDesk) => call(route('POST /api/admin/inbox/{orderId}/handled'), { params: { orderId: w.order.orderId }, claims: user.claims })
const reply = async (w: World, body: Record<string, unknown>) => {
  const res = await call(route('POST /api/admin/orders/{orderId}/updates'), { params: { orderId: w.order.orderId }, claims: owner.claims, body: { status: (await adminOrder(w)).currentStatus, ...body } })
  expect(res.status, res.text).toBe(201)
}

/** The shop's email notifications as stored (raw items, as a stream image has them), newest first. */
async function shopNotifications(): Promise<Record<string, unknown>[]> {
  const { table, client } = defaultTable()
  const params = notificationEntity({ table, client }).query.byUser({ userId: SHOP_RECIPIENT }).params() as ConstructorParameters<typeof QueryCommand>[0]
  return (((await client.send(new QueryCommand(params))).Items ?? []) as Record<string, unknown>[]).sort((x, y) => String(y.notificationId).localeCompare(String(x.notificationId)))
}

let seq = 0
function insertEvent(item: Record<string, unknown>): DynamoDBStreamEvent {
  const s = String(++seq).padStart(21, '0')
  return {
    Records: [
      {
        eventID: `evt-${s}`,
        eventName: 'INSERT',
        eventSource: 'aws:dynamodb',
        awsRegion: 'us-east-1',
        dynamodb: { Keys: marshall({ pk: item.pk, sk: item.sk }) as never, NewImage: marshall(item, { removeUndefinedValues: true }) as never, SequenceNumber: s, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      },
    ],
  }
}

beforeAll(async () => {
  await useOwnTable('gs-inbox')
  const [smtpPort, webPort] = [await freePort(), await freePort()]
  maildev = spawn(process.execPath, [path.join(root, 'node_modules/maildev/dist/bin/maildev.js'), '--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1'], { stdio: 'ignore' })
  mailWeb = `http://127.0.0.1:${webPort}`
  await waitFor('maildev', async () => ((await fetch(`${mailWeb}/api/email`)).ok ? true : undefined))
  Object.assign(process.env, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), PORTAL_URL: PORTAL, EMAIL_FROM: 'portal@example.com' })

  owner = await createTestUser('admin', 'Olive')
  frontDesk = await createTestUser('admin', 'Fran', { staffRole: 'front_desk' })
  gunsmith = await createTestUser('admin', 'Gus', { staffRole: 'gunsmith' })
  customer = await createTestUser('customer', 'Rita')
  a = await seedWorld(customer.userId, customer.email)
  b = await seedWorld(customer.userId, customer.email)
  await createSettingsRepository(defaultTable()).saveSettings({ email: SHOP_EMAIL })
}, 60_000)

afterAll(async () => {
  if (maildev?.pid) {
    const exited = new Promise((r) => maildev!.once('exit', r))
    process.kill(maildev.pid, 'SIGTERM')
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))])
  }
  for (const k of ['SMTP_HOST', 'SMTP_PORT', 'PORTAL_URL', 'EMAIL_FROM']) if (envBefore[k] === undefined) delete process.env[k]
})

describe('the staff Inbox', () => {
  it('a note puts the order on it; a second note keeps its place and counts; orders are listed oldest unanswered first', async () => {
    expect(await count()).toBe(0)
    expect((await list()).items).toEqual([])

    await note(a, 'When can I pick up the Remington? Saturday OK?')
    expect(await count()).toBe(1)
    const first = await list()
    expect(first).toMatchObject({ count: 1, cursor: null })
    expect(first.items).toEqual([
      {
        orderId: a.order.orderId,
        orderNumber: a.order.orderNumber,
        firearmMake: a.order.firearmMake,
        firearmModel: a.order.firearmModel,
        customerName: a.order.customerName,
        excerpt: 'When can I pick up the Remington? Saturday OK?',
        lastAt: expect.any(String),
        since: expect.any(String),
        count: 1,
        assignedToName: null,
      },
    ])
    const since = first.items[0].since
    expect((await adminOrder(a)).inboxSince).toBe(since)
    // The staff order list marks the row.
    const rows = await call(route('GET /api/admin/orders'), { claims: owner.claims, query: { limit: '100' } })
    expect(rows.body.items.find((o: { id: string }) => o.id === a.order.orderId)?.inboxSince).toBe(since)

    await note(b, 'Is the scope mounted yet?')
    await note(a, 'Or Sunday morning?')
    expect(await count()).toBe(2)
    const both = await list()
    expect(both.items.map((r: { orderId: string }) => r.orderId)).toEqual([a.order.orderId, b.order.orderId])
    expect(both.items[0]).toMatchObject({ since, count: 2, excerpt: 'Or Sunday morning?' })
    expect(both.items[1]).toMatchObject({ count: 1, excerpt: 'Is the scope mounted yet?' })

    // Paged: one row a page, the cursor leads to the next; another list's cursor is a 400.
    const page1 = await list({ limit: '1' })
    expect(page1.items.map((r: { orderId: string }) => r.orderId)).toEqual([a.order.orderId])
    const page2 = await list({ limit: '1', cursor: page1.cursor })
    expect(page2.items.map((r: { orderId: string }) => r.orderId)).toEqual([b.order.orderId])
    const bad = await call(route('GET /api/admin/inbox'), { claims: frontDesk.claims, query: { cursor: 'm.eyJ4IjoxfQ' } })
    expect(bad.status).toBe(400)
  })

  it('an internal note leaves it; a reply the customer sees takes the order off; Mark handled too, once', async () => {
    await reply(a, { notes: 'Checked the stock, nothing to tell yet.', internal: true })
    expect(await count()).toBe(2)
    await reply(a, { notes: 'Saturday works: we open at 9.' })
    expect(await count()).toBe(1)
    expect((await list()).items.map((r: { orderId: string }) => r.orderId)).toEqual([b.order.orderId])
    expect((await adminOrder(a)).inboxSince).toBeNull()

    const handled = await markHandled(b)
    expect(handled.status, handled.text).toBe(200)
    expect(handled.body).toEqual({ handled: true, count: 0 })
    expect(await markHandled(b).then((r) => r.body)).toEqual({ handled: false, count: 0 })
    expect(await markHandled(a).then((r) => r.body)).toEqual({ handled: false, count: 0 })
    expect(await count()).toBe(0)
    expect(await list()).toEqual({ count: 0, items: [], cursor: null })
    expect((await adminOrder(b)).inboxSince).toBeNull()

    // Recorded in the order's activity.
    const activity = await call(route('GET /api/admin/orders/{orderId}/activity'), { params: { orderId: b.order.orderId }, claims: owner.claims })
    expect(activity.body.items.some((e: { action: string }) => e.action === 'order.inbox_handled')).toBe(true)

    // A new message after the answer puts the order back, with a new time.
    await note(a, 'Thanks! See you then.')
    expect(await count()).toBe(1)
    expect((await markHandled(a)).body).toEqual({ handled: true, count: 0 })
  })

  it('an order deleted or archived leaves the Inbox', async () => {
    // An order whose firearm never came in (one in the shop's custody cannot be deleted).
    const d = await seedWorld(customer.userId, customer.email, { received: false })
    await note(d, 'One more thing.')
    await note(b, 'And for this one.')
    expect(await count()).toBe(2)
    const archived = await call(route('POST /api/admin/orders/{orderId}/archive'), { params: { orderId: b.order.orderId }, claims: owner.claims })
    expect(archived.status, archived.text).toBe(200)
    expect(await count()).toBe(1)
    const deleted = await call(route('DELETE /api/admin/orders/{orderId}'), { params: { orderId: d.order.orderId }, claims: owner.claims })
    expect(deleted.status, deleted.text).toBeLessThan(300)
    expect(await count()).toBe(0)
    expect((await list()).items).toEqual([])
  })

  it('is the counter\u2019s: a gunsmith and a customer are refused, an unknown order is a 404', async () => {
    for (const r of ['GET /api/admin/inbox', 'GET /api/admin/inbox/count']) {
      expect((await call(route(r), { claims: gunsmith.claims })).status).toBe(403)
      expect((await call(route(r), { claims: claimsFor(customer.userId, 'customer') })).status).toBe(403)
    }
    expect((await markHandled(b, gunsmith)).status).toBe(403)
    expect((await call(route('POST /api/admin/inbox/{orderId}/handled'), { params: { orderId: '00000000-0000-4000-8000-000000000000' }, claims: owner.claims })).status).toBe(404)
    expect(await count(owner)).toBe(0)
  })
})

describe("the shop's email about each customer message", () => {
  it('is sent to the shop with the order, the firearm, the customer, the message and the staff link while the setting is on; skipped when off', async () => {
    const c = await seedWorld(customer.userId, customer.email)
    await note(c, 'When can I pick up the Remington? Saturday OK?')
    const [item] = await shopNotifications()
    expect(item).toMatchObject({ orderId: c.order.orderId, kind: 'customer_message' })
    expect(await notifier(insertEvent(item))).toEqual({ batchItemFailures: [] })
    const subject = shopMessageSubject(c.order.orderNumber, `${c.order.firearmMake} ${c.order.firearmModel}`)
    const mail = await waitFor('the shop mail', async () => (await mailsToShop()).find((m) => m.subject === subject))
    expect(mail.text).toContain('When can I pick up the Remington? Saturday OK?')
    expect(mail.text).toContain(c.order.customerName)
    expect(mail.text).toContain(`${PORTAL}/admin/manage-orders?order=${c.order.orderId}`)
    expect(mail.html).toContain(`${PORTAL}/admin/manage-orders?order=${c.order.orderId}`)
    // Delivered twice: still one mail.
    expect(await notifier(insertEvent(item))).toEqual({ batchItemFailures: [] })

    await createSettingsRepository(defaultTable()).saveSettings({ emailShopAboutMessages: false })
    await note(c, 'Never mind, Sunday instead.')
    const [off] = await shopNotifications()
    expect(off.notificationId).not.toBe(item.notificationId)
    const before = (await mailsToShop()).length
    expect(await notifier(insertEvent(off))).toEqual({ batchItemFailures: [] })
    await new Promise((r) => setTimeout(r, 300))
    expect((await mailsToShop()).length).toBe(before)
    expect(before).toBe(1)
    const [stored] = await shopNotifications()
    expect(stored.delivery).toMatchObject({ email: { status: 'skipped', reason: 'shop_email_off' }, sms: { status: 'skipped', reason: 'shop_message' } })
    // The message is on the Inbox either way.
    expect((await list()).items.find((r: { orderId: string }) => r.orderId === c.order.orderId)).toMatchObject({ count: 2 })
    expect(INBOX_TEXTS.empty).toBe('No customer messages waiting.')
  })
})
