import { defaultStatusNote } from '@gs/shared/admin-messages'
import { bookMessages as m, STATUS_AFTER_RELEASE as STATUS_AFTER } from '@gs/shared/book'
import { orderMessages } from '@gs/shared/order-messages'
import type { ReleaseFirearmInput } from '@gs/shared/schemas/book-release'
import { HISTORY_EVENTS } from '@gs/shared/statuses'
import { sortableId } from '../db/ids.ts'
import type { Actor } from '../domain/audit.ts'
import { addressLine, assertNotFuture, dispose } from '../domain/book.ts'
import { checkRelease } from '../domain/release-rule.ts'
import type { Order, StoredRelease } from '../domain/order.ts'
import { staffMessageNotification } from '../domain/staff-message-notification.ts'
import { ConflictError, ValidationError } from '../lib/errors.ts'
import { loadStaffOrder, orderAudit, staffUpdate } from './admin-order-write.ts'
import { commitWithBook, type BookDeps } from './book-order-write.ts'

interface ReleaseFirearm extends BookDeps {
  orderId: string
  input: ReleaseFirearmInput
  adminId: string
  actor: Actor
  now?: () => Date
}

/**
 * "Release firearm": the firearm leaves the shop, shipped (carrier and tracking) or picked up, with the book's
 * disposition entry in the SAME transaction as the order moving to Shipped (or Order Closed for a pickup):
 * a firearm never leaves without its disposition, and never twice. The release rule of every release status
 * applies (full payment, or an override reason recorded in the history). Shipped to the order's return name and
 * address by default (the admin confirms them), picked up by the customer, or transferred to a licensee.
 */
export async function releaseFirearm({ orders, book, orderId, input, adminId, actor, now = () => new Date() }: ReleaseFirearm): Promise<Order> {
  const current = await loadStaffOrder({ orders, orderId })
  if (current.version !== input.version) throw new ConflictError(orderMessages.staleOrder)
  if (current.release) throw new ValidationError(m.alreadyReleased)
  if (!current.intake) throw new ValidationError(m.notInCustody)
  const when = now()
  assertNotFuture(input.releasedOn, 'releasedOn', when)
  if (input.releasedOn < current.intake.receivedOn) {
    const message = `The date of disposition cannot be before the date of receipt (${current.intake.receivedOn}).`
    throw new ValidationError(message, { releasedOn: message })
  }
  const line = await book.getLine(orderId, { consistent: true })
  if (!line) throw new ValidationError(m.notInCustody)
  const at = when.toISOString()
  const status = STATUS_AFTER[input.method]
  const override = checkRelease(current, status, input.releaseOverrideReason, 'method')
  const toCustomer = input.to === 'customer'
  const pickup = input.method === 'pickup'
  // A person other than the one who delivered it (the schema asked for the licensee's FFL or the 4473): its license, if given, is recorded.
  const transfer = toCustomer && input.recipientIsDeliverer === false
  const release: StoredRelease = {
    releasedOn: input.releasedOn,
    method: input.method,
    to: input.to,
    toName: input.toName || (toCustomer && input.method === 'ship' ? current.returnName : undefined) || current.customerName,
    toLicense: toCustomer && !transfer ? undefined : (input.toLicense ?? undefined),
    toAddress: addressLine(input.toAddress),
    carrier: input.method === 'ship' ? (input.carrier ?? undefined) : undefined,
    trackingNumber: input.method === 'ship' ? (input.trackingNumber ?? undefined) : undefined,
    idType: pickup ? (input.idType ?? undefined) : undefined,
    idIssuer: pickup ? (input.idIssuer ?? undefined) : undefined,
    idLast4: pickup ? (input.idLast4 ?? undefined) : undefined,
    // A licensee is never the person who delivered it; a person is as the staff answered (a shipment not asked: unrecorded).
    recipientIsDeliverer: toCustomer ? (input.recipientIsDeliverer ?? undefined) : false,
    form4473Ref: transfer || !toCustomer ? (input.form4473Ref ?? undefined) : undefined,
    adultSignature: pickup ? undefined : (input.adultSignature ?? false),
    recordedAt: at,
    recordedBy: adminId,
    entryId: sortableId(when.getTime()),
  }
  const next: Order = {
    ...current,
    release,
    currentStatus: status,
    outboundTrackingNumber: release.trackingNumber ?? current.outboundTrackingNumber,
    updatedAt: at,
  }
  const moved = status !== current.currentStatus
  const putUpdates = [
    staffUpdate({
      order: next,
      status: moved ? status : HISTORY_EVENTS.firearmReleased,
      notes: input.statusNote || (moved ? defaultStatusNote(status) : input.method === 'ship' ? 'Firearm shipped.' : 'Firearm picked up.'),
      userId: adminId,
      at,
    }),
    // The override's reason is for staff: the customer's timeline shows the release alone.
    ...(override ? [staffUpdate({ order: next, status: HISTORY_EVENTS.releaseOverride, notes: override, userId: adminId, at, seq: 1, internal: true })] : []),
  ]
  const notification = staffMessageNotification({
    order: next,
    at,
    id: sortableId(Date.parse(at)),
    previousStatus: current.currentStatus,
    previousTrackingNumber: current.outboundTrackingNumber ?? null,
    note: input.statusNote ?? undefined,
  })
  const { entry, line: closed } = dispose(line, release, { actor, at })
  return commitWithBook({ orders, book }, current, () => ({
    order: next,
    entries: [entry],
    line: closed,
    expectedLine: line.version,
    extras: {
      putUpdates,
      putNotifications: notification ? [notification] : [],
      audit: [orderAudit({ actor, action: 'order.release_firearm', summary: `Released the firearm (A&D entry ${line.lineNumber}): ${input.method === 'ship' ? `shipped by ${release.carrier}, tracking ${release.trackingNumber}${release.adultSignature ? ', adult signature required' : ''}` : 'picked up'} to ${release.toName}${transfer ? ` (not the person who delivered it: ${release.form4473Ref ? `Form 4473 ${release.form4473Ref}` : `FFL ${release.toLicense}`})` : ''}` }, current, next, at)],
    },
  }))
}
