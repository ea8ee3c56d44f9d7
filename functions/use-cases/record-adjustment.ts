import { formatCents } from '@gs/shared/money'
import { METHOD_LABELS, ledgerMessages as lm } from '@gs/shared/payment-rules'
import type { AdjustmentInput } from '@gs/shared/schemas/ledger'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import { staffUpdate } from './admin-order-write.ts'
import { assertWithinBalance, bumped, recordOnce, staffEntry, type Deps, type LedgerResult } from './shop-ledger.ts'

/** A discount or write-off: lowers the balance (never below zero), with its reason in the history. */
export async function recordAdjustment({ orders, ledger, orderId, adminId, actor, input, now = () => new Date() }: Deps & { input: AdjustmentInput }): Promise<LedgerResult> {
  const entryId = `adj_${input.requestId}`
  return recordOnce({
    orders,
    ledger,
    orderId,
    entryId,
    audit: actor && { actor, action: 'ledger.adjustment', summary: `Granted a ${METHOD_LABELS[input.kind]} of ${formatCents(input.amountCents)}: ${input.reason}` },
    plan: (o) => {
      assertWithinBalance(o, input.amountCents)
      const at = now().toISOString()
      const label = METHOD_LABELS[input.kind]
      return {
        order: { order: bumped(o, at, { adjustmentsCents: (o.adjustmentsCents ?? 0) + input.amountCents }), expected: o.version },
        create: [staffEntry(o, entryId, adminId, at, { kind: 'adjustment', amountCents: input.amountCents, paymentMethod: label, paymentStatus: 'successful', reason: input.reason })],
        updates: [staffUpdate({ order: o, status: HISTORY_EVENTS.adjustmentGranted, notes: lm.adjustmentNote(label, formatCents(input.amountCents), input.reason), userId: adminId, at })],
      }
    },
  })
}
