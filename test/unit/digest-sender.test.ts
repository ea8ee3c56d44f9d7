// The digest sender (functions/notify/digest.ts) over in-memory fakes: one message listing the changes in order,
// a failed channel put back with the other marked done (never sent twice), essential-only mail for a customer who
// turned optional emails off, and the changes' notifications told how it went.
import { describe, expect, it } from 'vitest'
import type { Digest, DigestEntry } from '../../functions/db/repositories/notification-digests.ts'
import type { ChannelDelivery, DeliveredNotification } from '../../functions/db/repositories/notification-delivery.ts'
import { digestNotification, sendDueDigests, type DigestSenderDeps } from '../../functions/notify/digest.ts'
import { DIGEST_WINDOW_MS, isBatched } from '../../functions/notify/digest-join.ts'
import { SETTINGS_DEFAULTS, type Settings } from '../../shared/src/settings.ts'

const entry = (n: number, over: Partial<DigestEntry> = {}): DigestEntry => ({
  notificationId: `n${n}`,
  kind: 'status_changed',
  title: `Step ${n}: Colt Python (GS-000123)`,
  message: `Your Colt Python is now at step ${n}.`,
  context: 'Colt Python · GS-000123',
  essential: false,
  createdAt: `2026-01-01T00:00:0${n}.000Z`,
  ...over,
})

function fakes(opts: { entries: DigestEntry[]; optionalOff?: boolean; smsFailures?: number }) {
  let stored: Digest | null = { userId: 'u1', orderId: 'o1', dueAt: '2026-01-01T00:02:00.000Z', entries: opts.entries, done: [], attempts: 0 }
  const mails: { subject: string; text: string }[] = []
  const texts: string[] = []
  let smsFailures = opts.smsFailures ?? 0
  const notifications = new Map<string, DeliveredNotification>(
    opts.entries.map((e) => [e.notificationId, { userId: 'u1', notificationId: e.notificationId, orderId: 'o1', title: e.title, message: e.message, read: false, createdAt: e.createdAt, delivery: { email: { status: 'batched', attempts: 0, at: 'x' }, sms: { status: 'batched', attempts: 0, at: 'x' } } }]),
  )
  const deps = (now: string): DigestSenderDeps => ({
    digests: {
      due: async (at) => (stored && stored.dueAt <= at ? [{ userId: 'u1', orderId: 'o1', dueAt: stored.dueAt }] : []),
      claim: async () => {
        const d = stored
        stored = null
        return d
      },
      reopen: async (d, dueAt) => {
        stored = { ...d, dueAt, attempts: d.attempts + 1 }
      },
    },
    deliveries: {
      get: async (k) => notifications.get(k.notificationId) ?? null,
      transition: async (k, channel, _expected, next: ChannelDelivery) => {
        const n = notifications.get(k.notificationId)!
        n.delivery = { ...n.delivery, [channel]: next }
        return true
      },
    },
    profiles: { getProfile: async () => ({ id: 'u1', email: 'c@example.com', firstName: 'Cy', phone: '5550101234', enableSmsNotifications: true, emailOptionalNotifications: !opts.optionalOff, isActive: true, isArchived: false }) as never },
    settings: { getSettings: async () => ({ ...SETTINGS_DEFAULTS, businessName: 'Acme Gunsmithing', phone: '555-0100', email: 'shop@example.com', address: '' }) as Settings },
    email: () => ({ send: async (m: { subject: string; text: string }) => (mails.push(m), { messageId: `m${mails.length}` }) }) as never,
    sms: () => ({ send: async (m: { body: string }) => {
      if (smsFailures-- > 0) throw Object.assign(new Error('down'), { name: 'SmsSinkError' })
      texts.push(m.body)
      return { messageId: `s${texts.length}` }
    } }) as never,
    portalUrl: 'https://portal.test',
    now: () => new Date(now),
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  })
  return { deps, mails, texts, notifications, stored: () => stored }
}

describe('the digest sender', () => {
  it('waits for the due time, then sends one email and one text listing every change in order', async () => {
    const f = fakes({ entries: [entry(1), entry(2), entry(3)] })
    expect((await sendDueDigests(f.deps('2026-01-01T00:01:00.000Z'))).claimed).toBe(0)
    const run = await sendDueDigests(f.deps('2026-01-01T00:02:30.000Z'))
    expect(run.results).toEqual([{ orderId: 'o1', changes: 3, email: 'sent', sms: 'sent' }])
    expect(f.mails).toHaveLength(1)
    expect(f.mails[0].subject).toBe('3 updates: Colt Python · GS-000123')
    expect(f.mails[0].text).toContain('1. Your Colt Python is now at step 1.\n\n2. Your Colt Python is now at step 2.\n\n3. Your Colt Python is now at step 3.')
    expect(f.texts).toHaveLength(1)
    expect(f.texts[0]).toContain('3 updates: Colt Python')
    for (const n of f.notifications.values()) expect(n.delivery).toMatchObject({ email: { status: 'sent' }, sms: { status: 'sent' } })
    // Nothing left to send.
    expect((await sendDueDigests(f.deps('2026-01-01T00:05:00.000Z'))).claimed).toBe(0)
  })

  it('a failed text: the digest goes back with the email done; the next run texts once and does not mail again', async () => {
    const f = fakes({ entries: [entry(1), entry(2)], smsFailures: 1 })
    const first = await sendDueDigests(f.deps('2026-01-01T00:02:30.000Z'))
    expect(first.results[0]).toMatchObject({ email: 'sent', sms: 'failed' })
    expect(f.stored()).toMatchObject({ done: ['email'], attempts: 1 })
    const second = await sendDueDigests(f.deps('2026-01-01T00:04:00.000Z'))
    expect(second.results[0]).toMatchObject({ email: 'already_sent', sms: 'sent' })
    expect(f.mails).toHaveLength(1)
    expect(f.texts).toHaveLength(1)
    for (const n of f.notifications.values()) expect(n.delivery).toMatchObject({ email: { status: 'sent' }, sms: { status: 'sent' } })
  })

  it('optional emails off: the email carries the essential changes only, or is skipped', async () => {
    const f = fakes({ entries: [entry(1), entry(2, { essential: true, title: 'Shipped: Colt Python (GS-000123)', message: 'It shipped.' })], optionalOff: true })
    await sendDueDigests(f.deps('2026-01-01T00:02:30.000Z'))
    expect(f.mails.map((m) => m.subject)).toEqual(['Shipped: Colt Python (GS-000123)'])
    const g = fakes({ entries: [entry(1), entry(2)], optionalOff: true })
    const run = await sendDueDigests(g.deps('2026-01-01T00:02:30.000Z'))
    expect(run.results[0]).toMatchObject({ email: 'skipped', sms: 'sent' })
    expect(g.mails).toHaveLength(0)
  })

  it('one change is sent as it was written; only progress news is batched', () => {
    expect(digestNotification([entry(1)])).toMatchObject({ title: 'Step 1: Colt Python (GS-000123)', message: 'Your Colt Python is now at step 1.' })
    expect(DIGEST_WINDOW_MS).toBe(120_000)
    for (const kind of ['order_created', 'status_changed', 'staff_note', undefined]) expect(isBatched({ orderId: 'o1', kind: kind as never }), String(kind)).toBe(true)
    for (const kind of ['approval_requested', 'payment_received', 'payment_failed', 'payment_refunded', 'shop_message']) expect(isBatched({ orderId: 'o1', kind: kind as never }), kind).toBe(false)
  })
})
