import type { EntityItem } from 'electrodb'
import { missingFromBook } from '@gs/shared/book'
import { cancellationCodes, CONDITION_FAILED, ContendedTransaction, TRANSACTION_CONFLICT } from '../conditions.ts'
import { retryOnConflict } from '#functions/lib/retry.ts'
import { missingFromBookItems } from '../repositories/missing-from-book.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'

/**
 * Lists the orders stored before the list of firearms missing from the A&D book (no `missingFromBook`): an order
 * whose status says its firearm is in the shop or left it, with no intake, and not deleted, is listed (its list
 * item, the count); every other one is marked not listed. Nothing else of the order changes: no status, no entry
 * (staff record the intake from the list, with the real date). Per order one transaction, conditioned on the
 * version read and on the attribute's absence: an order a live write decided meanwhile is left as it is, and
 * running it again changes nothing.
 */
export async function listMissingFromBook(config: TableConfig): Promise<{ orders: number; listed: number }> {
  const service = createService(config)
  const { order } = service.entities
  let orders = 0
  let listed = 0
  type Stored = EntityItem<typeof order>
  for (const scanned of (await order.scan.go({ pages: 'all' })).data as Stored[]) {
    orders += 1
    let o: Stored | null = scanned
    // Live writes may hold the count, or write the order meanwhile: the one retry policy (lib/retry.ts).
    await retryOnConflict(
      async () => {
        if (!o || o.missingFromBook !== undefined) return
        const current: Stored = o
        // What the order's status says, as stored before the list (nothing carried over: it was never listed).
        const missing = !current.isDeleted && missingFromBook({ currentStatus: current.currentStatus, intake: current.intake })
        const result = await service.transaction
          .write((entities) => [
            entities.order
              .put({ ...current, missingFromBook: missing })
              .where(({ version, missingFromBook: listedAs }, { eq, notExists }) => `${eq(version, current.version)} AND ${notExists(listedAs)}`)
              .commit(),
            ...missingFromBookItems(entities, [{ order: current, missing: { before: false, after: missing } }]),
          ] as never)
          .go()
        if (!result.canceled) {
          listed += missing ? 1 : 0
          return
        }
        const codes = cancellationCodes(result.data)
        if (!(codes[0] === CONDITION_FAILED || codes.includes(TRANSACTION_CONFLICT))) throw new Error(`Missing from the book: order ${current.orderId} not decided: ${JSON.stringify(codes)}`)
        // Written meanwhile: read it again (a commit decided it already when it has the attribute now).
        if (codes[0] === CONDITION_FAILED) o = (await order.get({ orderId: current.orderId }).go({ consistent: true })).data
        throw new ContendedTransaction(codes)
      },
      { exhausted: (err) => new Error(`Missing from the book: order ${scanned.orderId} not decided: ${JSON.stringify((err as ContendedTransaction).codes)}`) },
    )
  }
  return { orders, listed }
}
