/**
 * The notifier (functions/notify/notifier.ts) and its stream handler (notifier-handler.ts) with fakes:
 * an in-memory notification store with the same compare-and-set semantics as the repository
 * (repositories/notification-delivery.ts), fake transports and a stream event built from the item as
 * ElectroDB writes it. The same paths against DynamoDB Local and maildev: test/integration/notifier.test.ts.
 */
import { newDocumentClient } from '../../functions/db/client.ts'
import { marshall } from '@aws-sdk/util-dynamodb'
import type { DynamoDBStreamEvent } from 'aws-lambda'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetEnv } from '../../functions/lib/env.ts'
import { notificationEntity } from '../../functions/db/entities/notification.ts'
import type { ChannelDelivery, DeliveredNotification, DeliveryChannel, NotificationDeliveryRepository, NotificationKey } from '../../functions/db/repositories/notification-delivery.ts'
import type { Profile } from '../../functions/db/repositories/profiles.ts'
import type { TableConfig } from '../../functions/db/table.ts'
import { SETTINGS_DEFAULTS, type Settings } from '../../shared/src/settings.ts'
import { CLAIM_STALE_MS, deliverNotification, mailbox, maskEmail, maskPhone, type NotifierDeps } from '../../functions/notify/notifier.ts'
import { createNotifierHandler, insertedNotification } from '../../functions/notify/notifier-handler.ts'
import type { EmailMessage, SmsMessage } from '../../functions/notify/transports.ts'
import { ESSENTIAL_NOTICE } from '../../functions/notify/email-template.ts'

const table: TableConfig = { table: 'unit-table', client: newDocumentClient({ region: 'us-east-1', endpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }) }
const USER = 'user-1'
const ORDER = 'order-1'
const PORTAL = 'https://portal.example.com'

const profileOf = (p: Partial<Profile> = {}): Profile => ({
  id: USER,
  email: 'quinta.customer@example.com',
  firstName: 'Quinta',
  lastName: 'Q',
  phone: '(555) 010-1234',
  enableSmsNotifications: true,
  emailOptionalNotifications: true,
  isActive: true,
  isArchived: false,
  role: 'customer',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...p,
})

let seq = 0
const notificationOf = (n: Partial<DeliveredNotification> = {}): DeliveredNotification => ({
  userId: USER,
  notificationId: `n-${++seq}`,
  orderId: ORDER,
  title: 'Shipped: Colt Python (GS-000123)',
  message: 'Your firearm is on its way.',
  read: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  kind: 'status_changed',
  essential: false,
  context: 'Colt Python · GS-000123',
  ...n,
})

/** The notification store: a copy per read, each transition a compare-and-set (as the repository's conditional update). */
function fakeStore() {
  const items = new Map<string, DeliveredNotification>()
  const k = (key: NotificationKey) => `${key.userId}/${key.notificationId}`
  const same = (a: ChannelDelivery | undefined, b: ChannelDelivery | undefined) => (!a && !b) || (!!a && !!b && a.status === b.status && a.attempts === b.attempts && a.at === b.at)
  const deliveries: NotificationDeliveryRepository = {
    async get(key) {
      await Promise.resolve()
      const n = items.get(k(key))
      return n ? structuredClone(n) : null
    },
    async transition(key, channel, expected, next, hasDelivery) {
      await Promise.resolve()
      const n = items.get(k(key))
      if (!n) return false
      if (!hasDelivery) {
        if (n.delivery) return false
        n.delivery = { [channel]: { ...next } }
        return true
      }
      if (!n.delivery || !same(n.delivery[channel], expected)) return false
      n.delivery[channel] = { ...next }
      return true
    },
    listForOrder: async () => ({ items: [], cursor: null }),
  }
  return { items, deliveries, put: (n: DeliveredNotification) => items.set(k(n), structuredClone(n)), read: (n: DeliveredNotification) => items.get(k(n))! }
}

function fakeTransports() {
  const emails: EmailMessage[] = []
  const texts: SmsMessage[] = []
  const fail = { email: 0, sms: 0 }
  let ids = 0
  const later = () => new Promise((r) => setTimeout(r, 5))
  return {
    emails,
    texts,
    fail,
    email: { send: vi.fn(async (m: EmailMessage) => (await later(), fail.email-- > 0 ? Promise.reject(Object.assign(new Error(`SES refused ${m.to}`), { name: 'ThrottlingException' })) : (emails.push(m), { messageId: `email-${++ids}` }))) },
    sms: { send: vi.fn(async (m: SmsMessage) => (await later(), fail.sms-- > 0 ? Promise.reject(Object.assign(new Error('sink down'), { code: 'ECONNREFUSED' })) : (texts.push(m), { messageId: `sms-${++ids}` }))) },
  }
}

function setup(opts: { profile?: Profile | null; settings?: Partial<Settings> } = {}) {
  const store = fakeStore()
  const transports = fakeTransports()
  const settings = { ...SETTINGS_DEFAULTS, businessName: 'Acme Gunsmithing', phone: '555-0100', email: 'shop@example.com', address: '', ...opts.settings } as Settings
  const deps: NotifierDeps = {
    deliveries: store.deliveries,
    profiles: { getProfile: async () => (opts.profile === undefined ? profileOf() : opts.profile) },
    settings: { getSettings: async () => settings },
    email: () => transports.email,
    sms: () => transports.sms,
    portalUrl: PORTAL,
    emailFrom: 'notify@example.com',
    sleep: (ms) => new Promise((r) => setTimeout(r, ms / 10)),
  }
  const handle = createNotifierHandler(() => ({ table, notifier: deps }))
  return { store, transports, deps, handle }
}

/** A stream INSERT record of the item exactly as ElectroDB puts it. */
function insertEvent(...list: DeliveredNotification[]): DynamoDBStreamEvent {
  return {
    Records: list.map((n, i) => {
      const { Item } = notificationEntity(table).put(n).params() as { Item: Record<string, unknown> }
      return {
        eventID: `evt-${n.notificationId}`,
        eventName: 'INSERT',
        eventSource: 'aws:dynamodb',
        dynamodb: { Keys: marshall({ pk: Item.pk, sk: Item.sk }) as never, NewImage: marshall(Item, { removeUndefinedValues: true }) as never, SequenceNumber: `${1000 + i}`, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }
    }),
  }
}

/** The JSON log lines of the test (kept off the console). */
let lines: string[] = []
beforeEach(() => {
  lines = []
  vi.spyOn(console, 'log').mockImplementation((l: string) => void lines.push(l))
  vi.spyOn(console, 'error').mockImplementation((l: string) => void lines.push(l))
})
afterEach(() => vi.restoreAllMocks())

describe('the stream handler', () => {
  it('reads a notification from an INSERT image and ignores every other record', () => {
    const n = notificationOf()
    const [record] = insertEvent(n).Records
    expect(insertedNotification(record, table)).toMatchObject({ userId: USER, notificationId: n.notificationId, orderId: ORDER, title: n.title, kind: 'status_changed' })
    expect(insertedNotification({ ...record, eventName: 'MODIFY' }, table)).toBeNull()
    expect(insertedNotification({ ...record, eventName: 'REMOVE' }, table)).toBeNull()
    const order = { ...record, dynamodb: { ...record.dynamodb, NewImage: marshall({ pk: 'x', sk: 'y', __edb_e__: 'order', __edb_v__: '1' }) as never } }
    expect(insertedNotification(order, table)).toBeNull()
  })

  it('sends the email and the SMS once, with the order link, and records both as sent', async () => {
    const { store, transports, handle } = setup()
    const n = notificationOf()
    store.put(n)
    expect(await handle(insertEvent(n))).toEqual({ batchItemFailures: [] })
    expect(transports.emails).toHaveLength(1)
    const [mail] = transports.emails
    expect(mail).toMatchObject({ to: 'quinta.customer@example.com', from: '"Acme Gunsmithing" <notify@example.com>', replyTo: 'shop@example.com', subject: n.title })
    expect(mail.text).toContain(`${PORTAL}/orders/${ORDER}`)
    expect(mail.text).toContain(`${PORTAL}/profile`)
    expect(mail.html).toContain(`${PORTAL}/orders/${ORDER}`)
    expect(transports.texts).toEqual([{ to: '+15550101234', body: expect.stringContaining(`${PORTAL}/orders/${ORDER}`) }])
    expect(store.read(n).delivery).toEqual({
      email: { status: 'sent', attempts: 1, at: expect.any(String), messageId: 'email-1' },
      sms: { status: 'sent', attempts: 1, at: expect.any(String), messageId: 'sms-2' },
    })
  })

  it('sends once when the stream delivers the same record twice, one after the other', async () => {
    const { store, transports, handle } = setup()
    const n = notificationOf()
    store.put(n)
    await handle(insertEvent(n))
    expect(await handle(insertEvent(n))).toEqual({ batchItemFailures: [] })
    expect(transports.email.send).toHaveBeenCalledTimes(1)
    expect(transports.sms.send).toHaveBeenCalledTimes(1)
    expect(store.read(n).delivery?.email?.attempts).toBe(1)
  })

  it('sends once when two deliveries of the same record run at the same time', async () => {
    const { store, transports, handle } = setup()
    const n = notificationOf()
    store.put(n)
    const results = await Promise.all([handle(insertEvent(n)), handle(insertEvent(n)), handle(insertEvent(n))])
    expect(transports.email.send).toHaveBeenCalledTimes(1)
    expect(transports.sms.send).toHaveBeenCalledTimes(1)
    // The others waited for the first one's outcome (or would be retried by the stream and find it sent).
    expect(results.every((r) => r.batchItemFailures.length === 0)).toBe(true)
    await handle(insertEvent(n))
    expect(transports.email.send).toHaveBeenCalledTimes(1)
  })

  it('retries an attempt that crashed mid-send (a stale claim), and not a fresh one', async () => {
    const { store, transports, handle, deps } = setup()
    const fresh = notificationOf({ delivery: { email: { status: 'sending', attempts: 1, at: new Date().toISOString() }, sms: { status: 'skipped', attempts: 0, at: new Date().toISOString(), reason: 'sms_off' } } })
    const stale = notificationOf({ delivery: { email: { status: 'sending', attempts: 1, at: new Date(Date.now() - CLAIM_STALE_MS - 1_000).toISOString() } } })
    store.put(fresh)
    store.put(stale)
    const res = await handle(insertEvent(fresh, stale))
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: '1000' }]) // the fresh claim: left to the stream's retry
    expect(transports.emails.map((m) => m.to)).toHaveLength(1)
    expect(store.read(stale).delivery?.email).toMatchObject({ status: 'sent', attempts: 2 })
    expect(store.read(fresh).delivery?.email).toMatchObject({ status: 'sending', attempts: 1 })
    // Once that claim is old, the retry sends.
    const later = new Date(Date.now() + CLAIM_STALE_MS + 1_000)
    deps.now = () => later
    expect((await handle(insertEvent(fresh))).batchItemFailures).toEqual([])
    expect(store.read(fresh).delivery?.email).toMatchObject({ status: 'sent', attempts: 2 })
    expect(transports.email.send).toHaveBeenCalledTimes(2)
  })
})

describe('who gets what', () => {
  it('skips SMS for a customer who did not opt in, and for one without a phone', async () => {
    for (const [profile, reason] of [
      [profileOf({ enableSmsNotifications: false }), 'sms_off'],
      [profileOf({ phone: undefined }), 'no_phone'],
      [profileOf({ phone: '12' }), 'invalid_phone'],
    ] as const) {
      const { store, transports, handle } = setup({ profile })
      const n = notificationOf()
      store.put(n)
      expect((await handle(insertEvent(n))).batchItemFailures).toEqual([])
      expect(transports.texts).toEqual([])
      expect(transports.emails).toHaveLength(1)
      expect(store.read(n).delivery?.sms).toEqual({ status: 'skipped', attempts: 0, at: expect.any(String), reason })
    }
  })

  it('skips optional email for a customer who turned it off, but sends essential mail', async () => {
    const { store, transports, handle } = setup({ profile: profileOf({ emailOptionalNotifications: false, enableSmsNotifications: false }) })
    const optional = notificationOf({ essential: false })
    const essential = notificationOf({ kind: 'payment_received', essential: true, title: 'Payment received: $50.00' })
    store.put(optional)
    store.put(essential)
    expect((await handle(insertEvent(optional, essential))).batchItemFailures).toEqual([])
    expect(store.read(optional).delivery?.email).toMatchObject({ status: 'skipped', reason: 'optional_email_off' })
    expect(store.read(essential).delivery?.email).toMatchObject({ status: 'sent' })
    expect(transports.emails.map((m) => m.subject)).toEqual(['Payment received: $50.00'])
    expect(transports.emails[0].text).toContain(ESSENTIAL_NOTICE)
  })

  it('sends archived and disabled customers nothing, and nothing without a profile', async () => {
    for (const [profile, reason] of [
      [profileOf({ isArchived: true, isActive: false }), 'customer_archived'],
      [profileOf({ isActive: false }), 'account_disabled'],
      [null, 'no_account'],
    ] as const) {
      const { store, transports, handle } = setup({ profile })
      const n = notificationOf({ essential: true, kind: 'payment_received' })
      store.put(n)
      await handle(insertEvent(n))
      expect(transports.email.send).not.toHaveBeenCalled()
      expect(transports.sms.send).not.toHaveBeenCalled()
      expect(store.read(n).delivery).toMatchObject({ email: { status: 'skipped', reason }, sms: { status: 'skipped', reason } })
    }
  })

  it('reads a notification stored before kind, context and essential as a status change titled by itself', async () => {
    const { store, transports, handle } = setup({ profile: profileOf({ emailOptionalNotifications: false }) })
    const old = notificationOf({ kind: undefined, essential: undefined, context: undefined, title: 'Status Update' })
    store.put(old)
    await handle(insertEvent(old))
    // Not essential: the customer turned optional mail off.
    expect(store.read(old).delivery?.email).toMatchObject({ status: 'skipped', reason: 'optional_email_off' })
    const { store: s2, transports: t2, handle: h2 } = setup()
    s2.put(old)
    await h2(insertEvent(old))
    expect(t2.emails[0].subject).toBe('Status Update')
    expect(transports.emails).toEqual([])
  })
})

describe('failures', () => {
  it('a transport error: retried with backoff, then failed with the attempts counted, the record in batchItemFailures; a later retry sends once', async () => {
    const { store, transports, handle } = setup()
    transports.fail.email = 100
    const n = notificationOf()
    store.put(n)
    const res = await handle(insertEvent(n))
    expect(res).toEqual({ batchItemFailures: [{ itemIdentifier: '1000' }] })
    expect(transports.email.send).toHaveBeenCalledTimes(3)
    expect(store.read(n).delivery?.email).toEqual({ status: 'failed', attempts: 3, at: expect.any(String), reason: 'ThrottlingException' })
    // The SMS went anyway, and is not sent again by the retry.
    expect(store.read(n).delivery?.sms).toMatchObject({ status: 'sent' })

    transports.fail.email = 0
    expect(await handle(insertEvent(n))).toEqual({ batchItemFailures: [] })
    expect(await handle(insertEvent(n))).toEqual({ batchItemFailures: [] })
    expect(transports.emails).toHaveLength(1)
    expect(transports.sms.send).toHaveBeenCalledTimes(1)
    expect(store.read(n).delivery?.email).toMatchObject({ status: 'sent', attempts: 4, messageId: expect.any(String) })
  })

  it('a passing hiccup is absorbed in the same run', async () => {
    const { store, transports, handle } = setup()
    transports.fail.sms = 1
    const n = notificationOf()
    store.put(n)
    expect(await handle(insertEvent(n))).toEqual({ batchItemFailures: [] })
    expect(store.read(n).delivery?.sms).toMatchObject({ status: 'sent', attempts: 2 })
    expect(transports.texts).toHaveLength(1)
  })

  it('only the failing record is reported; the others of the batch are delivered', async () => {
    const { store, transports, handle, deps } = setup()
    const good = notificationOf()
    const bad = notificationOf()
    store.put(good)
    store.put(bad)
    const send = transports.email.send.getMockImplementation()!
    deps.email = () => ({ send: (m: EmailMessage) => (m.subject === 'boom' ? Promise.reject(new Error('x')) : send(m)) })
    store.read(bad).title = 'boom'
    const res = await handle(insertEvent(bad, good))
    expect(res.batchItemFailures).toEqual([{ itemIdentifier: '1000' }])
    expect(store.read(good).delivery?.email?.status).toBe('sent')
  })
})

describe('logs', () => {
  // At the default level whatever the run's LOG_LEVEL (npm test may run with it silent).
  let savedLevel: string | undefined
  beforeEach(() => {
    savedLevel = process.env.LOG_LEVEL
    delete process.env.LOG_LEVEL
    resetEnv()
  })
  afterEach(() => {
    if (savedLevel === undefined) delete process.env.LOG_LEVEL
    else process.env.LOG_LEVEL = savedLevel
    resetEnv()
  })

  it('never carry the address, the phone number or the message', async () => {
    const { store, transports, handle } = setup()
    transports.fail.sms = 100
    const n = notificationOf({ message: 'Secret staff note about the frame' })
    store.put(n)
    await handle(insertEvent(n))
    const all = lines.join('\n')
    expect(all).toContain('notification sent')
    expect(all).toContain('q***@example.com')
    for (const secret of ['quinta.customer@example.com', '5550101234', '010-1234', 'Secret staff note', n.title]) expect(all).not.toContain(secret)
  })
})

describe('helpers', () => {
  it('masks and the From mailbox', () => {
    expect(maskEmail('quinta@example.com')).toBe('q***@example.com')
    expect(maskPhone('+15550101234')).toBe('***1234')
    expect(mailbox('Acme "Guns"\r\nBcc: x', 'a@example.com')).toBe('"Acme Guns Bcc: x" <a@example.com>')
    expect(mailbox('Müller Büchsenmacher', 'a@example.com')).toBe(`=?UTF-8?B?${Buffer.from('Müller Büchsenmacher').toString('base64')}?= <a@example.com>`)
    expect(mailbox('  ', 'a@example.com')).toBe('a@example.com')
  })

  it('deliverNotification resolves "gone" for a notification no longer stored', async () => {
    const { deps } = setup()
    expect(await deliverNotification(deps, { userId: USER, notificationId: 'missing' })).toEqual({ email: 'gone', sms: 'gone' })
  })
})

// Types only: a channel is one of the two.
const _channels: DeliveryChannel[] = ['email', 'sms']
void _channels
