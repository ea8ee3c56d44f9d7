import { createHash, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { useStackTable } from './helpers.ts'
import { createDevIntentRepository, type DevIntent, type DevIntentRepository } from '../../functions/db/repositories/dev-intents.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { PaymentProviderError, ValidationError } from '../../functions/lib/errors.ts'
import { createDevGateway, devIntentEvent } from '../../functions/payments/dev-gateway.ts'
import type { PaymentGateway, ProviderCharge } from '../../functions/payments/gateway.ts'

/**
 * The dev gateway against DynamoDB Local (the integration stack's table): the rules it shares with
 * Stripe (minimum charge, cancel, refunds, reconciliation listing), and that its conditional writes
 * hold under concurrent calls.
 */

let repo: DevIntentRepository
/** The gateway's clock: each test sets it where it needs. */
let clock = new Date()
let gateway: PaymentGateway

beforeAll(() => {
  useStackTable()
  repo = createDevIntentRepository(defaultTable())
  gateway = createDevGateway({ intents: repo, now: () => clock })
})

const unix = (d: Date) => Math.floor(d.getTime() / 1000)
const key = () => `k-${randomUUID()}`

async function openIntent(amountCents: number, metadata: Record<string, string> = { orderId: randomUUID() }) {
  const { paymentIntentId } = await gateway.createIntent({ amountCents, idempotencyKey: key(), description: 'Payment for Order #GS-000001', metadata })
  return paymentIntentId
}

/** Sets the provider's status as the dev confirm route does (a put of the whole intent). */
async function setStatus(id: string, status: DevIntent['status']): Promise<DevIntent> {
  const stored = (await repo.get(id))!
  return repo.save({ ...stored, status, ...(status === 'succeeded' ? { latest_charge: `ch_dev_${id.slice(-8)}`, charge_created: unix(clock) } : {}) })
}

async function paidIntent(amountCents: number) {
  const id = await openIntent(amountCents)
  await setStatus(id, 'succeeded')
  return id
}

const refund = (paymentIntentId: string, amountCents: number, idempotencyKey = key()) => gateway.refund({ paymentIntentId, amountCents, idempotencyKey, metadata: { reason: 'test' } })

describe('dev gateway: create and retrieve', () => {
  it("refuses a charge under Stripe's minimum and stores nothing for it", async () => {
    const k = key()
    const err = await gateway.createIntent({ amountCents: 49, idempotencyKey: k, description: 'x', metadata: {} }).catch((e) => e)
    expect(err).toBeInstanceOf(ValidationError)
    expect(err.message).toBe('Invalid request: Amount must be at least $0.50 usd')
    // The id the gateway would have given it (derived from the key).
    const wouldBe = `pi_dev_${createHash('sha256').update(k).digest('hex').slice(0, 24)}`
    expect(await repo.get(wouldBe)).toBeNull()
    const ok = await gateway.createIntent({ amountCents: 50, idempotencyKey: key(), description: 'x', metadata: {} })
    expect(ok.amountCents).toBe(50)
    expect(await repo.get(ok.paymentIntentId)).toMatchObject({ amount: 50, status: 'requires_payment_method' })
  })

  it('retrieves the new fields: client secret, last error, created, metadata; no receipt in dev', async () => {
    clock = new Date('2026-03-01T10:00:00.000Z')
    const created = await gateway.createIntent({ amountCents: 7_500, idempotencyKey: key(), description: 'x', metadata: { orderId: 'o-42' } })
    const stored = (await repo.get(created.paymentIntentId))!
    await repo.save({ ...stored, last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } })
    expect(await gateway.retrieveIntent(created.paymentIntentId)).toEqual({
      id: created.paymentIntentId,
      status: 'requires_payment_method',
      amountCents: 7_500,
      amountReceivedCents: 0,
      currency: 'usd',
      receiptUrl: null,
      clientSecret: created.clientSecret,
      lastPaymentError: 'Your card was declined.',
      created: unix(clock),
      metadata: { orderId: 'o-42' },
    })
    await setStatus(created.paymentIntentId, 'succeeded')
    expect(await gateway.retrieveIntent(created.paymentIntentId)).toMatchObject({ status: 'succeeded', amountReceivedCents: 7_500, receiptUrl: null })
    expect(await gateway.retrieveIntent('pi_dev_nosuchintent')).toBeNull()
  })
})

describe('dev gateway: cancelIntent', () => {
  it('cancels an open intent once, records when and why, and says canceled again after', async () => {
    clock = new Date('2026-03-02T12:00:00.000Z')
    const id = await openIntent(5_000)
    expect(await gateway.cancelIntent(id)).toEqual({ status: 'canceled' })
    const stored = (await repo.get(id))!
    expect(stored).toMatchObject({ status: 'canceled', canceled_at: unix(clock), cancellation_reason: 'requested_by_customer', amount: 5_000 })
    expect((await gateway.retrieveIntent(id))?.status).toBe('canceled')

    clock = new Date('2026-03-02T13:00:00.000Z')
    expect(await gateway.cancelIntent(id)).toEqual({ status: 'canceled' })
    // The second cancel changed nothing.
    expect((await repo.get(id))?.canceled_at).toBe(unix(new Date('2026-03-02T12:00:00.000Z')))
  })

  it('leaves a succeeded or processing intent as it is and answers its status', async () => {
    for (const status of ['succeeded', 'processing'] as const) {
      const id = await openIntent(5_000)
      const before = await setStatus(id, status)
      expect(await gateway.cancelIntent(id)).toEqual({ status })
      const after = (await repo.get(id))!
      expect(after.status).toBe(status)
      expect(after.canceled_at).toBeUndefined()
      expect(after).toEqual(before)
    }
  })

  it('is null for an intent it does not have', async () => {
    expect(await gateway.cancelIntent(`pi_dev_${randomUUID().slice(0, 8)}`)).toBeNull()
  })

  it('cancels once when asked twice at the same time', async () => {
    const id = await openIntent(5_000)
    const answers = await Promise.all([gateway.cancelIntent(id), gateway.cancelIntent(id)])
    expect(answers).toEqual([{ status: 'canceled' }, { status: 'canceled' }])
    expect((await repo.get(id))?.status).toBe('canceled')
  })

  it('builds a payment_intent.canceled event in the shape Stripe sends', async () => {
    clock = new Date('2026-03-03T08:00:00.000Z')
    const id = await openIntent(6_100, { orderId: 'o-7' })
    await gateway.cancelIntent(id)
    const stored = (await repo.get(id))!
    const event = devIntentEvent('payment_intent.canceled', stored, clock)
    expect(event).toMatchObject({ object: 'event', type: 'payment_intent.canceled', created: unix(clock), livemode: false })
    expect(event.id).toMatch(/^evt_dev_/)
    expect(event.data.object).toEqual({
      id,
      object: 'payment_intent',
      amount: 6_100,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: { enabled: true },
      canceled_at: unix(clock),
      cancellation_reason: 'requested_by_customer',
      capture_method: 'automatic',
      client_secret: stored.client_secret,
      confirmation_method: 'automatic',
      created: unix(clock),
      currency: 'usd',
      customer: null,
      description: 'Payment for Order #GS-000001',
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: { orderId: 'o-7' },
      next_action: null,
      payment_method: null,
      payment_method_types: ['card'],
      receipt_email: null,
      status: 'canceled',
    })
  })
})

describe('dev gateway: refund', () => {
  it('refunds part, then the rest, then refuses more', async () => {
    const id = await paidIntent(10_000)
    const first = await refund(id, 4_000)
    expect(first).toMatchObject({ status: 'succeeded', amountCents: 4_000 })
    expect(first.refundId).toMatch(/^re_dev_/)
    const rest = await refund(id, 6_000)
    expect(rest).toMatchObject({ status: 'succeeded', amountCents: 6_000 })
    expect(rest.refundId).not.toBe(first.refundId)
    const stored = (await repo.get(id))!
    expect(stored.amount_refunded).toBe(10_000)
    expect(stored.refunds?.map((r) => [r.id, r.amount, r.status])).toEqual([
      [first.refundId, 4_000, 'succeeded'],
      [rest.refundId, 6_000, 'succeeded'],
    ])
    const more = await refund(id, 1).catch((e) => e)
    expect(more).toBeInstanceOf(ValidationError)
    expect(more.message).toBe(`Invalid request: Charge ${stored.latest_charge} has already been refunded.`)
    // A refund leaves the intent succeeded with its amount received, as Stripe does.
    expect(await gateway.retrieveIntent(id)).toMatchObject({ status: 'succeeded', amountReceivedCents: 10_000 })
  })

  it("refuses more than what is left, in Stripe's words, and changes nothing", async () => {
    const id = await paidIntent(10_000)
    const whole = await refund(id, 10_001).catch((e) => e)
    expect(whole).toBeInstanceOf(ValidationError)
    expect(whole.message).toBe('Invalid request: Refund amount ($100.01) is greater than unrefunded amount on charge ($100.00)')
    await refund(id, 3_000)
    const over = await refund(id, 7_001).catch((e) => e)
    expect(over.message).toBe('Invalid request: Refund amount ($70.01) is greater than unrefunded amount on charge ($70.00)')
    expect((await repo.get(id))?.amount_refunded).toBe(3_000)
  })

  it('refuses a refund of an intent that did not succeed, a non-positive amount, and an unknown intent', async () => {
    const open = await openIntent(5_000)
    const unpaid = await refund(open, 1_000).catch((e) => e)
    expect(unpaid).toBeInstanceOf(ValidationError)
    expect(unpaid.message).toBe(`Invalid request: This PaymentIntent (${open}) does not have a successful charge to refund.`)
    const paid = await paidIntent(5_000)
    for (const amount of [0, -100, 10.5]) {
      const bad = await refund(paid, amount).catch((e) => e)
      expect(bad, String(amount)).toBeInstanceOf(ValidationError)
      expect(bad.message).toBe('Invalid request: Invalid positive integer')
    }
    const missing = await refund('pi_dev_missing', 1_000).catch((e) => e)
    expect(missing.message).toBe("Invalid request: No such payment_intent: 'pi_dev_missing'")
    expect((await repo.get(paid))?.amount_refunded).toBeUndefined()
  })

  it('refunds once for the same idempotency key, in turn or at the same time', async () => {
    const id = await paidIntent(10_000)
    const k = key()
    const a = await refund(id, 2_500, k)
    const b = await refund(id, 2_500, k)
    expect(b).toEqual(a)
    const k2 = key()
    const [c, d] = await Promise.all([refund(id, 1_000, k2), refund(id, 1_000, k2)])
    expect(d).toEqual(c)
    expect(c.refundId).not.toBe(a.refundId)
    const stored = (await repo.get(id))!
    expect(stored.amount_refunded).toBe(3_500)
    expect(stored.refunds).toHaveLength(2)
    // The same key with another amount is a different request: refused, as Stripe does.
    const changed = await refund(id, 3_000, k).catch((e) => e)
    expect(changed).toBeInstanceOf(PaymentProviderError)
    expect(changed.message).toMatch(/Keys for idempotent requests can only be used with the same parameters/)
  })

  it('never refunds more than the charge with 5 concurrent refunds of 30% each', async () => {
    const id = await paidIntent(10_000)
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => refund(id, 3_000)))
    const done = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []))
    expect(done).toHaveLength(3)
    expect(refused).toHaveLength(2)
    for (const err of refused) {
      expect(err).toBeInstanceOf(ValidationError)
      expect(err.message).toBe('Invalid request: Refund amount ($30.00) is greater than unrefunded amount on charge ($10.00)')
    }
    const stored = (await repo.get(id))!
    expect(stored.amount_refunded).toBe(9_000)
    expect(stored.refunds?.map((r) => r.id).sort()).toEqual(done.map((r) => r.refundId).sort())
    expect(stored.refunds?.reduce((s, r) => s + r.amount, 0)).toBe(9_000)
  })
})

describe('dev gateway: listSucceededCharges', () => {
  const all = async (since: Date, pageSize: number, until = new Date(since.getTime() + 3600_000)) => {
    const out: ProviderCharge[] = []
    for await (const c of gateway.listSucceededCharges({ since, until, pageSize })) out.push(c)
    return out
  }

  it('lists the charges paid since the date, newest first, by when they were paid however old the intent, page after page', async () => {
    // Seconds of its own, far from what other files create, so the shared table's other intents stay out.
    const base = unix(new Date('2090-01-01T00:00:00Z')) + Math.floor(Math.random() * 1_000_000) * 100
    /** An intent opened at `opened` and brought to `status` at `at` (seconds from base). */
    const intent = async (opened: number, at: number, status: DevIntent['status']) => {
      clock = new Date((base + opened) * 1000)
      const id = await openIntent(1_000 + at)
      clock = new Date((base + at) * 1000)
      if (status !== 'requires_payment_method') await setStatus(id, status)
      return id
    }
    const paidBefore = await intent(-20, -1, 'succeeded')
    const s0 = await intent(0, 0, 'succeeded')
    const p5 = await intent(5, 5, 'processing')
    // Opened ten days before the window's start, paid inside it: listed by its payment.
    const old10 = await intent(-10 * 24 * 3600, 10, 'succeeded')
    const c15 = await intent(15, 15, 'canceled')
    const s20 = await intent(20, 20, 'succeeded')
    const r25 = await intent(25, 25, 'requires_payment_method')
    const s30 = await intent(30, 30, 'succeeded')
    await repo.save({ ...(await repo.get(s20))!, amount_refunded: 300, dispute: { id: `dp_${s20}`, amount: 1_020, status: 'needs_response', reason: 'fraudulent', created: base + 21 } })

    const since = new Date(base * 1000)
    const listed = await all(since, 2)
    expect(listed.map((c) => c.paymentIntentId)).toEqual([s30, s20, old10, s0])
    expect(listed.map((c) => c.created)).toEqual([base + 30, base + 20, base + 10, base])
    for (const other of [paidBefore, p5, c15, r25]) expect(listed.map((c) => c.paymentIntentId)).not.toContain(other)
    expect(listed[0]).toEqual({ id: `ch_dev_${s30.slice(-8)}`, paymentIntentId: s30, created: base + 30, amountCents: 1_030, amountRefundedCents: 0, currency: 'usd', receiptUrl: null, disputeStatus: null })
    expect(listed[1]).toMatchObject({ amountCents: 1_020, amountRefundedCents: 300, disputeStatus: 'needs_response' })
    // Any page size lists the same; Stripe's created is in whole seconds: a charge of the same second as `since` is in.
    expect((await all(since, 100)).map((c) => c.paymentIntentId)).toEqual([s30, s20, old10, s0])
    expect((await all(new Date(base * 1000 + 500), 1)).map((c) => c.paymentIntentId)).toEqual([s30, s20, old10, s0])
    expect((await all(new Date((base + 11) * 1000), 3)).map((c) => c.paymentIntentId)).toEqual([s30, s20])
    // Up to `until`, its second included.
    expect((await all(since, 2, new Date((base + 20) * 1000 + 999))).map((c) => c.paymentIntentId)).toEqual([s20, old10, s0])
    expect((await all(since, 2, new Date((base + 19) * 1000))).map((c) => c.paymentIntentId)).toEqual([old10, s0])
  })

  it('reads one page a request, and no further once the caller stops', async () => {
    const pages: number[] = []
    const counting = createDevGateway({ intents: { ...repo, listCharged: async (range, page) => (pages.push(page.limit), repo.listCharged(range, page)) }, now: () => clock })
    for await (const c of counting.listSucceededCharges({ since: new Date(0), until: new Date('2100-01-01T00:00:00Z'), pageSize: 1 })) {
      expect(c.created).toBeGreaterThan(0)
      break
    }
    expect(pages).toEqual([1])
  })
})
