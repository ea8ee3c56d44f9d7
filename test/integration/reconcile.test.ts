import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createCheckoutReviewRepository } from '../../functions/db/repositories/checkout-review.ts'
import { createLedgerRepository } from '../../functions/db/repositories/ledger.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { createDevGateway } from '../../functions/payments/dev-gateway.ts'
import type { PaymentGateway } from '../../functions/payments/gateway.ts'
import { createReconciliationRepository } from '../../functions/db/repositories/reconciliations.ts'
import { reconcilePayments } from '../../functions/use-cases/reconcile-payments.ts'
import { stack, useStackTable } from './helpers.ts'
import { deliver, devIntentRepo, intentEvent, orderRepo, paymentRepo, seedCheckout, seedOrder } from './payments-fixtures.ts'

beforeAll(() => useStackTable())

const customerId = () => `recon-${randomUUID().slice(0, 8)}`
const run = (gateway: PaymentGateway = createDevGateway({ intents: devIntentRepo() })) =>
  reconcilePayments({ gateway, orders: orderRepo(), payments: { ...paymentRepo(), ...createCheckoutReviewRepository(defaultTable()) }, ledger: createLedgerRepository(defaultTable()), runs: createReconciliationRepository(defaultTable()) })

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
    await devIntentRepo().save({ id: stray, client_secret: `${stray}_secret_x`, amount: 777, currency: 'usd', status: 'succeeded', created: Math.floor(Date.now() / 1000) })
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
    const withReceipts: PaymentGateway = { ...dev, listSucceededIntents: async (o2) => (await dev.listSucceededIntents(o2)).map((i) => (i.id === k.paymentIntentId ? { ...i, receiptUrl } : i)) }
    const report = await run(withReceipts)
    expect(report.receiptsFilled).toBeGreaterThanOrEqual(1)
    const checkout = await paymentRepo().getCheckout(k.paymentIntentId)
    expect(checkout?.receiptUrl).toBe(receiptUrl)
    expect(checkout?.payments?.[0].receiptUrl).toBe(receiptUrl)
    const detail = await orderRepo().getOrderDetail(o.orderId)
    expect(detail?.payments.find((p) => p.paymentIntentId === k.paymentIntentId)?.receiptUrl).toBe(receiptUrl)
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
      expect(r.stdout).toMatch(/^Reconciled dev payments since \S+: \d+ succeeded at the provider, \d+ recorded now, \d+ receipts filled in\./m)
      expect(r.stdout).toContain(`recorded_late              ${missed.paymentIntentId}`)
      // Differences make the exit code 2 (a script or cron job can act on it).
      expect(r.status).toBe(2)
      expect((await orderRepo().getOrder(o.orderId))?.amountPaidCents).toBe(1_500)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
