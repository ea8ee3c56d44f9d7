import { bookMessages as m, custodyRefusal } from '@gs/shared/book'
import { ValidationError } from '../lib/errors.ts'
import type { Order } from './order.ts'

/** The firearm is in the shop's custody: received (its acquisition in the A&D book) and not yet released. */
export const inCustody = (o: Pick<Order, 'intake' | 'release'>) => !!o.intake && !o.release


/** The order fields the book describes: changed only by a correction once the firearm is in the book. */
export const BOOK_ORDER_FIELDS = ['firearmType', 'firearmMake', 'firearmImporter', 'firearmModel', 'serialNumber', 'firearmCaliber'] as const

/**
 * What a status change may not do to a firearm in the book's care (an order never received through the book
 * is not held to it): move to Firearm Received without the intake (Receive Firearm writes the acquisition),
 * or to Shipped, Delivered or Order Closed while the firearm is in custody (Release Firearm writes the
 * disposition first). `field` names the form field in the 400.
 */
export function checkCustody(current: Order, nextStatus: string, field: string): void {
  // The rule the order editor shows before saving (shared/src/book.ts), enforced here.
  const refusal = custodyRefusal(current, nextStatus)
  if (refusal) throw new ValidationError(refusal, { [field]: refusal })
}

/** Once in the book, the firearm's description changes only by a correction (with a reason): an edit of it is refused. */
export function checkBookFields(current: Order, next: Order): void {
  if (!current.intake) return
  const changed = BOOK_ORDER_FIELDS.filter((k) => (current[k] ?? '') !== (next[k] ?? ''))
  if (changed.length) throw new ValidationError(m.bookFieldsLocked, Object.fromEntries(changed.map((k) => [k, m.bookFieldsLocked])))
}

