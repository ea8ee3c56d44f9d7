import { bookMessages as m, receivedOnRefusal } from '@gs/shared/book'
import { firearmTypeLabel } from '@gs/shared/firearms'
import { orderMessages } from '@gs/shared/order-messages'
import type { ReceiveFirearmInput } from '@gs/shared/schemas/book-receive'
import { defaultStatusNote } from '@gs/shared/admin-messages'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import { sortableId } from '../db/ids.ts'
import type { Actor, AuditEvent } from '../domain/audit.ts'
import { acquire, addressLine, assertNotFuture } from '../domain/book.ts'
import type { Order, StoredIntake } from '../domain/order.ts'
import type { OrderWriteExtras } from '../db/repositories/orders.ts'
import { staffMessageNotification } from '../domain/staff-message-notification.ts'
import { ConflictError, ValidationError } from '../lib/errors.ts'
import { loadStaffOrder, orderAudit, staffUpdate } from './admin-order-write.ts'
import { commitWithBook, type BookDeps } from './book-order-write.ts'

/** Statuses an intake moves on to Firearm Received (an order waiting for the firearm); later ones keep theirs. */
const BEFORE_RECEIPT: readonly string[] = ['order_created', 'label_created']

interface ReceiveFirearm extends BookDeps {
  orderId: string
  input: ReceiveFirearmInput
  adminId: string
  actor: Actor
  now?: () => Date
}

/**
 * "Receive firearm" (docs/business-rules.md "The A&D book"): records the intake on the order (date, received
 * from, the firearm's type, manufacturer, importer, model, serial, caliber or gauge, condition and what came
 * with it) and writes the book's acquisition entry and line in the SAME transaction, over the version the admin
 * loaded. The date received is the real one (not in the future, not before the order was created): an order whose
 * firearm came in before its intake was recorded (missing from the book) is received on the day it came. An order
 * waiting for its firearm moves to Firearm Received (the customer is told); a firearm already in the book is refused
 * (a correction changes it). The received-from address of the customer is the one the
 * admin confirmed; a licensee is named with its FFL number.
 */
export async function receiveFirearm({ orders, book, orderId, input, adminId, actor, now = () => new Date() }: ReceiveFirearm): Promise<Order> {
  const current = await loadStaffOrder({ orders, orderId })
  if (current.version !== input.version) throw new ConflictError(orderMessages.staleOrder)
  if (current.intake) throw new ValidationError(m.alreadyReceived)
  const when = now()
  assertNotFuture(input.receivedOn, 'receivedOn', when)
  // The form checks the same (receiveFirearmSchemaFor); the route's schema cannot, not knowing the order.
  const early = receivedOnRefusal(input.receivedOn, current.createdAt)
  if (early) throw new ValidationError(early, { receivedOn: early })
  const at = when.toISOString()
  const next = receivedOrder(current, input, { adminId, when })
  const moved = next.currentStatus !== current.currentStatus
  const history = staffUpdate({
    order: next,
    status: moved ? next.currentStatus : HISTORY_EVENTS.intakeRecorded,
    notes: moved ? defaultStatusNote(next.currentStatus) : `Firearm received on ${input.receivedOn}.`,
    userId: adminId,
    at,
  })
  const notification = staffMessageNotification({ order: next, at, id: sortableId(Date.parse(at)), previousStatus: current.currentStatus })
  return commitIntake({ orders, book }, current, next, {
    actor,
    at,
    extras: { putUpdates: [history], putNotifications: notification ? [notification] : [] },
    audit: (lineNumber) => [orderAudit({ actor, action: 'order.receive_firearm', summary: `Received the firearm (A&D entry ${lineNumber}): ${describeFirearm(next)}` }, current, next, at)],
  })
}

/** The intake's fields: Receive Firearm's body, and an import row's (book-import.ts) without its order's version. */
export type IntakeFields = Omit<ReceiveFirearmInput, 'version' | 'fromAddress'> & { fromAddress?: ReceiveFirearmInput['fromAddress'] | string }

/** "Pistol Glock 19, serial ABC123": the firearm as the audit summaries name it. */
export const describeFirearm = (o: Order) => `${firearmTypeLabel(o.firearmType)} ${o.firearmMake} ${o.firearmModel}, serial ${o.serialNumber}`

/**
 * The order as its intake leaves it (Receive Firearm and the import of firearms already in the shop share it): the
 * intake recorded (a customer is named as the order's customer unless the fields name the person; an address given
 * as one line is kept as written), the firearm's description, and an order waiting for its firearm moved on to
 * Firearm Received.
 */
export function receivedOrder(current: Order, input: IntakeFields, { adminId, when }: { adminId: string; when: Date }): Order {
  const at = when.toISOString()
  const fromCustomer = input.from === 'customer'
  const intake: StoredIntake = {
    receivedOn: input.receivedOn,
    from: input.from,
    fromName: fromCustomer ? (input.fromName ?? current.customerName) : input.fromName!,
    fromLicense: fromCustomer ? undefined : (input.fromLicense ?? undefined),
    fromAddress: typeof input.fromAddress === 'string' ? input.fromAddress : addressLine(input.fromAddress),
    conditionNotes: input.conditionNotes ?? '',
    itemsReceived: input.itemsReceived ?? '',
    recordedAt: at,
    recordedBy: adminId,
    entryId: sortableId(when.getTime()),
  }
  return {
    ...current,
    firearmType: input.firearmType,
    firearmMake: input.firearmMake,
    firearmImporter: input.firearmImporter ?? undefined,
    firearmModel: input.firearmModel,
    serialNumber: input.serialNumber,
    firearmCaliber: input.firearmCaliber,
    inboundTrackingNumber: input.inboundTrackingNumber ?? current.inboundTrackingNumber,
    promisedDate: input.promisedDate === undefined ? current.promisedDate : (input.promisedDate ?? undefined),
    currentStatus: BEFORE_RECEIPT.includes(current.currentStatus) ? 'firearm_received' : current.currentStatus,
    intake,
    updatedAt: at,
  }
}

/**
 * Writes a received order with its acquisition entry and new line of the book, in ONE transaction (commitWithBook):
 * the entry and line created (never over another), the book's next entry number taken, the order over the version
 * read, or created (`created`: an order made for a firearm already in the shop, which must not exist yet).
 */
export function commitIntake(
  deps: BookDeps,
  current: Order,
  next: Order,
  { actor, at, extras, audit, created = false }: { actor: Actor; at: string; extras: OrderWriteExtras; audit: (lineNumber: number) => AuditEvent[]; created?: boolean },
): Promise<Order> {
  return commitWithBook(
    deps,
    current,
    (lineNumber) => {
      const { entry, line } = acquire(next, next.intake!, { lineNumber, actor, at })
      return { order: next, entries: [entry], line, expectedLine: 'create', extras: { ...extras, audit: audit(lineNumber) } }
    },
    { newLine: true, created },
  )
}
