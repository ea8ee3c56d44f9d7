/**
 * What staff tell the customer, through the real routes and the real notifier (its bundle) and digest sender:
 * "Notify customer" off records the update without a notification; an internal note (and a release override's
 * reason) is in no customer read and notifies no one; five status changes within the window reach the customer as
 * ONE email and ONE text listing all five (the digest sender driven by an injected clock, never by waiting); a digest
 * is sent once even when two senders race; the approval request goes at once, to a customer who turned optional
 * emails off too, naming the firearm, the order, each item and the total. Mail goes to a maildev this file starts,
 * texts to an SMS sink stub here.
 */
import type { AddressInfo } from 'node:net'
import { freePort } from '../../infra/local/ports.ts'
import { waitFor } from './wait-for.ts'
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import { marshall } from '@aws-sdk/util-dynamodb'
import type { DynamoDBStreamEvent } from 'aws-lambda'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notificationEntity } from '../../functions/db/entities/notification.ts'
import { uuid } from '../../functions/db/ids.ts'
import { createNotificationDeliveryRepository } from '../../functions/db/repositories/notification-delivery.ts'
import { createNotificationDigestRepository } from '../../functions/db/repositories/notification-digests.ts'
import { createProfileRepository } from '../../functions/db/repositories/profiles.ts'
import { createSettingsRepository } from '../../functions/db/repositories/settings.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { DIGEST_WINDOW_MS } from '../../functions/notify/digest-join.ts'
import { sendDueDigests, type DigestSenderDeps } from '../../functions/notify/digest.ts'
import { smsSinkTransport } from '../../functions/notify/sms-sink-transport.ts'
import { smtpTransport } from '../../functions/notify/smtp-transport.ts'
import { routeKey, routes } from '../../functions/routes.ts'
import { adminMessages } from '../../shared/src/admin-messages.ts'
import { formatCents } from '../../shared/src/money.ts'
import { bundledFunction } from './functions.ts'
import { useStackTable } from './helpers.ts'
import { call, claimsFor, createTestUser, seedWorld, type TestUser, type World } from './quality-helpers.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const PORTAL = 'https://portal.test'
const route = (key: string) => routes.find((r) => routeKey(r) === key)!
const notifier = (event: DynamoDBStreamEvent) => bundledFunction('notifier')(event)

let maildev: ChildProcess | undefined
let inbox = ''
let sink: Server | undefined
let sinkUrl = ''
let smtpPort = 0
const texts: { to: string; body: string }[] = []
const envBefore = { ...process.env }

interface Mail {
  subject: string
  to: { address: string }[]
  text: string
  html: string
}
const mailsTo = async (address: string) => ((await (await fetch(`${inbox}/api/email`)).json()) as Mail[]).filter((m) => m.to.some((t) => t.address === address))

/** The customer's notifications as stored (raw items, as a stream image has them), oldest first. */
async function storedNotifications(userId: string): Promise<Record<string, unknown>[]> {
  const { table, client } = defaultTable()
  const params = notificationEntity({ table, client }).query.byUser({ userId }).params() as ConstructorParameters<typeof QueryCommand>[0]
  return ((await client.send(new QueryCommand(params))).Items ?? []) as Record<string, unknown>[]
}

let seq = 0
/** A DynamoDB Streams INSERT record of each item, as the event source mapping hands them over. */
function insertEvent(items: Record<string, unknown>[]): DynamoDBStreamEvent {
  return {
    Records: items.map((item) => {
      const s = String(++seq).padStart(21, '0')
      return {
        eventID: `evt-${s}`,
        eventName: 'INSERT' as const,
        eventSource: 'aws:dynamodb',
        awsRegion: 'us-east-1',
        dynamodb: { Keys: marshall({ pk: item.pk, sk: item.sk }) as never, NewImage: marshall(item, { removeUndefinedValues: true }) as never, SequenceNumber: s, StreamViewType: 'NEW_IMAGE' as const },
      }
    }),
  }
}

/** The digest sender as the scheduled function runs it, with the clock given (the table, maildev and the sink are real). */
function digestSender(now: Date): DigestSenderDeps {
  const table = defaultTable()
  return {
    digests: createNotificationDigestRepository(table),
    deliveries: createNotificationDeliveryRepository(table),
    profiles: createProfileRepository(table),
    settings: createSettingsRepository(table),
    email: () => smtpTransport({ host: '127.0.0.1', port: smtpPort }),
    sms: () => smsSinkTransport({ url: sinkUrl }),
    portalUrl: PORTAL,
    emailFrom: 'portal@example.com',
    now: () => now,
  }
}
const later = (ms: number) => new Date(Date.now() + ms)

let admin: TestUser

/** A customer with a profile (texts on, optional emails as given) and a received order (seedWorld: work complete, a balance due). */
async function customerWithOrder(opts: { emailOptionalNotifications?: boolean } = {}): Promise<{ userId: string; email: string; phone: string; world: World; claims: ReturnType<typeof claimsFor> }> {
  const id = uuid()
  const email = `told-${id.slice(0, 8)}@example.com`
  const last4 = String(1000 + Math.floor(Math.random() * 8999))
  await createProfileRepository(defaultTable()).createProfile({ id, email, firstName: 'Tess', lastName: 'Told', phone: `(555) 010-${last4}`, enableSmsNotifications: true, ...opts })
  const world = await seedWorld(id, email)
  return { userId: id, email, phone: `+1555010${last4}`, world, claims: claimsFor(id, 'customer') }
}

async function ok<T = any>(key: string, claims: unknown, input: { params?: Record<string, string>; body?: unknown; query?: Record<string, string> } = {}): Promise<T> {
  const res = await call(route(key), { claims: claims as never, ...input })
  expect(res.status, `${key}: ${res.text}`).toBeLessThan(300)
  return res.body as T
}

beforeAll(async () => {
  useStackTable()
  smtpPort = await freePort()
  const webPort = await freePort()
  maildev = spawn(process.execPath, [path.join(root, 'node_modules/maildev/dist/bin/maildev.js'), '--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1'], { stdio: 'ignore' })
  inbox = `http://127.0.0.1:${webPort}`
  await waitFor('maildev', async () => ((await fetch(`${inbox}/api/email`)).ok ? true : undefined))
  sink = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      texts.push(JSON.parse(body))
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messageId: `sms-${texts.length}` }))
    })
  })
  await new Promise<void>((resolve) => sink!.listen(0, '127.0.0.1', resolve))
  sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/messages`
  Object.assign(process.env, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMS_SINK_URL: sinkUrl, PORTAL_URL: PORTAL, EMAIL_FROM: 'portal@example.com' })
  admin = await createTestUser('admin')
}, 60_000)

afterAll(async () => {
  if (maildev?.pid) {
    const exited = new Promise((r) => maildev!.once('exit', r))
    process.kill(maildev.pid, 'SIGTERM')
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))])
  }
  await new Promise((r) => (sink ? sink.close(r) : r(undefined)))
  for (const k of ['SMTP_HOST', 'SMTP_PORT', 'SMS_SINK_URL', 'PORTAL_URL', 'EMAIL_FROM']) if (envBefore[k] === undefined) delete process.env[k]
})

describe('Notify customer', () => {
  it('off: the status change and the note are on the customer’s timeline, with no notification, email or text', async () => {
    const c = await customerWithOrder()
    const params = { orderId: c.world.order.orderId }
    const before = (await storedNotifications(c.userId)).length
    await ok('POST /api/admin/orders/{orderId}/updates', admin.claims, { params, body: { status: 'work_complete', notes: 'Cleaned the bore too.', notifyCustomer: false } })
    const { version } = await ok('GET /api/admin/orders/{orderId}', admin.claims, { params })
    await ok('PATCH /api/admin/orders/{orderId}', admin.claims, { params, body: { version, currentStatus: 'quality_check', statusNote: 'Final check.', notifyCustomer: false } })

    expect(await storedNotifications(c.userId)).toHaveLength(before)
    const timeline = (await ok('GET /api/orders/{orderId}/updates', c.claims, { params })).items.map((u: { notes: string }) => u.notes)
    expect(timeline).toEqual(expect.arrayContaining(['Cleaned the bore too.', 'Final check.']))
    // On (the default) it is notified as before.
    await ok('POST /api/admin/orders/{orderId}/updates', admin.claims, { params, body: { status: 'quality_check', notes: 'All good.' } })
    expect(await storedNotifications(c.userId)).toHaveLength(before + 1)
    expect((await mailsTo(c.email)).length).toBe(0)
  })

  it('refuses a notifyCustomer or internal that is not a boolean (400, nothing written)', async () => {
    const c = await customerWithOrder()
    const params = { orderId: c.world.order.orderId }
    const bad = await call(route('POST /api/admin/orders/{orderId}/updates'), { params, claims: admin.claims, body: { status: 'work_complete', notes: 'x', notifyCustomer: 'no' } })
    expect(bad.status).toBe(400)
    const bad2 = await call(route('POST /api/admin/orders/{orderId}/updates'), { params, claims: admin.claims, body: { status: 'work_complete', notes: 'x', internal: 1 } })
    expect(bad2.status).toBe(400)
    const staff = (await ok('GET /api/admin/orders/{orderId}/updates', admin.claims, { params })).items.map((u: { notes: string }) => u.notes)
    expect(staff).not.toContain('x')
  })
})

describe('internal notes', () => {
  it('are shown to staff marked internal and in no customer read (detail, updates pages), never notified', async () => {
    const c = await customerWithOrder()
    const params = { orderId: c.world.order.orderId }
    const before = (await storedNotifications(c.userId)).length
    const SECRET = 'Internal: customer was rude on the phone, check the serial twice.'
    const posted = await ok('POST /api/admin/orders/{orderId}/updates', admin.claims, { params, body: { status: 'work_complete', notes: SECRET, internal: true } })
    expect(posted).toMatchObject({ notes: SECRET, internal: true })
    // A visible note after it, so the customer's pages have something on each side.
    await ok('POST /api/admin/orders/{orderId}/updates', admin.claims, { params, body: { status: 'work_complete', notes: 'Visible note.', notifyCustomer: false } })

    expect(await storedNotifications(c.userId)).toHaveLength(before)
    const staff = (await ok('GET /api/admin/orders/{orderId}/updates', admin.claims, { params })).items
    expect(staff.find((u: { notes: string }) => u.notes === SECRET)).toMatchObject({ internal: true })
    expect((await ok('GET /api/admin/orders/{orderId}', admin.claims, { params })).updates.some((u: { notes: string }) => u.notes === SECRET)).toBe(true)

    const detail = await call(route('GET /api/orders/{orderId}'), { params, claims: c.claims })
    expect(detail.status).toBe(200)
    expect(detail.text).not.toContain(SECRET)
    expect(detail.body.updates.some((u: { notes: string }) => u.notes === 'Visible note.')).toBe(true)
    expect(detail.body.updates.every((u: { internal: boolean }) => u.internal === false)).toBe(true)
    // Page by page (limit 1, following the cursors): never the internal note.
    let cursor: string | null = null
    const seen: string[] = []
    for (let i = 0; i < 10; i++) {
      const page: { status: number; text: string; body: { items: { notes: string }[]; cursor: string | null } } = await call(route('GET /api/orders/{orderId}/updates'), { params, claims: c.claims, query: { limit: '1', ...(cursor ? { cursor } : {}) } })
      expect(page.status, page.text).toBe(200)
      expect(page.text).not.toContain(SECRET)
      seen.push(...page.body.items.map((u) => u.notes))
      cursor = page.body.cursor
      if (!cursor) break
    }
    expect(seen).toContain('Visible note.')
    const list = await call(route('GET /api/notifications'), { claims: c.claims })
    expect(list.text).not.toContain(SECRET)
  })

  it('cannot change the status (400, nothing written)', async () => {
    const c = await customerWithOrder()
    const params = { orderId: c.world.order.orderId }
    const res = await call(route('POST /api/admin/orders/{orderId}/updates'), { params, claims: admin.claims, body: { status: 'quality_check', notes: 'Moving on', internal: true } })
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe(adminMessages.internalChangesStatus)
    expect((await ok('GET /api/admin/orders/{orderId}', admin.claims, { params })).currentStatus).toBe('work_complete')
  })

  it('a release override reason is internal: staff see it, the customer sees the status change only', async () => {
    const c = await customerWithOrder()
    const params = { orderId: c.world.order.orderId }
    const REASON = 'Manager approved: pays Friday (long-time customer)'
    const { version } = await ok('GET /api/admin/orders/{orderId}', admin.claims, { params })
    await ok('PATCH /api/admin/orders/{orderId}', admin.claims, { params, body: { version, currentStatus: 'ready_for_pickup', releaseOverrideReason: REASON } })
    const staff = (await ok('GET /api/admin/orders/{orderId}/updates', admin.claims, { params })).items
    expect(staff.find((u: { notes: string; internal: boolean }) => u.notes.includes(REASON))).toMatchObject({ status: 'release_override', internal: true })
    const detail = await call(route('GET /api/orders/{orderId}'), { params, claims: c.claims })
    expect(detail.text).not.toContain('long-time customer')
    expect(detail.body.updates.some((u: { status: string }) => u.status === 'ready_for_pickup')).toBe(true)
    const updates = await call(route('GET /api/orders/{orderId}/updates'), { params, claims: c.claims })
    expect(updates.text).not.toContain('long-time customer')
    expect((await call(route('GET /api/notifications'), { claims: c.claims })).text).not.toContain('long-time customer')
  })
})

describe('batching: changes to one order within the window reach the customer as one email and one text', () => {
  it('five status changes in a row: nothing until the window ends, then one email listing all five in order and one text', async () => {
    const c = await customerWithOrder()
    const params = { orderId: c.world.order.orderId }
    const before = new Set((await storedNotifications(c.userId)).map((i) => i.notificationId))
    const steps = ['in_progress', 'quality_check', 'work_complete', 'ready_for_shipping', 'in_progress']
    for (const status of steps) await ok('POST /api/admin/orders/{orderId}/updates', admin.claims, { params, body: { status, notes: `Step ${status}` } })
    const added = (await storedNotifications(c.userId)).filter((i) => !before.has(i.notificationId))
    expect(added).toHaveLength(5)
    // The stream delivers them (one batch, then the same records again: at least once).
    const event = insertEvent(added)
    expect(await notifier(event)).toEqual({ batchItemFailures: [] })
    expect(await notifier(event)).toEqual({ batchItemFailures: [] })
    expect(await mailsTo(c.email)).toHaveLength(0)
    expect(texts.filter((t) => t.to === c.phone)).toHaveLength(0)

    // Within the window: not due yet.
    expect((await sendDueDigests(digestSender(later(DIGEST_WINDOW_MS / 2)))).results.filter((r) => r.orderId === params.orderId)).toEqual([])
    expect(await mailsTo(c.email)).toHaveLength(0)

    // Once due: one email, one text.
    const run = await sendDueDigests(digestSender(later(DIGEST_WINDOW_MS + 60_000)))
    expect(run.results.filter((r) => r.orderId === params.orderId)).toEqual([{ orderId: params.orderId, changes: 5, email: 'sent', sms: 'sent' }])
    const mails = await waitFor('the digest mail', async () => ((await mailsTo(c.email)).length ? mailsTo(c.email) : undefined))
    expect(mails).toHaveLength(1)
    const number = c.world.order.orderNumber
    expect(mails[0].subject).toBe(`5 updates: Colt Python · ${number}`)
    const positions = steps.map((s, i) => mails[0].text.indexOf(`${i + 1}. `))
    expect(positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]))).toBe(true)
    for (const s of steps) expect(mails[0].text).toContain(`Note from the shop: Step ${s}`)
    expect(mails[0].text).toContain(`${PORTAL}/orders/${params.orderId}`)
    const mine = texts.filter((t) => t.to === c.phone)
    expect(mine).toHaveLength(1)
    expect(mine[0].body).toContain(`5 updates: Colt Python`)

    // Nothing more: a later run and a replayed stream record send nothing again.
    await sendDueDigests(digestSender(later(DIGEST_WINDOW_MS + 120_000)))
    expect(await mailsTo(c.email)).toHaveLength(1)
    // Staff see each change as sent (by the digest).
    const listed = await ok('GET /api/admin/orders/{orderId}/notifications', admin.claims, { params })
    const ours = listed.items.filter((n: { id: string }) => added.some((a) => a.notificationId === n.id))
    expect(ours).toHaveLength(5)
    for (const n of ours) expect(n.delivery).toMatchObject({ email: { status: 'sent' }, sms: { status: 'sent' } })
  })

  it('a digest is sent once when two senders race for it', async () => {
    const c = await customerWithOrder()
    const params = { orderId: c.world.order.orderId }
    const before = new Set((await storedNotifications(c.userId)).map((i) => i.notificationId))
    await ok('POST /api/admin/orders/{orderId}/updates', admin.claims, { params, body: { status: 'in_progress', notes: 'Race one' } })
    await ok('POST /api/admin/orders/{orderId}/updates', admin.claims, { params, body: { status: 'quality_check', notes: 'Race two' } })
    const added = (await storedNotifications(c.userId)).filter((i) => !before.has(i.notificationId))
    expect(await notifier(insertEvent(added))).toEqual({ batchItemFailures: [] })
    const at = later(DIGEST_WINDOW_MS + 60_000)
    const runs = await Promise.all([sendDueDigests(digestSender(at)), sendDueDigests(digestSender(at)), sendDueDigests(digestSender(at))])
    const ours = runs.flatMap((r) => r.results).filter((r) => r.orderId === params.orderId)
    expect(ours).toEqual([{ orderId: params.orderId, changes: 2, email: 'sent', sms: 'sent' }])
    const mails = await waitFor('the digest mail', async () => ((await mailsTo(c.email)).length ? mailsTo(c.email) : undefined))
    await new Promise((r) => setTimeout(r, 300))
    expect(await mailsTo(c.email)).toHaveLength(1)
    expect(mails[0].subject).toBe(`2 updates: Colt Python · ${c.world.order.orderNumber}`)
    expect(texts.filter((t) => t.to === c.phone)).toHaveLength(1)
  })
})

describe('the approval request', () => {
  it('goes at once (never batched), to a customer with optional emails off, naming firearm, order, items and the total', async () => {
    const c = await customerWithOrder({ emailOptionalNotifications: false })
    const params = { orderId: c.world.order.orderId }
    // The world has a pending request: withdrawn first (one pending request at a time).
    const order = await ok('GET /api/admin/orders/{orderId}', admin.claims, { params })
    for (const r of order.approvalRequests.filter((r: { status: string }) => r.status === 'pending')) {
      await ok('POST /api/admin/orders/{orderId}/approval-requests/{requestId}/withdraw', admin.claims, { params: { ...params, requestId: r.id } })
    }
    const before = new Set((await storedNotifications(c.userId)).map((i) => i.notificationId))
    await ok('POST /api/admin/orders/{orderId}/approval-request', admin.claims, {
      params,
      body: { reason: 'The hand is worn', lines: [{ kind: 'part', name: 'Hand', unitCents: 4_500, quantity: 2 }, { kind: 'labor', name: 'Fitting', unitCents: 6_000, quantity: 1 }] },
    })
    const added = (await storedNotifications(c.userId)).filter((i) => !before.has(i.notificationId))
    expect(added).toHaveLength(1)
    expect(await notifier(insertEvent(added))).toEqual({ batchItemFailures: [] })
    const number = c.world.order.orderNumber
    const mails = await waitFor('the approval mail', async () => ((await mailsTo(c.email)).length ? mailsTo(c.email) : undefined))
    expect(mails).toHaveLength(1)
    expect(mails[0].subject).toBe(`Action Required: Additional Costs — Colt Python, order ${number}`)
    expect(mails[0].text).toContain('- Hand × 2: $90.00')
    expect(mails[0].text).toContain('- Fitting × 1: $60.00')
    const request = (await ok('GET /api/admin/orders/{orderId}', admin.claims, { params })).approvalRequests.find((r: { status: string }) => r.status === 'pending')
    expect(mails[0].text).toContain(`Total: ${formatCents(request.totalCents)}`)
    expect(mails[0].text).toContain(`${PORTAL}/orders/${params.orderId}`)
    const mine = texts.filter((t) => t.to === c.phone)
    expect(mine).toHaveLength(1)
    expect(mine[0].body).toContain(`Action Required: Additional Costs - Colt Python, order ${number}`)
  })
})
