import { formatCents } from '@gs/shared/money'
import { METHOD_LABELS, ledgerMessages as lm } from '@gs/shared/payment-rules'
import type { ShopPaymentInput } from '@gs/shared/schemas/ledger'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import { sortableId } from '../db/ids.ts'
import type { LedgerRepository } from '../db/repositories/ledger.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { Order } from '../domain/order.ts'
import { paymentReceivedNotification } from '../domain/payment-notifications.ts'
import { LIVE_CHECKOUT_STATUSES } from '../domain/payment.ts'
import { ConflictError } from '../lib/errors.ts'
import { log } from '../lib/logger.ts'
import type { PaymentGateway } from '../payments/gateway.ts'
import { staffUpdate } from './admin-order-write.ts'
import { cancelOpenIntent } from './cancel-open-intent.ts'
import { whenPaidInFull } from './paid-in-full.ts'
import { assertWithinBalance, bumped, recordOnce, staffEntry, type Deps, type LedgerResult } from './shop-ledger.ts'

interface RecordShopPayment extends Omit<Deps, 'orders' | 'ledger'> {
  orders: Pick<OrderRepository, 'getOrder' | 'getOrders'>
  ledger: Pick<LedgerRepository, 'getEntry' | 'write' | 'getCheckout'>
  /** The card provider, asked only when the order has an open card checkout. */
  gateway: () => Promise<Pick<PaymentGateway, 'cancelIntent'>>
  /** Records a card payment the provider reports paid, through the webhook's own path (cancelOpenIntent). */
  recordPaid?: (paymentIntentId: string) => Promise<unknown>
  input: ShopPaymentInput
}

/** The customer's card checkout a payment in the shop canceled: its intent, what it charged, and the other orders it covered. */
interface CanceledCheckout {
  paymentIntentId: string
  amountCents: number
  otherOrderNumbers: string[]
}

/**
 * Cash, a check or a card on the shop's terminal: up to the balance; a payment that settles it marks the order paid.
 * One payment path at a time (docs/business-rules.md, "Payments integrity"): an open card checkout is canceled at the
 * provider first, and the payment is written with the checkout closed; one the provider reports paid or settling
 * refuses it (409), so the same money is never taken twice.
 */
export async function recordShopPayment({ orders, ledger, gateway, recordPaid, orderId, adminId, actor, input, now = () => new Date() }: RecordShopPayment): Promise<LedgerResult> {
  const entryId = `shop_${input.requestId}`
  // What this attempt canceled, for its audit record (each attempt plans afresh).
  let canceled: CanceledCheckout | null = null
  const payment = `${METHOD_LABELS[input.method]} payment of ${formatCents(input.amountCents)}${input.reference ? ` (${input.reference})` : ''}`
  return recordOnce({
    orders,
    ledger,
    orderId,
    entryId,
    audit: actor && {
      actor,
      action: 'ledger.payment',
      summary: () => `Recorded a ${payment}${canceled ? `; canceled the customer's open card payment of ${formatCents(canceled.amountCents)}${coveredText(canceled.otherOrderNumbers)}` : ''}`,
      more: () => (canceled ? [{ field: 'Card checkout', before: `Open (${canceled.paymentIntentId})`, after: 'Canceled at the card provider' }] : []),
    },
    plan: async (o) => {
      assertWithinBalance(o, input.amountCents)
      canceled = await closeCardCheckout({ order: o, orders, ledger, gateway, recordPaid })
      const at = now().toISOString()
      const label = METHOD_LABELS[input.method]
      const next = bumped(o, at, { amountPaidCents: o.amountPaidCents + input.amountCents, openCheckout: undefined })
      const paid = whenPaidInFull({ before: o, next, at, t: Date.parse(at) + 1, by: adminId })
      return {
        order: { order: paid.order, expected: o.version },
        ...(canceled ? { closeCheckout: canceled.paymentIntentId } : {}),
        create: [staffEntry(o, entryId, adminId, at, { kind: 'payment', amountCents: input.amountCents, paymentMethod: label, paymentStatus: 'successful', ...(input.reference ? { reason: input.reference } : {}) })],
        updates: [staffUpdate({ order: o, status: HISTORY_EVENTS.paymentRecorded, notes: lm.paymentNote(label, formatCents(input.amountCents), input.reference), userId: adminId, at }), ...(paid.update ? [paid.update] : [])],
        notifications: [paymentReceivedNotification({ order: paid.order, at, id: sortableId(Date.parse(at)), amountCents: input.amountCents, paidInFull: paid.paidInFull })],
      }
    },
  })
}

/**
 * The order's open card checkout, canceled at the provider before the shop takes the money (null when there is none
 * the customer could still pay: the order is written without a stale pointer either way). The whole intent is
 * canceled, for every order a batch checkout covered: the others keep their balances and the customer pays them
 * again. Paid or settling at the provider: refused (a paid one is recorded first, through recordPaid).
 */
async function closeCardCheckout({ order, orders, ledger, gateway, recordPaid }: Pick<RecordShopPayment, 'orders' | 'ledger' | 'gateway' | 'recordPaid'> & { order: Order }): Promise<CanceledCheckout | null> {
  const open = order.openCheckout
  if (!open) return null
  const checkout = await ledger.getCheckout(open.paymentIntentId)
  if (!checkout || !LIVE_CHECKOUT_STATUSES.includes(checkout.status)) return null
  const status = await cancelOpenIntent({ gateway: await gateway(), paymentIntentId: checkout.paymentIntentId, recordPaid })
  if (status !== 'canceled') throw new ConflictError(lm.cardPaymentInProgress(status))
  const others = checkout.orderIds.filter((id) => id !== order.orderId)
  const otherOrderNumbers = others.length ? (await orders.getOrders(others)).map((o) => o.orderNumber).sort() : []
  log.info('open card checkout canceled for a payment in the shop', { paymentIntentId: checkout.paymentIntentId, orderId: order.orderId, otherOrders: others.length })
  return { paymentIntentId: checkout.paymentIntentId, amountCents: checkout.amountCents, otherOrderNumbers }
}

const coveredText = (numbers: string[]) => (numbers.length ? ` (it also covered ${numbers.join(', ')}: the customer pays ${numbers.length === 1 ? 'that order' : 'those orders'} again)` : '')
