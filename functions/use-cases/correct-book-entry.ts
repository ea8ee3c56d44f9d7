import { bookMessages as m } from '@gs/shared/book'
import { orderMessages } from '@gs/shared/order-messages'
import { CORRECTABLE, type BookCorrectionInput } from '@gs/shared/schemas/book-correction'
import { sortableId } from '../db/ids.ts'
import type { Actor } from '../domain/audit.ts'
import { addressLine, assertNotFuture, type BookLineColumns } from '../domain/book.ts'
import { correct, orderAfterCorrection } from '../domain/book-corrections.ts'
import type { Order } from '../domain/order.ts'
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts'
import { loadStaffOrder, orderAudit } from './admin-order-write.ts'
import { commitWithBook, type BookDeps } from './book-order-write.ts'

interface CorrectBookEntry extends BookDeps {
  orderId: string
  input: BookCorrectionInput
  actor: Actor
  now?: () => Date
}

type Fields = BookCorrectionInput['fields']

/** A correction's fields as the line's columns (an address as its one line; null clears). */
function columnsOf(f: Fields): Partial<BookLineColumns> {
  const out: Record<string, unknown> = {}
  const set = (k: keyof BookLineColumns, v: unknown) => {
    if (v !== undefined) out[k] = v === null ? undefined : v
  }
  set('acquiredOn', f.receivedOn)
  set('from', f.from)
  set('fromName', f.fromName)
  set('fromLicense', f.fromLicense)
  if (f.fromAddress !== undefined) out.fromAddress = addressLine(f.fromAddress)
  set('firearmType', f.firearmType)
  set('manufacturer', f.firearmMake)
  set('importer', f.firearmImporter)
  set('model', f.firearmModel)
  set('serialNumber', f.serialNumber)
  set('caliber', f.firearmCaliber)
  set('disposedOn', f.releasedOn)
  set('to', f.to)
  set('toName', f.toName)
  set('toLicense', f.toLicense)
  if (f.toAddress !== undefined) out.toAddress = addressLine(f.toAddress)
  return out as Partial<BookLineColumns>
}

/** What the book needs of each side once corrected: a licensee's name and license, anyone else's address; dates in order. */
function checkCorrected(c: BookLineColumns, kind: 'acquisition' | 'disposition', now: Date) {
  const [party, name, license, address] = kind === 'acquisition' ? (['from', c.fromName, c.fromLicense, c.fromAddress] as const) : (['to', c.toName, c.toLicense, c.toAddress] as const)
  const side = kind === 'acquisition' ? c.from : c.to
  if (side === 'licensee' && !name) throw new ValidationError(m.licenseeNameRequired, { [`fields.${party}Name`]: m.licenseeNameRequired })
  if (side === 'licensee' && !license) throw new ValidationError(m.licenseRequired, { [`fields.${party}License`]: m.licenseRequired })
  if (side !== 'licensee' && !address) throw new ValidationError(m.addressRequired, { [`fields.${party}Address`]: m.addressRequired })
  if (kind === 'acquisition') assertNotFuture(c.acquiredOn, 'fields.receivedOn', now)
  if (kind === 'disposition' && c.disposedOn) assertNotFuture(c.disposedOn, 'fields.releasedOn', now)
  if (c.disposedOn && c.disposedOn < c.acquiredOn) {
    const message = 'The date of disposition cannot be before the date of receipt.'
    throw new ValidationError(message, { [kind === 'acquisition' ? 'fields.receivedOn' : 'fields.releasedOn']: message })
  }
}

/**
 * Corrects the A&D book (ATF Ruling 2016-1): a NEW entry that names the acquisition or disposition entry it
 * corrects, with the corrected columns, what changed (before → after) and the reason; the original entry is
 * never changed, and the line keeps its columns as first recorded beside the corrected ones. The order's
 * description, intake and release follow the correction in the same transaction (the work order prints what
 * the book says), over the order version the admin loaded and the line version read.
 */
export async function correctBookEntry({ orders, book, orderId, input, actor, now = () => new Date() }: CorrectBookEntry): Promise<Order> {
  const current = await loadStaffOrder({ orders, orderId })
  if (current.version !== input.version) throw new ConflictError(orderMessages.staleOrder)
  const line = await book.getLine(orderId, { consistent: true })
  if (!line) throw new NotFoundError(m.lineNotFound)
  const allowed: readonly string[] = CORRECTABLE[input.entry]
  const foreign = Object.keys(input.fields).filter((k) => (input.fields as Record<string, unknown>)[k] !== undefined && !allowed.includes(k))
  if (foreign.length) {
    const message = `The ${input.entry} entry does not hold ${foreign.join(', ')}.`
    throw new ValidationError(message, Object.fromEntries(foreign.map((k) => [`fields.${k}`, message])))
  }
  const changed = columnsOf(input.fields)
  // Back to the customer: their name, unless the correction names someone.
  if (changed.from === 'customer' && input.fields.fromName === undefined) changed.fromName = current.customerName
  if (changed.to === 'customer' && input.fields.toName === undefined) changed.toName = current.customerName
  const when = now()
  const at = when.toISOString()
  const { entry, line: corrected } = correct(line, input.entry, changed, { reason: input.reason, entryId: sortableId(when.getTime()), actor, at })
  checkCorrected(corrected.current, input.entry, when)
  const next: Order = { ...orderAfterCorrection(current, corrected.current), updatedAt: at }
  return commitWithBook({ orders, book }, current, () => ({
    order: next,
    entries: [entry],
    line: corrected,
    expectedLine: line.version,
    extras: {
      // The record's changes are the order's before → after (the description, the intake or release it corrects).
      audit: [orderAudit({ actor, action: 'book.correct', summary: `Corrected the ${input.entry} of A&D entry ${line.lineNumber}: ${input.reason}` }, current, next, at)],
    },
  }))
}
