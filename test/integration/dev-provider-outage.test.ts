/**
 * The dev provider plays an outage as Stripe's 500 would (npm run dev-provider -- outage): the next creations of a
 * payment or a refund fail, and the gateway the functions use (keys that name the attempt, payments/attempt-keys.ts)
 * goes through on the next try, with one intent and one refund. On a table of its own: an outage is the whole
 * provider's, and other files create intents at the same time.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { useOwnTable } from './helpers.ts'
import { createDevIntentRepository, type DevIntentRepository } from '../../functions/db/repositories/dev-intents.ts'
import { createProviderAttemptRepository } from '../../functions/db/repositories/provider-attempts.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { PaymentProviderError } from '../../functions/lib/errors.ts'
import { withAttemptKeys } from '../../functions/payments/attempt-keys.ts'
import { createDevGateway } from '../../functions/payments/dev-gateway.ts'
import type { PaymentGateway } from '../../functions/payments/gateway.ts'

let intents: DevIntentRepository
let gateway: PaymentGateway

beforeAll(async () => {
  await useOwnTable('gs-dev-outage')
  intents = createDevIntentRepository(defaultTable())
  gateway = withAttemptKeys({ gateway: createDevGateway({ intents }), attempts: createProviderAttemptRepository(defaultTable()) })
})

const create = (idempotencyKey: string) => gateway.createIntent({ amountCents: 2_500, idempotencyKey, description: 'Payment for Order #GS-000001', metadata: { orderId: randomUUID() } })

describe('the dev provider down', () => {
  it('fails the next creation with a provider 5xx; the retry goes through at once, one intent', async () => {
    await intents.setOutage(1)
    const key = `checkout-${randomUUID()}`
    const failed = await create(key).catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(PaymentProviderError)
    expect((failed as PaymentProviderError).statusCode).toBe(502)
    const first = await create(key)
    const again = await create(key)
    expect(again.paymentIntentId).toBe(first.paymentIntentId)
    expect(await intents.get(first.paymentIntentId)).toMatchObject({ amount: 2_500, status: 'requires_payment_method' })
  })

  it('fails a refund the same way; the retry refunds once', async () => {
    const { paymentIntentId } = await create(`checkout-${randomUUID()}`)
    const stored = (await intents.get(paymentIntentId))!
    await intents.save({ ...stored, status: 'succeeded', latest_charge: `ch_dev_${paymentIntentId.slice(-8)}`, charge_created: Math.floor(Date.now() / 1000) })
    await intents.setOutage(1)
    const refund = () => gateway.refund({ paymentIntentId, amountCents: 1_000, idempotencyKey: `refund-${paymentIntentId}`, metadata: { reason: 'test' } })
    expect(await refund().catch((e: unknown) => e)).toBeInstanceOf(PaymentProviderError)
    const made = await refund()
    expect(made).toMatchObject({ status: 'succeeded', amountCents: 1_000 })
    expect(await refund()).toEqual(made)
    expect((await intents.get(paymentIntentId))!.refunds).toHaveLength(1)
    expect((await intents.get(paymentIntentId))!.amount_refunded).toBe(1_000)
  })

  it('is over once its count is spent, or set to 0', async () => {
    await intents.setOutage(2)
    await intents.setOutage(0)
    expect(await create(`checkout-${randomUUID()}`)).toMatchObject({ amountCents: 2_500 })
    expect(await intents.takeOutage()).toBe(false)
  })
})
