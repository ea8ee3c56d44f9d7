import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createCheckoutReviewRepository } from '../../functions/db/repositories/checkout-review.ts'
import { createLedgerRepository } from '../../functions/db/repositories/ledger.ts'
import { createProviderLedgerRepository } from '../../functions/db/repositories/provider-ledger.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { createDevGateway } from '../../functions/payments/dev-gateway.ts'
import { closeDevDispute, dashboardRefund, openDevDispute, settleDevRefund } from '../../functions/payments/dev-provider.ts'
import type { PaymentGateway, ProviderCharge } from '../../functions/payments/gateway.ts'
import { resetEnv } from '../../functions/lib/env.ts'
import { createReconciliationRepository } from '../../functions/db/repositories/reconciliations.ts'
import { RECONCILE_UNFINISHED_ALERT, reconcilePayments } from '../../functions/use-cases/reconcile-payments.ts'
import { stack, useStackTable } from './helpers.ts'
import { deliver, devIntentRepo, intentEvent, orderRepo, paymentRepo, seedCheckout, seedOrder } from './payments-fixtures.ts'

beforeAll(() => useStackTable())

const customerId = () => `recon-${randomUUID().slice(0, 8)}`
const unix = (ms: number) => Math.floor(ms / 1000)

interface RunOptions {
  gateway?: PaymentGateway
  ledger?: ReturnType<typeof createLedgerRepository>
  now?: () => Date
  pageSize?: number
  budgetMs?: number
}
const run = ({ gateway = createDevGateway({ intents: devIntentRepo() }), ledger = createLedgerRepository(defaultTable()), ...rest }: RunOptions = {}) =>
  reconcilePayments({ gateway, orders: orderRepo(), payments: { ...paymentRepo(), ...createCheckoutReviewRepository(defaultTable()) }, ledger, providerLedger: createProviderLedgerRepository(defaultTable()), runs: createReconciliationRepository(defaultTable()), ...rest })

/** The dev provider's intent of a checkout: opened at `createdMs`, its charge made at `chargedMs`. */
async function providerTimes(paymentIntentId: string, { createdMs, chargedMs }: { createdMs: number; chargedMs: number }) {
  const intent = (await devIntentRepo().get(paymentIntentId))!
  await devIntentRepo().save({ ...intent, created: unix(createdMs), charge_created: unix(chargedMs) })
}

/**
 * `count` orders of one customer, each paid at the provider (opened at `createdMs`, charged a minute apart before
 * `base`), and the webhook never came: their intents, newest charge first.
 */
async function paidWithoutWebhook({ base, count, amountCents, createdMs }: { base: number; count: number; amountCents: (i: number) => number; createdMs: number }) {
  const c = customerId()
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const o = await seedOrder(c)
    const k = await seedCheckout(c, [{ orderId: o.orderId, amountCents: amountCents(i) }])
    await providerTimes(k.paymentIntentId, { createdMs, chargedMs: base - (i + 1) * 60_000 })
    ids.push(k.paymentIntentId)
  }
  return ids
}

/**
 * A clock of its own, years ahead and apart from every other test's: a run at that time looks at a window that
 * holds only what the test put in it (charges made then, ledger entries the run itself records then).
 */
const futureClock = () => Date.parse('2100-01-01T00:00:00Z') + Math.floor(Math.random() * 1_000_000) * 100_000

describe('payment reconciliation against the (dev) provider', () => {
  it('records a success the webhook never delivered, once, and says so', async () => {
    const c = customerId()
    const o = await seedOrder(c)
    // Paid at the provider; the webhook never came.
    const missed = await seedCheckout(c, [{ orderId: o.orderId, amountCents: 4_000 }])
    const first = await run()
    expect(first.differences).toContainEqual({ paymentIntentId: missed.paymentIntentId, kind: 'recorded_late', detail: 'Succeeded at the provider but was pending here: recorded now' })
    expect((await orderRepo().getOrder(o.orderId))?.amountPaidCents).toBe(4_000)
    expect((await paymentRepo().getCheckout(missed.paymentIntentId))?.status).toBe('succeeded')
    // A second run finds it recorded: nothing twice.
    const second = await run()
    expect(second.differences.map((d) => d.paymentIntentId)).not.toContain(missed.paymentIntentId)
    expect((await orderRepo().getOrder(o.orderId))?.amountPaidCents).toBe(4_000)
    // Each run is kept for staff, newest first.
    const [latest] = await createReconciliationRepository(defaultTable()).list(1)
    expect(latest).toMatchObject({ ranAt: second.ranAt, mode: 'dev', checked: second.checked })
  })

  it('reports an intent that is not ours and a recorded payment the provider does not list as succeeded', async () => {
    const c = customerId()
    const stray = `pi_stray_${randomUUID().slice(0, 12)}`
    await devIntentRepo().save({ id: stray, client_secret: `${stray}_secret_x`, amount: 777, currency: 'usd', status: 'succeeded', created: unix(Date.now()), charge_created: unix(Date.now()) })
    const o = await seedOrder(c)
    const paid = await seedCheckout(c, [{ orderId: o.orderId, amountCents: 2_000 }])
    expect((await deliver(intentEvent('payment_intent.succeeded', paid.paymentIntentId, 2_000))).body.outcome).toBe('recorded')
    // The provider no longer reports it as succeeded (say, a dispute reversed it).
    await devIntentRepo().save({ ...(await devIntentRepo().get(paid.paymentIntentId))!, status: 'requires_payment_method' })
    const report = await run()
    expect(report.differences).toContainEqual(expect.objectContaining({ paymentIntentId: stray, kind: 'unknown_intent' }))
    expect(report.differences).toContainEqual({ paymentIntentId: paid.paymentIntentId, kind: 'not_succeeded_at_provider', detail: 'Recorded as paid, but the provider reports requires_payment_method' })
  })

  it('fills in a receipt that was not ready when the payment was recorded', async () => {
    const c = customerId()
    const o = await seedOrder(c)
    const k = await seedCheckout(c, [{ orderId: o.orderId, amountCents: 3_000 }])
    expect((await deliver(intentEvent('payment_intent.succeeded', k.paymentIntentId, 3_000))).body.outcome).toBe('recorded')
    expect((await paymentRepo().getCheckout(k.paymentIntentId))?.receiptUrl).toBeUndefined()
    // Later the provider has the charge's receipt (the dev gateway has none: this wrapper adds one).
    const dev = createDevGateway({ intents: devIntentRepo() })
    const receiptUrl = `https://pay.stripe.com/receipts/${k.paymentIntentId}`
    async function* receipts(charges: AsyncIterable<ProviderCharge>) {
      for await (const c of charges) yield c.paymentIntentId === k.paymentIntentId ? { ...c, receiptUrl } : c
    }
    const withReceipts: PaymentGateway = { ...dev, listSucceededCharges: (o2) => receipts(dev.listSucceededCharges(o2)) }
    const report = await run({ gateway: withReceipts })
    expect(report.receiptsFilled).toBeGreaterThanOrEqual(1)
    const checkout = await paymentRepo().getCheckout(k.paymentIntentId)
    expect(checkout?.receiptUrl).toBe(receiptUrl)
    expect(checkout?.payments?.[0].receiptUrl).toBe(receiptUrl)
    const detail = await orderRepo().getOrderDetail(o.orderId)
    expect(detail?.payments.find((p) => p.paymentIntentId === k.paymentIntentId)?.receiptUrl).toBe(receiptUrl)
  })
})

/** A $110.00 order paid by card, its success delivered to the webhook: its intent. */
async function paid110() {
  const c = customerId()
  const o = await seedOrder(c, { estimatedCostCents: 11_000, shippingSelected: false })
  const k = await seedCheckout(c, [{ orderId: o.orderId, amountCents: 11_000 }])
  expect((await deliver(intentEvent('payment_intent.succeeded', k.paymentIntentId, 11_000))).body.outcome).toBe('recorded')
  return { orderId: o.orderId, pi: k.paymentIntentId }
}

/** The provider's events delivered to the webhook, as Stripe would send them. */
async function deliverAll(events: unknown[]) {
  for (const e of events) expect((await deliver(e)).status).toBe(200)
}

const differencesOf = (report: { differences: Array<{ paymentIntentId: string }> }, pi: string) => report.differences.filter((d) => d.paymentIntentId === pi)

describe('payment reconciliation reads what the provider\'s events recorded: disputes, chargebacks, refunds', () => {
  it('a disputed charge whose dispute the ledger recorded is not a difference, nor is a refund made in the dashboard', async () => {
    const { orderId, pi } = await paid110()
    await deliverAll((await dashboardRefund(devIntentRepo(), pi, { amountCents: 2_000 })).events)
    await deliverAll((await openDevDispute(devIntentRepo(), pi)).events)
    expect((await orderRepo().getOrder(orderId))?.disputedCents).toBe(9_000)
    expect(differencesOf(await run(), pi)).toEqual([])
    // The provider moves on and its event never comes: the ledger still has the dispute as it was.
    const intent = (await devIntentRepo().get(pi))!
    await devIntentRepo().save({ ...intent, dispute: { ...intent.dispute!, status: 'under_review' } })
    expect(differencesOf(await run(), pi)).toEqual([{ paymentIntentId: pi, kind: 'dispute_mismatch', detail: 'The provider reports a dispute (under_review); the ledger has it as needs_response' }])
  })

  it('a lost dispute (a chargeback) is not a refund difference: the provider does not count it as refunded', async () => {
    const { orderId, pi } = await paid110()
    await deliverAll((await openDevDispute(devIntentRepo(), pi)).events)
    await deliverAll((await closeDevDispute(devIntentRepo(), pi, 'lost')).events)
    const ledger = (await orderRepo().getOrderDetail(orderId))!.payments
    expect(ledger.filter((e) => e.kind === 'refund').map((e) => [e.amountCents, e.dispute?.status])).toEqual([[11_000, 'lost']])
    expect((await devIntentRepo().get(pi))?.amount_refunded ?? 0).toBe(0)
    expect(differencesOf(await run(), pi)).toEqual([])
  })

  it('settles a pending refund the provider has settled since (its event never came): succeeded, or failed and paid again', async () => {
    const ok = await paid110()
    const bad = await paid110()
    const pending = async (pi: string) => {
      const { refund, events } = await dashboardRefund(devIntentRepo(), pi, { amountCents: 2_000, pending: true })
      await deliverAll(events)
      return refund.id
    }
    const okRefund = await pending(ok.pi)
    const badRefund = await pending(bad.pi)
    await settleDevRefund(devIntentRepo(), ok.pi, okRefund, 'succeeded')
    await settleDevRefund(devIntentRepo(), bad.pi, badRefund, 'failed')
    const refundOf = async (orderId: string, refundId: string) => (await orderRepo().getOrderDetail(orderId))!.payments.find((e) => e.providerRefundId === refundId)
    expect((await refundOf(ok.orderId, okRefund))?.paymentStatus).toBe('pending')

    const report = await run()
    expect(differencesOf(report, ok.pi)).toEqual([])
    expect(differencesOf(report, bad.pi)).toEqual([])
    expect((await refundOf(ok.orderId, okRefund))?.paymentStatus).toBe('successful')
    expect(await orderRepo().getOrder(ok.orderId)).toMatchObject({ amountPaidCents: 9_000, refundedCents: 2_000 })
    expect((await refundOf(bad.orderId, badRefund))?.paymentStatus).toBe('failed')
    // The failed refund's money counts as paid again.
    expect(await orderRepo().getOrder(bad.orderId)).toMatchObject({ amountPaidCents: 11_000, refundedCents: 0 })
    // A second run finds them settled: nothing moves again.
    const before = await orderRepo().getOrder(bad.orderId)
    expect(differencesOf(await run(), bad.pi)).toEqual([])
    expect((await orderRepo().getOrder(bad.orderId))?.version).toBe(before?.version)
  })
})

describe('payment reconciliation: by when a payment was made, every page of its window, within its budget', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    process.env.LOG_LEVEL = 'silent'
    resetEnv()
  })

  it('finds a payment whose intent was created 10 days before it was paid', async () => {
    const c = customerId()
    const o = await seedOrder(c)
    const late = await seedCheckout(c, [{ orderId: o.orderId, amountCents: 8_200 }])
    // The customer opened the checkout 10 days ago and paid it an hour ago; the webhook never came.
    await providerTimes(late.paymentIntentId, { createdMs: Date.now() - 10 * 24 * 3600_000, chargedMs: Date.now() - 3600_000 })
    const report = await run()
    expect(report.complete).toBe(true)
    expect(report.differences).toContainEqual({ paymentIntentId: late.paymentIntentId, kind: 'recorded_late', detail: 'Succeeded at the provider but was pending here: recorded now' })
    expect((await orderRepo().getOrder(o.orderId))?.amountPaidCents).toBe(8_200)
  })

  it('reads the provider and the ledger page after page and compares every payment: amounts, refunds, disputes', async () => {
    const base = futureClock()
    const paid = await paidWithoutWebhook({ base, count: 5, amountCents: (i) => 1_000 + i, createdMs: base - 30 * 24 * 3600_000 })
    const ledgerPages: number[] = []
    const chargePages: number[] = []
    const intents = devIntentRepo()
    const gateway = createDevGateway({ intents: { ...intents, listCharged: (range, page) => (chargePages.push(page.limit), intents.listCharged(range, page)) } })
    const real = createLedgerRepository(defaultTable())
    const ledger = { ...real, listSince: (since: string, page: { limit: number; cursor: string | null }) => (ledgerPages.push(page.limit), real.listSince(since, page)) }

    // The webhook missed all five: the first run records each (pages of 2 charges: 3 pages).
    const first = await run({ gateway, ledger, now: () => new Date(base), pageSize: 2 })
    expect(first).toMatchObject({ complete: true, checked: 5, recorded: 5 })
    expect(first.differences.map((d) => [d.paymentIntentId, d.kind])).toEqual(paid.map((id) => [id, 'recorded_late']))
    expect(chargePages).toEqual([2, 2, 2])

    // Then the provider refunds 300 cents of one (say, from its dashboard) and a customer disputes another.
    await devIntentRepo().save({ ...(await devIntentRepo().get(paid[1]))!, amount_refunded: 300 })
    await openDevDispute(devIntentRepo(), paid[3], { now: new Date(base + 500) })
    chargePages.length = 0
    ledgerPages.length = 0
    const second = await run({ gateway, ledger, now: () => new Date(base + 1_000), pageSize: 2 })
    expect(second).toMatchObject({ complete: true, checked: 5, recorded: 0 })
    // Every payment compared with its checkout and its ledger entries (5 entries: 3 pages of 2); only these differ.
    expect(second.differences).toEqual([
      { paymentIntentId: paid[1], kind: 'refund_mismatch', detail: 'The ledger has 0 cents refunded to the card, the provider 300' },
      { paymentIntentId: paid[3], kind: 'dispute_mismatch', detail: 'The provider reports a dispute (needs_response); the ledger records none' },
    ])
    expect(chargePages).toEqual([2, 2, 2])
    // The ledger is read to the present: later entries of other tests may add pages, never shorter ones.
    expect(ledgerPages.length).toBeGreaterThanOrEqual(3)
    expect(new Set(ledgerPages)).toEqual(new Set([2]))
  })

  it('stops at its budget, stores the run unfinished and logs it for the alarm', async () => {
    const base = futureClock()
    const missed = await paidWithoutWebhook({ base, count: 3, amountCents: () => 2_000, createdMs: base - 3600_000 })
    // Each charge takes the run a minute; it may take 90 seconds: it compares two and stops at the third.
    let t = base
    const dev = createDevGateway({ intents: devIntentRepo() })
    async function* slow(charges: AsyncIterable<ProviderCharge>) {
      for await (const ch of charges) {
        yield ch
        t += 60_000
      }
    }
    const gateway: PaymentGateway = { ...dev, listSucceededCharges: (o) => slow(dev.listSucceededCharges(o)) }
    process.env.LOG_LEVEL = 'info'
    resetEnv()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.spyOn(console, 'log').mockImplementation(() => undefined)

    const report = await run({ gateway, now: () => new Date(t), budgetMs: 90_000 })
    expect(report).toMatchObject({ complete: false, checked: 2, recorded: 2 })
    expect(report.unfinished).toBe(`Stopped at its 90-second budget after 2 charges: those paid at or before ${new Date(unix(base - 3 * 60_000) * 1000).toISOString()} were not compared, nor was the ledger`)
    expect(report.differences.map((d) => d.paymentIntentId)).toEqual(missed.slice(0, 2))
    expect((await paymentRepo().getCheckout(missed[2]))?.status).toBe('pending')
    // Kept with the others (newest first by when they ran; other tests' clocks may run later than this one's).
    const stored = (await createReconciliationRepository(defaultTable()).list(20)).find((r) => r.ranAt === report.ranAt)
    expect(stored).toMatchObject({ complete: false, unfinished: report.unfinished, checked: 2 })
    // The line the ReconcileUnfinished alarm counts (test/infra/observability.test.ts matches its filter to it).
    const lines = errors.mock.calls.map(([line]) => JSON.parse(String(line)))
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', message: 'payment reconciliation did not finish', alert: RECONCILE_UNFINISHED_ALERT, checked: 2, unfinished: report.unfinished }))
  })
})

describe('npm run reconcile', () => {
  const script = (dataDir: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/reconcile.ts'], { encoding: 'utf8', env: { ...process.env, GUNSMITH_DATA_DIR: dataDir, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' }, timeout: 120_000 })

  it('says to start the portal first when it is not running', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gs-recon-'))
    try {
      const r = script(dir)
      expect(r.status).toBe(1)
      expect(r.stderr).toContain('npm run reconcile: the portal is not running: start it with npm start')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('reconciles the running portal and prints what it compared', async () => {
    const c = customerId()
    const o = await seedOrder(c)
    const missed = await seedCheckout(c, [{ orderId: o.orderId, amountCents: 1_500 }])
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gs-recon-'))
    try {
      const s = stack()
      // What `npm start` writes while it runs (this process stands in for it).
      writeFileSync(path.join(dir, 'stack.json'), JSON.stringify({ url: s.url, dynamoEndpoint: s.dynamoEndpoint, tableName: s.tableName, pid: process.pid }))
      const r = script(dir)
      expect(r.stdout).toMatch(/^Reconciled dev payments since \S+: \d+ paid at the provider, \d+ recorded now, \d+ receipts filled in\./m)
      expect(r.stdout).toContain(`recorded_late              ${missed.paymentIntentId}`)
      // Differences make the exit code 2 (a script or cron job can act on it).
      expect(r.status).toBe(2)
      expect((await orderRepo().getOrder(o.orderId))?.amountPaidCents).toBe(1_500)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
