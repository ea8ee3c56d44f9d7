import { describe, expect, it, vi } from 'vitest'
import { NEEDS_REPLACEMENT, planLatest, type OrderWrite } from '../../functions/db/repositories/latest-order.ts'
import { type Order } from '../../functions/domain/order.ts'
import type { Checkout, PaymentSummary } from '../../functions/domain/payment.ts'
import { testOrder } from '../support/orders.ts'
import { getPaymentIntent } from '../../functions/use-cases/get-payment-intent.ts'

const at = (day: number) => `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`

const order = (orderId: string, day: number, over: Partial<Order> = {}): Order => testOrder({ orderId, estimatedCostCents: 0, createdAt: at(day), ...over }, at(day))

const pointer = (latestOrderId: string | null, day?: number) => ({ latestOrderId, latestCreatedAt: day === undefined ? null : at(day) })
const w = (o: Order, kind: OrderWrite['kind']): OrderWrite => ({ order: o, kind })

describe('planLatest: what an order write does to the customer profile', () => {
  it('no profile: only checks that there still is none', () => {
    expect(planLatest('c1', null, [w(order('a', 1), 'create')])).toEqual({ customerId: 'c1', seen: 'absent', countDelta: 0 })
  })

  it('a save of the latest order sets its summary (status and version), conditioned on it still being the latest', () => {
    const a = order('a', 1, { currentStatus: 'shipped', version: 5 })
    expect(planLatest('c1', pointer('a', 1), [w(a, 'save')])).toEqual({
      customerId: 'c1',
      seen: { latestOrderId: 'a' },
      countDelta: 0,
      latest: { orderId: 'a', firearmMake: 'Colt', firearmModel: '1911', currentStatus: 'shipped', createdAt: at(1), version: 5 },
    })
  })

  it('a save of another order only checks the latest is still the one read', () => {
    expect(planLatest('c1', pointer('b', 2), [w(order('a', 1), 'save')])).toEqual({ customerId: 'c1', seen: { latestOrderId: 'b' }, countDelta: 0 })
  })

  it('a created order becomes the latest when at least as new, and counts either way', () => {
    expect(planLatest('c1', pointer('b', 2), [w(order('n', 3), 'create')])).toMatchObject({ seen: { latestOrderId: 'b' }, countDelta: 1, latest: { orderId: 'n', currentStatus: 'order_created', version: 1 } })
    expect(planLatest('c1', pointer(null), [w(order('n', 3), 'create')])).toMatchObject({ seen: { latestOrderId: null }, countDelta: 1, latest: { orderId: 'n' } })
    const older = planLatest('c1', pointer('b', 2), [w(order('old', 1), 'create')])
    expect(older).toEqual({ customerId: 'c1', seen: { latestOrderId: 'b' }, countDelta: 1 })
  })

  it('a restored order counts again and becomes the latest when at least as new (like a created one)', () => {
    expect(planLatest('c1', pointer('b', 2), [w(order('r', 3, { version: 6 }), 'restore')])).toMatchObject({ seen: { latestOrderId: 'b' }, countDelta: 1, latest: { orderId: 'r', version: 6 } })
    expect(planLatest('c1', pointer(null), [w(order('r', 1), 'restore')])).toMatchObject({ seen: { latestOrderId: null }, countDelta: 1, latest: { orderId: 'r' } })
    expect(planLatest('c1', pointer('b', 2), [w(order('r', 1), 'restore')])).toEqual({ customerId: 'c1', seen: { latestOrderId: 'b' }, countDelta: 1 })
  })

  it('deleting another order decrements the count only', () => {
    expect(planLatest('c1', pointer('b', 2), [w(order('a', 1, { isDeleted: true }), 'delete')])).toEqual({ customerId: 'c1', seen: { latestOrderId: 'b' }, countDelta: -1 })
  })

  it('deleting the latest needs the next newest order, which it pins at the version read', () => {
    const b = order('b', 2, { isDeleted: true })
    expect(planLatest('c1', pointer('b', 2), [w(b, 'delete')])).toBe(NEEDS_REPLACEMENT)
    expect(planLatest('c1', pointer('b', 2), [w(b, 'delete')], order('a', 1, { currentStatus: 'in_progress', version: 3 }))).toEqual({
      customerId: 'c1',
      seen: { latestOrderId: 'b' },
      countDelta: -1,
      latest: { orderId: 'a', firearmMake: 'Colt', firearmModel: '1911', currentStatus: 'in_progress', createdAt: at(1), version: 3 },
      pin: { orderId: 'a', version: 3 },
    })
    expect(planLatest('c1', pointer('b', 2), [w(b, 'delete')], null)).toEqual({ customerId: 'c1', seen: { latestOrderId: 'b' }, countDelta: -1, latest: null })
  })

  it('several orders of one customer in one write (the webhook): the latest among them gives the summary', () => {
    const plan = planLatest('c1', pointer('b', 2), [w(order('a', 1, { version: 2 }), 'save'), w(order('b', 2, { currentStatus: 'payment_received', version: 4 }), 'save')])
    expect(plan).toMatchObject({ seen: { latestOrderId: 'b' }, countDelta: 0, latest: { orderId: 'b', currentStatus: 'payment_received', version: 4 } })
  })
})

describe('getPaymentIntent', () => {
  const summary: PaymentSummary = { paymentId: 'pay_pi_1_o2', orderId: 'o2', orderNumber: 'GS-2', amountCents: 500, paymentDate: at(1), paymentMethod: 'Credit Card', paymentStatus: 'successful', paymentIntentId: 'pi_1' }
  const checkout: Checkout = { paymentIntentId: 'pi_1', customerId: 'c1', orderIds: ['o1', 'o2'], allocations: [], amountCents: 1_000, status: 'succeeded', mode: 'dev', createdAt: at(1), updatedAt: at(1) }

  it('a succeeded checkout answers with the payments stored on it: no other read', async () => {
    const first = { ...summary, paymentId: 'pay_pi_1_o1', orderId: 'o1' }
    const payments = { getCheckout: vi.fn(async () => ({ ...checkout, payments: [summary, first] })), paymentsForCheckout: vi.fn() }
    const res = await getPaymentIntent({ payments, paymentIntentId: 'pi_1', userId: 'c1' })
    expect(res.payments.map((p) => p.orderId)).toEqual(['o1', 'o2'])
    expect(payments.paymentsForCheckout).not.toHaveBeenCalled()
  })

  it('a checkout that succeeded before the payments were stored on it reads them; a pending one has none', async () => {
    const legacy = { getCheckout: vi.fn(async () => checkout), paymentsForCheckout: vi.fn(async () => [summary as never]) }
    expect((await getPaymentIntent({ payments: legacy, paymentIntentId: 'pi_1', userId: 'c1' })).payments).toEqual([summary])
    const pending = { getCheckout: vi.fn(async () => ({ ...checkout, status: 'pending' as const })), paymentsForCheckout: vi.fn() }
    expect((await getPaymentIntent({ payments: pending, paymentIntentId: 'pi_1', userId: 'c1' })).payments).toEqual([])
    expect(pending.paymentsForCheckout).not.toHaveBeenCalled()
  })
})
