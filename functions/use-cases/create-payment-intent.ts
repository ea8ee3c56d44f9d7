import { createHash } from 'node:crypto'
import { splitProportionally } from '@gs/shared/invoice'
import { paymentMessages as m } from '@gs/shared/payment-messages'
import { orderMessages } from '@gs/shared/order-messages'
import { cardChargeProblem } from '@gs/shared/payment-rules'
import type { CreateIntentInput } from '@gs/shared/schemas/payments'
import { VersionConflict, type OrderRepository } from '../db/repositories/orders.ts'
import type { PaymentRepository } from '../db/repositories/payments.ts'
import { invoiceOf, type Order } from '../domain/order.ts'
import type { Allocation, PaymentsMode } from '../domain/payment.ts'
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts'
import type { PaymentGateway } from '../payments/gateway.ts'

interface CreatePaymentIntent {
  orders: Pick<OrderRepository, 'getOrders' | 'saveOrder'>
  payments: Pick<PaymentRepository, 'getCheckout' | 'saveCheckout'>
  gateway: PaymentGateway
  customer: { userId: string; email?: string }
  input: CreateIntentInput
  now?: () => Date
}

export interface CreatedPaymentIntent {
  paymentIntentId: string
  clientSecret: string
  amountCents: number
  allocations: Allocation[]
  mode: PaymentsMode
}

/**
 * Starts a card payment for one order (optionally partial) or several (their
 * whole balances). Every amount comes from the stored invoices; the shipping
 * choice is stored on each order first (so the invoice, and what the webhook
 * will see, follow it). The idempotency key covers customer, orders and their
 * versions, amount and shipping, so a double click reuses the same intent.
 */
export async function createPaymentIntent({ orders, payments, gateway, customer, input, now = () => new Date() }: CreatePaymentIntent): Promise<CreatedPaymentIntent> {
  const ids = input.orderIds
  if (!ids.length) throw new ValidationError(m.missingOrderId, { orderIds: m.missingOrderId })
  if (input.amountCents !== undefined && ids.length > 1) throw new ValidationError(m.partialOnlySingle, { amountCents: m.partialOnlySingle })

  const loaded = await loadPayableOrders({ orders, ids, userId: customer.userId })
  const balances = loaded.map((o) => invoiceOf(o, input.includeShipping).balanceDueCents)
  balances.forEach((b, i) => {
    if (b <= 0) throw new ValidationError(ids.length === 1 ? m.noBalanceDue : m.orderNoBalanceDue(loaded[i].orderNumber))
  })
  let amountCents: number
  if (input.amountCents !== undefined) {
    if (input.amountCents <= 0) throw new ValidationError(m.amountNotPositive, { amountCents: m.amountNotPositive })
    if (input.amountCents > balances[0]) throw new ValidationError(m.amountAboveBalance(balances[0]), { amountCents: m.amountAboveBalance(balances[0]) })
    amountCents = input.amountCents
  } else {
    amountCents = balances.reduce((a, b) => a + b, 0)
  }
  // Stripe's minimum charge, and no partial payment that leaves an amount a card can never pay.
  const total = balances.reduce((a, b) => a + b, 0)
  const problem = cardChargeProblem(amountCents, ids.length === 1 ? balances[0] : total)
  if (problem) throw new ValidationError(problem.message, { amountCents: problem.message })

  // Store the shipping choice (only where it changes, so a repeated request keeps the versions and the key).
  const current: Order[] = []
  for (const o of loaded) {
    if (o.shippingSelected === input.includeShipping) current.push(o)
    else {
      try {
        current.push(await orders.saveOrder({ ...o, shippingSelected: input.includeShipping }, o.version))
      } catch (err) {
        if (err instanceof VersionConflict) throw new ConflictError(orderMessages.orderChanged)
        throw err
      }
    }
  }

  const shares = ids.length === 1 ? [amountCents] : splitProportionally(amountCents, balances)
  const allocations = current.map((o, i) => ({ orderId: o.orderId, amountCents: shares[i] }))
  const orderNumbers = current.map((o) => o.orderNumber)
  const idempotencyKey = `gs-intent-${createHash('sha256')
    .update(JSON.stringify([customer.userId, current.map((o) => [o.orderId, o.version]).sort(), amountCents, input.includeShipping]))
    .digest('hex')
    .slice(0, 48)}`
  const receiptEmail = customer.email || current[0].customerEmail || undefined
  const intent = await gateway.createIntent({
    amountCents,
    idempotencyKey,
    description: m.description(orderNumbers),
    receiptEmail,
    metadata: {
      customerId: customer.userId,
      orderNumbers: orderNumbers.join(','),
      ...(current.length === 1 ? { orderId: current[0].orderId, shippingSelected: String(input.includeShipping) } : { batch: 'true' }),
    },
  })

  const at = now().toISOString()
  const existing = await payments.getCheckout(intent.paymentIntentId)
  const saved = await payments.saveCheckout({
    paymentIntentId: intent.paymentIntentId,
    customerId: customer.userId,
    orderIds: current.map((o) => o.orderId),
    allocations,
    amountCents: intent.amountCents,
    status: 'pending',
    mode: gateway.mode,
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
    // A reused intent keeps the last event it saw, so an older event redelivered later still cannot override a newer state.
    lastEventId: existing?.lastEventId,
    lastEventCreated: existing?.lastEventCreated,
  })
  if (!saved) throw new ConflictError(m.alreadyPaid)
  return { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, amountCents: intent.amountCents, allocations, mode: gateway.mode }
}

/** The caller's own, undeleted, unarchived orders, in the order asked for; anything else is a 404 (or 400 when archived). */
async function loadPayableOrders({ orders, ids, userId }: { orders: Pick<OrderRepository, 'getOrders'>; ids: string[]; userId: string }): Promise<Order[]> {
  const found = new Map((await orders.getOrders(ids)).map((o) => [o.orderId, o]))
  return ids.map((id) => {
    const o = found.get(id)
    if (!o || o.isDeleted || o.customerId !== userId) throw new NotFoundError(orderMessages.orderNotFound)
    if (o.isArchived) throw new ValidationError(m.orderNotPayable)
    return o
  })
}
