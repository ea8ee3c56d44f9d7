import { bookMessages as m, custodyRefusal, missingFromBook } from '@gs/shared/book'
import { ValidationError } from '../lib/errors.ts'
import type { Order } from './order.ts'

/** The firearm is in the shop's custody: received (its acquisition in the A&D book) and not yet released. */
export const inCustody = (o: Pick<Order, 'intake' | 'release'>) => !!o.intake && !o.release

/** The order fields the book describes: changed only by a correction once the firearm is in the book. */
export const BOOK_ORDER_FIELDS = ['firearmType', 'firearmMake', 'firearmImporter', 'firearmModel', 'serialNumber', 'firearmCaliber'] as const

/**
 * What a status change may not do to the order's firearm (shared/src/book.ts custodyRefusal, the rule the order
 * editor shows before saving): a status that says the firearm is in the shop without its intake, one that says it
 * left without its release. `field` names the form field in the 400. Every order write is held to the same rule
 * when it is stored (bookCheckedWrite); a route checks first to name its own field.
 */
export function checkCustody(current: Order, nextStatus: string, field: string): void {
  const refusal = custodyRefusal(current, nextStatus)
  if (refusal) throw new ValidationError(refusal, { [field]: refusal })
}

/** Why an order may not be deleted for its firearm's sake, or null: in custody (release it first), or missing from the book (receive it first). */
export function deleteRefusal(current: Order): string | null {
  if (inCustody(current)) return m.deleteInCustody
  if (missingFromBook(current)) return m.deleteMissing
  return null
}

/**
 * An order as one write stores it, held to the A&D book (every order write: domain/order-commit.ts): its status
 * against the status it was read with (`storedStatus`; none for a created order, and a write of an order not read
 * from the table is checked as a new status) with the entries the order has as written; a soft delete of an order
 * whose firearm is in custody or missing from the book. Returns whether the order is listed among the firearms
 * missing from the book once written: the rule of missingFromBook over what it was listed as, never while deleted.
 */
export function bookCheckedWrite(order: Order, { created, softDelete }: { created: boolean; softDelete?: boolean }): boolean {
  const before = { currentStatus: created ? undefined : order.storedStatus, intake: order.intake, release: order.release, missingFromBook: order.missingFromBook }
  const refusal = custodyRefusal(before, order.currentStatus)
  if (refusal) throw new ValidationError(refusal, { currentStatus: refusal })
  const kept = softDelete ? deleteRefusal(order) : null
  if (kept) throw new ValidationError(kept)
  return !order.isDeleted && missingFromBook({ ...order, missingFromBook: created ? false : order.missingFromBook })
}

/** Once in the book, the firearm's description changes only by a correction (with a reason): an edit of it is refused. */
export function checkBookFields(current: Order, next: Order): void {
  if (!current.intake) return
  const changed = BOOK_ORDER_FIELDS.filter((k) => (current[k] ?? '') !== (next[k] ?? ''))
  if (changed.length) throw new ValidationError(m.bookFieldsLocked, Object.fromEntries(changed.map((k) => [k, m.bookFieldsLocked])))
}
