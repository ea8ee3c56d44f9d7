/**
 * The overdue-intake reminders (functions/notify/intake-reminders.ts) over fakes: one email per claimed reminder to the
 * shop's email, none for a reminder another run claimed, for an order received meanwhile, or without a shop email;
 * and the digest run (digest-handler.ts) runs them after the digests without failing the digests when they fail.
 */
import { describe, expect, it, vi } from 'vitest'
import { intakeDueTexts as t } from '../../shared/src/intake-due.ts'
import { SETTINGS_DEFAULTS } from '../../shared/src/settings.ts'
import type { AwaitingIntakeEntry } from '../../functions/db/repositories/awaiting-intake.ts'
import type { Order } from '../../functions/domain/order.ts'
import { createDigestHandler } from '../../functions/notify/digest-handler.ts'
import type { DigestSenderDeps } from '../../functions/notify/digest.ts'
import { renderIntakeReminder, sendIntakeReminders, type IntakeReminderDeps } from '../../functions/notify/intake-reminders.ts'
import type { EmailMessage } from '../../functions/notify/transports.ts'

const quiet = { info: vi.fn(), warn: vi.fn(), error: vi.fn() }
const entry = (orderId: string): AwaitingIntakeEntry => ({ orderId, dueAt: '2026-11-30T23:00:00.000Z', receivedAt: '2026-11-27T16:00:00.000Z' })
const order = (orderId: string, over: Partial<Order> = {}) => ({ orderId, orderNumber: `GS-${orderId}`, firearmMake: 'Colt', firearmModel: 'Python', isDeleted: false, intakeDueAt: '2026-11-30T23:00:00.000Z', ...over }) as Order

function deps({ shopEmail, claimed: given, ...over }: Partial<IntakeReminderDeps> & { shopEmail?: string; claimed?: Set<string> } = {}) {
  const sent: EmailMessage[] = []
  const claimed = given ?? new Set<string>()
  const d: IntakeReminderDeps = {
    awaiting: { dueReminders: async () => [entry('1'), entry('2'), entry('3')], claimReminder: async (e) => (claimed.has(e.orderId) ? false : (claimed.add(e.orderId), true)) },
    orders: { getOrders: async (ids) => ids.map((id) => order(id, id === '3' ? { intake: {} as Order['intake'] } : {})) },
    settings: { getSettings: async () => ({ ...SETTINGS_DEFAULTS, businessName: 'Acme Guns', email: shopEmail ?? 'shop@example.com' }) },
    email: () => ({ send: async (m: EmailMessage) => (sent.push(m), { messageId: 'x' }) }),
    portalUrl: 'https://portal.test',
    now: () => new Date('2026-12-01T00:00:00Z'),
    log: quiet,
    ...over,
  }
  return { d, sent, claimed }
}

describe('sendIntakeReminders', () => {
  it('one email per overdue box to the shop, none for one received meanwhile, none twice', async () => {
    const { d, sent } = deps()
    expect(await sendIntakeReminders(d)).toEqual({ due: 3, sent: 2 })
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      ['shop@example.com', t.emailSubject('Colt Python', 'GS-1')],
      ['shop@example.com', t.emailSubject('Colt Python', 'GS-2')],
    ])
    expect(sent[0].text).toContain('Intake due by: Monday, Nov 30, 2026, 5:00 PM')
    expect(sent[0].text).toContain('Box received: Friday, Nov 27, 2026, 10:00 AM')
    expect(sent[0].text).toContain('https://portal.test/admin/manage-orders?order=1')
    expect(sent[0].from).toBe('"Acme Guns" <shop@example.com>')
    expect(await sendIntakeReminders(d)).toEqual({ due: 3, sent: 0 })
    expect(sent).toHaveLength(2)
  })

  it('without a shop email nothing is claimed', async () => {
    const { d, sent, claimed } = deps({ shopEmail: '  ' })
    expect(await sendIntakeReminders(d)).toEqual({ due: 3, sent: 0, skipped: 'no_shop_email' })
    expect(claimed.size).toBe(0)
    expect(sent).toHaveLength(0)
  })

  it('a failed send is logged, the others still go', async () => {
    let n = 0
    const { d } = deps({ shopEmail: 'shop@example.com' })
    d.email = () => ({ send: async () => (n++ === 0 ? Promise.reject(Object.assign(new Error('boom'), { code: 'EAUTH' })) : { messageId: 'y' }) })
    expect(await sendIntakeReminders(d)).toEqual({ due: 3, sent: 1 })
    expect(quiet.error).toHaveBeenCalledWith('intake reminder not sent', expect.objectContaining({ alert: 'notification_failed', code: 'EAUTH' }))
  })

  it('the email escapes what it shows', () => {
    const { html, subject } = renderIntakeReminder({ shopName: '<b>', firearm: 'A <i>', orderNumber: 'GS-1', receivedAt: '2026-11-27T16:00:00Z', dueAt: '2026-11-30T23:00:00Z', orderUrl: 'https://x.test/?a=1&b=2' })
    expect(subject).toBe('Intake overdue: A <i> — order GS-1')
    expect(html).not.toContain('<i>')
    expect(html).toContain('&amp;b=2')
  })
})

describe('the digest run', () => {
  const digestDeps = { digests: { due: async () => [] }, now: () => new Date() } as unknown as DigestSenderDeps
  it('sends the reminders after the digests', async () => {
    const { d, sent } = deps()
    const run = await createDigestHandler(() => digestDeps, () => d)()
    expect(run).toMatchObject({ due: 0, claimed: 0, reminders: { due: 3, sent: 2 } })
    expect(sent).toHaveLength(2)
  })
  it('a failure of the reminders does not fail the digests', async () => {
    const { d } = deps()
    d.awaiting = { ...d.awaiting, dueReminders: async () => Promise.reject(new Error('down')) }
    expect(await createDigestHandler(() => digestDeps, () => d)()).toEqual({ due: 0, claimed: 0, results: [] })
  })
})
