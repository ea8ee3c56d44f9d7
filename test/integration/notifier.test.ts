/**
 * The notifier end to end on the local stack: a staff status change through the real admin route writes
 * the notification (in the order's transaction), the stream record of that item goes to the notifier
 * function (its bundle, in a container of the local runtime), mail goes over SMTP to a maildev this file starts
 * on free loopback ports and is read back through maildev's API, text messages to an SMS sink stub here.
 * The test table has no stream: the record is built from the stored item, as DynamoDB Streams carries it.
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
import { sortableId, uuid } from '../../functions/db/ids.ts'
import { createNotificationDeliveryRepository } from '../../functions/db/repositories/notification-delivery.ts'
import { createNotificationDigestRepository } from '../../functions/db/repositories/notification-digests.ts'
import { createSettingsRepository } from '../../functions/db/repositories/settings.ts'
import { DIGEST_WINDOW_MS } from '../../functions/notify/digest-join.ts'
import { sendDueDigests, type DigestSenderDeps } from '../../functions/notify/digest.ts'
import { smsSinkTransport } from '../../functions/notify/sms-sink-transport.ts'
import { smtpTransport } from '../../functions/notify/smtp-transport.ts'
import { createProfileRepository } from '../../functions/db/repositories/profiles.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { bundledFunction } from './functions.ts'
import { routeKey, routes } from '../../functions/routes.ts'
import { useStackTable } from './helpers.ts'
import { call, claimsFor, createTestUser, seedWorld, type TestUser, type World } from './quality-helpers.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const PORTAL = 'https://portal.test'
const route = (key: string) => routes.find((r) => routeKey(r) === key)!
/** The notifier's bundle, with this file's environment (its SMTP server and SMS sink) at each call. */
const handler = (event: DynamoDBStreamEvent) => bundledFunction('notifier')(event)

let maildev: ChildProcess | undefined
let inbox = ''
let sink: Server | undefined
const texts: { to: string; body: string }[] = []
/** Answers the sink gives next (a status each), then 200. */
const sinkFailures: number[] = []
const envBefore = { ...process.env }

interface Mail {
  subject: string
  to: { address: string }[]
  from: { address: string; name: string }[]
  text: string
  html: string
}
const mails = async (): Promise<Mail[]> => (await fetch(`${inbox}/api/email`)).json() as Promise<Mail[]>
const mailsTo = async (address: string) => (await mails()).filter((m) => m.to.some((t) => t.address === address))

/** The customer's notifications as stored (raw items: ElectroDB's markers and keys, as a stream image has them). */
async function storedNotifications(userId: string): Promise<Record<string, unknown>[]> {
  const { table, client } = defaultTable()
  const params = notificationEntity({ table, client }).query.byUser({ userId }).params() as ConstructorParameters<typeof QueryCommand>[0]
  return ((await client.send(new QueryCommand(params))).Items ?? []) as Record<string, unknown>[]
}

let seq = 0
/** A DynamoDB Streams INSERT record of the item (NEW_AND_OLD_IMAGES), as the event source mapping hands it over. */
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

let admin: TestUser
let customer: { userId: string; email: string }
let world: World

/** The digest sender's repositories and transports (this file's maildev and sink), as the scheduled function builds them. */
function digestDeps(): DigestSenderDeps {
  const table = defaultTable()
  return {
    digests: createNotificationDigestRepository(table),
    deliveries: createNotificationDeliveryRepository(table),
    profiles: createProfileRepository(table),
    settings: createSettingsRepository(table),
    email: () => smtpTransport({ host: '127.0.0.1', port: Number(process.env.SMTP_PORT) }),
    sms: () => smsSinkTransport({ url: process.env.SMS_SINK_URL! }),
    portalUrl: PORTAL,
    emailFrom: 'portal@example.com',
  }
}

/** A payment receipt stored for the customer (essential, never batched); returns the raw item. */
async function paymentReceipt() {
  const { table, client } = defaultTable()
  const notificationId = sortableId()
  await notificationEntity({ table, client })
    .create({ userId: customer.userId, notificationId, orderId: world.order.orderId, title: `Payment Received: Colt Python (${world.order.orderNumber})`, message: 'We received $10.00.', read: false, kind: 'payment_received', essential: true, context: `Colt Python · ${world.order.orderNumber}`, createdAt: new Date().toISOString() })
    .go()
  return (await storedNotifications(customer.userId)).find((i) => i.notificationId === notificationId)!
}

/** A staff status change through the admin route; returns the notification it stored. */
async function statusChange(status: string, notes: string) {
  const before = new Set((await storedNotifications(customer.userId)).map((i) => i.notificationId))
  const res = await call(route('POST /api/admin/orders/{orderId}/updates'), { params: { orderId: world.order.orderId }, claims: admin.claims, body: { status, notes } })
  expect(res.status, res.text).toBe(201)
  const added = (await storedNotifications(customer.userId)).filter((i) => !before.has(i.notificationId))
  expect(added).toHaveLength(1)
  return added[0]
}

beforeAll(async () => {
  useStackTable()
  const [smtpPort, webPort] = [await freePort(), await freePort()]
  maildev = spawn(process.execPath, [path.join(root, 'node_modules/maildev/dist/bin/maildev.js'), '--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1'], { stdio: 'ignore' })
  inbox = `http://127.0.0.1:${webPort}`
  await waitFor('maildev', async () => ((await fetch(`${inbox}/api/email`)).ok ? true : undefined))

  sink = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const status = sinkFailures.shift() ?? 200
      if (status === 200) texts.push(JSON.parse(body))
      res.writeHead(status, { 'content-type': 'application/json' }).end(status === 200 ? JSON.stringify({ messageId: `sms-${texts.length}` }) : '{}')
    })
  })
  await new Promise<void>((resolve) => sink!.listen(0, '127.0.0.1', resolve))

  Object.assign(process.env, {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    SMS_SINK_URL: `http://127.0.0.1:${(sink.address() as AddressInfo).port}/messages`,
    PORTAL_URL: PORTAL,
    EMAIL_FROM: 'portal@example.com',
  })

  admin = await createTestUser('admin')
  const id = uuid()
  customer = { userId: id, email: `notify-${id.slice(0, 8)}@example.com` }
  await createProfileRepository(defaultTable()).createProfile({ id, email: customer.email, firstName: 'Nora', lastName: 'Notify', phone: '(555) 010-7788', enableSmsNotifications: true })
  world = await seedWorld(customer.userId, customer.email)
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

describe('the notifier on the local stack', () => {
  it('mails a staff status change once (the record delivered twice, and twice at once; batched, then sent by the digest sender) and texts the opted-in customer once', async () => {
    const item = await statusChange('in_progress', 'Started on the timing.')
    const event = insertEvent(item)
    expect(await handler(event)).toEqual({ batchItemFailures: [] })
    expect(await handler(event)).toEqual({ batchItemFailures: [] })
    const again = await Promise.all([handler(event), handler(event)])
    expect(again).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }])
    // Progress news waits for the order's digest (docs/notifications.md, "Batching"): due 2 minutes later.
    expect(await mailsTo(customer.email)).toHaveLength(0)
    const run = await sendDueDigests({ ...digestDeps(), now: () => new Date(Date.now() + DIGEST_WINDOW_MS + 60_000) })
    expect(run.results.filter((r) => r.orderId === world.order.orderId)).toEqual([{ orderId: world.order.orderId, changes: 1, email: 'sent', sms: 'sent' }])

    const inboxed = await waitFor('the mail', async () => ((await mailsTo(customer.email)).length ? mailsTo(customer.email) : undefined))
    // SMTP is done when the handler returns; give a stray duplicate time to show up anyway.
    await new Promise((r) => setTimeout(r, 300))
    expect(await mailsTo(customer.email)).toHaveLength(1)
    const [mail] = inboxed
    expect(mail.subject).toBe(item.title)
    expect(mail.to).toEqual([expect.objectContaining({ address: customer.email })])
    expect(mail.from).toEqual([expect.objectContaining({ address: 'portal@example.com' })])
    const orderUrl = `${PORTAL}/orders/${world.order.orderId}`
    expect(mail.text).toContain(orderUrl)
    expect(mail.html).toContain(orderUrl)
    expect(mail.text).toContain('Hi Nora,')

    const mine = texts.filter((t) => t.to === '+15550107788')
    expect(mine).toHaveLength(1)
    expect(mine[0].body).toContain(orderUrl)

    // Staff see both deliveries on the order.
    const listed = await call(route('GET /api/admin/orders/{orderId}/notifications'), { params: { orderId: world.order.orderId }, claims: admin.claims })
    expect(listed.status, listed.text).toBe(200)
    const shown = listed.body.items.find((n: { id: string }) => n.id === item.notificationId)
    expect(shown).toMatchObject({
      title: item.title,
      delivery: { email: { status: 'sent', attempts: 1, reason: null }, sms: { status: 'sent', attempts: 1, reason: null } },
    })
    // The world's own notifications (seeded, and its intake's: never delivered) show none; newest first.
    expect(listed.body.items.map((n: { id: string }) => n.id)).toEqual([item.notificationId, expect.any(String), world.notificationId])
    expect(listed.body.items.slice(1).map((n: { delivery: unknown }) => n.delivery)).toEqual([{ email: null, sms: null }, { email: null, sms: null }])
  })

  it('a failed SMS: recorded as failed with its attempts, the record reported for retry; the retry sends once and does not mail again', async () => {
    sinkFailures.push(503, 503, 503)
    // A payment receipt: sent at once, never batched.
    const item = await paymentReceipt()
    const event = insertEvent(item)
    const res = await handler(event)
    expect(res).toEqual({ batchItemFailures: [{ itemIdentifier: event.Records[0].dynamodb!.SequenceNumber }] })
    const failed = await call(route('GET /api/admin/orders/{orderId}/notifications'), { params: { orderId: world.order.orderId }, claims: admin.claims })
    expect(failed.body.items[0]).toMatchObject({ id: item.notificationId, delivery: { email: { status: 'sent' }, sms: { status: 'failed', attempts: 3, reason: 'SmsSinkError' } } })

    const textsBefore = texts.length
    const mailsBefore = (await mailsTo(customer.email)).length
    expect(await handler(event)).toEqual({ batchItemFailures: [] })
    expect(await handler(event)).toEqual({ batchItemFailures: [] })
    expect(texts.length - textsBefore).toBe(1)
    expect((await mailsTo(customer.email)).length).toBe(mailsBefore)
    const after = await call(route('GET /api/admin/orders/{orderId}/notifications'), { params: { orderId: world.order.orderId }, claims: admin.claims })
    expect(after.body.items[0].delivery.sms).toMatchObject({ status: 'sent', attempts: 4, reason: null })
  })

  it('ignores what is not a new notification: other items, modifications, removals', async () => {
    const [item] = await storedNotifications(customer.userId)
    const insert = insertEvent(item).Records[0]
    const order = insertEvent({ pk: 'x', sk: 'y', __edb_e__: 'order', __edb_v__: '1' }).Records[0]
    const mailsBefore = (await mails()).length
    expect(await handler({ Records: [{ ...insert, eventName: 'MODIFY' }, { ...insert, eventName: 'REMOVE' }, order] })).toEqual({ batchItemFailures: [] })
    expect((await mails()).length).toBe(mailsBefore)
  })

  it('the staff route pages, refuses a foreign cursor, and answers 404 for an unknown order', async () => {
    const r = route('GET /api/admin/orders/{orderId}/notifications')
    const page = await call(r, { params: { orderId: world.order.orderId }, query: { limit: '1' }, claims: admin.claims })
    expect(page.status).toBe(200)
    expect(page.body.items).toHaveLength(1)
    expect(page.body.cursor).toEqual(expect.any(String))
    const next = await call(r, { params: { orderId: world.order.orderId }, query: { limit: '1', cursor: page.body.cursor }, claims: admin.claims })
    expect(next.status).toBe(200)
    expect(next.body.items[0].id).not.toBe(page.body.items[0].id)

    const other = await createTestUser('customer')
    const otherWorld = await seedWorld(other.userId, other.email)
    const foreign = await call(r, { params: { orderId: otherWorld.order.orderId }, query: { cursor: page.body.cursor }, claims: admin.claims })
    expect(foreign).toMatchObject({ status: 400, body: { error: { code: 'validation_failed', message: 'Invalid cursor' } } })
    expect((await call(r, { params: { orderId: uuid() }, claims: admin.claims })).status).toBe(404)
    expect((await call(r, { params: { orderId: world.order.orderId }, claims: claimsFor(customer.userId, 'customer') })).status).toBe(403)
  })
})
