import { countDeltas, type EntryChange, type LedgerCounts } from '#functions/domain/ledger-stats.ts'
import type { Payment } from '#functions/domain/order.ts'
import { LEDGER_COUNTER_SHARDS } from '../entities/ledger-counter.ts'
import type { GunsmithService } from '../service.ts'

type Entities = GunsmithService['entities']
type TxEntities = Parameters<Parameters<GunsmithService['transaction']['write']>[0]>[0]
type Key = { orderId: string; paymentId: string }

const keyOf = (k: Key) => `${k.orderId}\u0000${k.paymentId}`

/**
 * The entries at these keys as they are now (strongly consistent): the "before" of a write, which the
 * write is then conditioned on, so the counters move by exactly what changed.
 */
export async function readEntries(payment: Entities['payment'], keys: readonly Key[]): Promise<Map<string, Payment>> {
  const found = new Map<string, Payment>()
  const unique = [...new Map(keys.map((k) => [keyOf(k), { orderId: k.orderId, paymentId: k.paymentId }])).values()]
  if (!unique.length) return found
  let { data, unprocessed } = await payment.get(unique).go({ consistent: true })
  for (let round = 0; unprocessed.length && round < 5; round++) {
    for (const p of data as Payment[]) found.set(keyOf(p), p)
    ;({ data, unprocessed } = await payment.get(unprocessed as Key[]).go({ consistent: true }))
  }
  if (unprocessed.length) throw new Error(`Could not read ${unprocessed.length} ledger entries`)
  for (const p of data as Payment[]) found.set(keyOf(p), p)
  return found
}

export const entryAt = (entries: Map<string, Payment>, k: Key) => entries.get(keyOf(k)) ?? null

/** The condition that an entry is still as it was read: absent, or with the same status and refunded amount. */
export function stillAs(before: Payment | null) {
  return (
    { paymentStatus, refundedCents }: { paymentStatus: unknown; refundedCents: unknown },
    { eq, notExists }: { eq: (a: never, v: unknown) => string; notExists: (a: never) => string },
  ): string => {
    if (!before) return notExists(paymentStatus as never)
    const refunded = before.refundedCents ? eq(refundedCents as never, before.refundedCents) : `(${notExists(refundedCents as never)} OR ${eq(refundedCents as never, 0)})`
    return `${eq(paymentStatus as never, before.paymentStatus)} AND ${refunded}`
  }
}

/** The counter updates of a write: one ADD per bucket it moves, all on one shard picked at random. */
export function counterItems(entities: Pick<TxEntities, 'ledgerCounter'>, changes: readonly EntryChange[], shard = Math.floor(Math.random() * LEDGER_COUNTER_SHARDS)) {
  return [...countDeltas(changes)].map(([bucket, d]) => entities.ledgerCounter.update({ scope: 'ledger', bucket, shard: String(shard) }).add(d).commit())
}

/** Sets the counters to what a full count of the ledger found (the migration that starts them, and a recount). */
export async function replaceCounters(entities: Pick<Entities, 'ledgerCounter'>, totals: Map<string, LedgerCounts>) {
  const { data: existing } = await entities.ledgerCounter.query.byBucket({ scope: 'ledger' }).go({ pages: 'all' })
  for (const item of existing) await entities.ledgerCounter.delete({ scope: 'ledger', bucket: item.bucket, shard: item.shard }).go()
  for (const [bucket, counts] of totals) await entities.ledgerCounter.put({ scope: 'ledger', bucket, shard: '0', ...counts }).go()
}
