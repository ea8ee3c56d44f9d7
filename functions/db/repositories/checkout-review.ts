import type { Payment, StatusUpdate } from '#functions/domain/order.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { counterItems, entryAt, readEntries, stillAs } from './ledger-counters.ts'
import { checkoutTakesEvent, retryOnCheckoutEvent } from './payments.ts'

/**
 * A signed success event the provider does not confirm (status, amount received or currency differ):
 * the checkout marked needs_review, one ledger row per order of it (pending, flagged `unconfirmed`:
 * not paid, shown to staff), and a history entry per order, in ONE transaction with the ledger
 * counters. A file of its own: only the webhook loads it, never an API function's cold start.
 */
export interface UnconfirmedCheckoutWrite {
  paymentIntentId: string
  eventId: string
  eventCreated: number
  failureMessage: string
  at: string
  /** At the payments' own ids (paymentIdFor): a success the provider confirms later writes its payment over them. */
  rows: Payment[]
  /** Written with the rows' first write only (a redelivered event finds them written). */
  updates: StatusUpdate[]
}

export interface CheckoutReviewRepository {
  /** False when the checkout has succeeded or has already seen a newer event (nothing written). */
  recordUnconfirmed(write: UnconfirmedCheckoutWrite): Promise<boolean>
}

export function createCheckoutReviewRepository({ table, client }: TableConfig): CheckoutReviewRepository {
  const service = createService({ table, client })
  const { payment } = service.entities
  return {
    async recordUnconfirmed(w) {
      return retryOnCheckoutEvent('Unconfirmed checkout', async () => {
        // The rows as they are (absent, or a pending attempt's row): each write is conditioned on it, so the counters move exactly.
        const before = await readEntries(payment, w.rows)
        const fresh = w.rows.some((p) => entryAt(before, p)?.flag !== p.flag)
        return service.transaction
          .write((entities) => {
            const { checkout, payment: payments, statusUpdate } = entities
            return [
              checkout
                .patch({ paymentIntentId: w.paymentIntentId })
                .set({ status: 'needs_review', updatedAt: w.at, lastEventId: w.eventId, lastEventCreated: w.eventCreated, failureMessage: w.failureMessage })
                .where(checkoutTakesEvent(w.eventCreated))
                .commit(),
              ...w.rows.map((p) => payments.put(p).where(stillAs(entryAt(before, p))).commit()),
              ...counterItems(entities, w.rows.map((p) => ({ before: entryAt(before, p), after: p }))),
              ...(fresh ? w.updates.map((u) => statusUpdate.put(u).commit()) : []),
            ] as never
          })
          .go()
      })
    },
  }
}
