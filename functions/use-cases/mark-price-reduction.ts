import { formatCents } from '@gs/shared/money'
import { orderMessages } from '@gs/shared/order-messages'
import { ledgerMessages as lm, PRICE_REDUCTION_LABEL } from '@gs/shared/payment-rules'
import type { MarkPriceReductionInput } from '@gs/shared/schemas/ledger'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import type { Actor } from '../domain/audit-actor.ts'
import { invoiceOf } from '../domain/order.ts'
import { priceReductionEntryId } from '../domain/provider-money.ts'
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts'
import { retryOnConflict } from '../lib/retry.ts'
import { orderAudit, staffUpdate } from './admin-order-write.ts'
import { OrderChanges, type ProviderMoneyDeps } from './provider-refunds.ts'
import type { LedgerResult } from './shop-ledger.ts'
import { staffEntry } from './shop-ledger.ts'

/**
 * A refund made at the card provider (a return of money by default: the bill stayed) was a price reduction: the bill
 * goes down by its amount (a discount beside it, in one transaction, audited), so the balance it reopened closes.
 * At most the balance due (a discount never makes an overpayment). Marked already: answers it as it is.
 */
export async function markPriceReduction({ orders, ledger, orderId, paymentId, adminId, actor, input, now = () => new Date() }: ProviderMoneyDeps & { orderId: string; paymentId: string; adminId: string; actor?: Actor; input: MarkPriceReductionInput }): Promise<LedgerResult> {
  return retryOnConflict(
    async () => {
      const entry = await ledger.getEntry(orderId, paymentId)
      if (!entry) throw new NotFoundError(lm.entryNotFound)
      const [order] = await orders.getOrders([orderId], { consistent: true })
      if (!order || order.isDeleted) throw new NotFoundError(orderMessages.orderNotFound)
      if (entry.purpose === 'price_reduction') return { order, entry }
      if (entry.kind !== 'refund' || entry.origin !== 'provider' || entry.dispute || entry.paymentStatus === 'failed') throw new ValidationError(lm.notProviderRefund)
      const balance = invoiceOf(order).balanceDueCents
      if (entry.amountCents > balance) throw new ValidationError(lm.reductionAboveBalance(balance))
      const at = now().toISOString()
      const changes = new OrderChanges([order])
      changes.move(orderId, at, { adjustments: entry.amountCents })
      const [write] = changes.writes()
      const amount = formatCents(entry.amountCents)
      const marked = { ...entry, purpose: 'price_reduction' as const }
      await ledger.write({
        orders: [write!],
        entries: [
          { before: entry, after: marked },
          { before: null, after: staffEntry(order, priceReductionEntryId(entry.paymentId), adminId, at, { kind: 'adjustment', amountCents: entry.amountCents, paymentMethod: PRICE_REDUCTION_LABEL, paymentStatus: 'successful', reason: input.reason }) },
        ],
        updates: [staffUpdate({ order, status: HISTORY_EVENTS.adjustmentGranted, notes: `${lm.markedPriceReductionNote(amount)} ${input.reason}`, userId: adminId, at })],
        audit: actor ? [orderAudit({ actor, action: 'ledger.adjustment', summary: `Marked the refund of ${amount} made at the card provider as a price reduction: ${input.reason}` }, order, write!.order, at)] : [],
      })
      const [after] = await orders.getOrders([orderId], { consistent: true })
      return { order: after!, entry: (await ledger.getEntry(orderId, paymentId))! }
    },
    { exhausted: () => new ConflictError(orderMessages.staleOrder) },
  )
}
