import { formatCents } from '@gs/shared/money'
import { METHOD_LABELS, ledgerMessages as lm } from '@gs/shared/payment-rules'
import type { ShopPaymentInput } from '@gs/shared/schemas/ledger'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import { sortableId } from '../db/ids.ts'
import { paymentReceivedNotification } from '../domain/payment-notifications.ts'
import { staffUpdate } from './admin-order-write.ts'
import { whenPaidInFull } from './paid-in-full.ts'
import { assertWithinBalance, bumped, recordOnce, staffEntry, type Deps, type LedgerResult } from './shop-ledger.ts'

/** Cash, a check or a card on the shop's terminal: up to the balance; a payment that settles it marks the order paid. */
export async function recordShopPayment({ orders, ledger, orderId, adminId, actor, input, now = () => new Date() }: Deps & { input: ShopPaymentInput }): Promise<LedgerResult> {
  const entryId = `shop_${input.requestId}`
  return recordOnce({
    orders,
    ledger,
    orderId,
    entryId,
    audit: actor && { actor, action: 'ledger.payment', summary: `Recorded a ${METHOD_LABELS[input.method]} payment of ${formatCents(input.amountCents)}${input.reference ? ` (${input.reference})` : ''}` },
    plan: (o) => {
      assertWithinBalance(o, input.amountCents)
      const at = now().toISOString()
      const label = METHOD_LABELS[input.method]
      const paid = whenPaidInFull({ before: o, next: bumped(o, at, { amountPaidCents: o.amountPaidCents + input.amountCents }), at, t: Date.parse(at) + 1, by: adminId })
      return {
        order: { order: paid.order, expected: o.version },
        create: [staffEntry(o, entryId, adminId, at, { kind: 'payment', amountCents: input.amountCents, paymentMethod: label, paymentStatus: 'successful', ...(input.reference ? { reason: input.reference } : {}) })],
        updates: [staffUpdate({ order: o, status: HISTORY_EVENTS.paymentRecorded, notes: lm.paymentNote(label, formatCents(input.amountCents), input.reference), userId: adminId, at }), ...(paid.update ? [paid.update] : [])],
        notifications: [paymentReceivedNotification({ order: paid.order, at, id: sortableId(Date.parse(at)), amountCents: input.amountCents, paidInFull: paid.paidInFull })],
      }
    },
  })
}
