import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import { sortableId, uuid } from '../../functions/db/ids.ts'
import { createOrderRepository } from '../../functions/db/repositories/orders.ts'
import { createPaymentRepository } from '../../functions/db/repositories/payments.ts'
import { createDevIntentRepository, type DevIntent } from '../../functions/db/repositories/dev-intents.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { newOrder, invoiceOf, type Order } from '../../functions/domain/order.ts'
import type { Allocation, Checkout } from '../../functions/domain/payment.ts'
import { LOCAL_WEBHOOK_SECRET } from '../../functions/lib/stripe-secrets.ts'
import { bookEntriesFor } from '../support/orders.ts'
import { api } from './helpers.ts'

export const orderRepo = () => createOrderRepository(defaultTable())
export const paymentRepo = () => createPaymentRepository(defaultTable())

/** An order straight into the table (version 1, invoice summary computed by the repository; the intake and release its status needs). */
export async function seedOrder(customerId: string, over: Partial<Order> = {}): Promise<Order> {
  const orders = orderRepo()
  const orderNumber = await orders.nextOrderNumber()
  const at = new Date().toISOString()
  const o: Order = newOrder({
    orderId: uuid(),
    orderNumber,
    customerId,
    customerName: 'Pat Payer',
    customerEmail: 'pat@example.com',
    firearmMake: 'Colt',
    firearmModel: '1911',
    serialNumber: `SN-${randomUUID().slice(0, 6)}`,
    serviceType: 'Repair',
    description: 'Trigger work',
    estimatedCostCents: 10_000,
    currentStatus: 'work_complete',
    ...bookEntriesFor(over.currentStatus ?? 'work_complete'),
    ...over,
  }, { invoiceId: uuid(), at })
  return orders.createOrder(o, { putUpdates: [{ orderId: o.orderId, updateId: sortableId(), status: 'order_created', notes: 'Order created', createdBy: 'admin', authorLabel: 'Admin', isCustomerNote: false, createdAt: at, updatedAt: at }] })
}

export const balanceOf = (o: Order) => invoiceOf(o).balanceDueCents

/** A checkout as POST /api/payments/intents stores it (the webhook's only source of truth). */
export async function seedCheckout(customerId: string, allocations: Allocation[], over: Partial<Checkout> = {}, provider: DevIntent['status'] = 'succeeded'): Promise<Checkout> {
  const at = new Date().toISOString()
  const c: Checkout = {
    paymentIntentId: `pi_test_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
    customerId,
    orderIds: allocations.map((a) => a.orderId),
    allocations,
    amountCents: allocations.reduce((s, a) => s + a.amountCents, 0),
    status: 'pending',
    mode: 'dev',
    createdAt: at,
    updatedAt: at,
    ...over,
  }
  await paymentRepo().saveCheckout(c)
  // The dev provider's side (the webhook asks it): the customer has paid the checkout's amount (its charge made now), unless told otherwise.
  const nowSeconds = Math.floor(Date.now() / 1000)
  const charge = provider === 'succeeded' ? { latest_charge: `ch_${c.paymentIntentId.slice(3)}`, charge_created: nowSeconds } : {}
  if (c.mode === 'dev') await devIntentRepo().save({ id: c.paymentIntentId, client_secret: `${c.paymentIntentId}_secret`, amount: c.amountCents, currency: 'usd', status: provider, created: nowSeconds, ...charge })
  return c
}

export const devIntentRepo = () => createDevIntentRepository(defaultTable())

let seq = 0
/** A Stripe-format PaymentIntent event. */
export function intentEvent(type: string, paymentIntentId: string, amount: number, extra: Record<string, unknown> = {}, eventId = `evt_test_${randomUUID().replace(/-/g, '').slice(0, 20)}`) {
  return {
    id: eventId,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000) + seq++,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { id: paymentIntentId, object: 'payment_intent', amount, currency: 'usd', status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method', metadata: {}, latest_charge: null, ...extra } },
  }
}

export const sign = (payload: string, secret = LOCAL_WEBHOOK_SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret })

/** Delivers an event over HTTP to the stack's public webhook route, as Stripe does. */
export function deliver(event: unknown, { signature, contentType = 'application/json' }: { signature?: string | null; contentType?: string } = {}) {
  const payload = JSON.stringify(event)
  const sig = signature === undefined ? sign(payload) : signature
  return api('/api/webhooks/stripe', { method: 'POST', body: payload, headers: { 'content-type': contentType, ...(sig === null ? {} : { 'stripe-signature': sig }) } })
}

/** POST /api/payments/intents as the SPA calls it. */
export const createIntent = (token: string, body: unknown) => api('/api/payments/intents', { token, method: 'POST', body })
/** The dev gateway's card confirmation (4242… pays, 4000…0002 is declined). */
export const confirm = (token: string, id: string, cardNumber = '4242424242424242') => api(`/api/dev/payments/${id}/confirm`, { token, method: 'POST', body: { cardNumber } })
