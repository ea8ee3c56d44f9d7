import { formatAddress, type Address } from '@gs/shared/address'
import { bookMessages as m, bookToday } from '@gs/shared/book'
import type { FirearmType } from '@gs/shared/firearms'
import { ValidationError } from '../lib/errors.ts'
import type { Actor } from './audit.ts'
import type { Order, StoredIntake, StoredRelease } from './order.ts'

/**
 * The A&D book (27 CFR 478.125(e); ATF Ruling 2016-1): entries written once and never changed (acquisition,
 * disposition, corrections), and a line per firearm rewritten with each entry (docs/business-rules.md, "The A&D
 * book"). The order keeps the intake, the release and the firearm's description, equal to the line's current columns.
 */

export type Party = 'customer' | 'licensee'

/** A line's columns: receipt, description, disposition ('' where none). */
export interface BookLineColumns {
  acquiredOn: string
  from: Party
  fromName: string
  fromLicense?: string
  fromAddress?: string
  firearmType: FirearmType
  manufacturer: string
  importer?: string
  model: string
  serialNumber: string
  caliber: string
  disposedOn?: string
  to?: Party
  toName?: string
  toLicense?: string
  toAddress?: string
  method?: 'ship' | 'pickup'
  carrier?: string
  trackingNumber?: string
  /** The disposition's checks (shared/src/release-checks.ts): how the recipient was identified, yes/no they delivered it, the 4473, yes/no adult signature. */
  toIdType?: string
  toIdIssuer?: string
  toIdLast4?: string
  toIsDeliverer?: YesNo
  form4473Ref?: string
  adultSignature?: YesNo
}

export type YesNo = 'yes' | 'no'
const yesNo = (v: boolean | undefined): YesNo | undefined => (v === undefined ? undefined : v ? 'yes' : 'no')

export interface BookCorrectionSummary {
  entryId: string
  correctsKind: 'acquisition' | 'disposition'
  recordedAt: string
  recordedByName: string
  reason: string
  changes: BookChange[]
}

export interface BookChange {
  field: string
  before: string
  after: string
}

export interface BookLine {
  orderId: string
  orderNumber: string
  customerId: string
  lineNumber: number
  acquisitionEntryId: string
  dispositionEntryId?: string
  acquiredOn: string
  disposedOn?: string
  current: BookLineColumns
  original: BookLineColumns
  corrections: BookCorrectionSummary[]
  version: number
}

/** An entry's own columns (the acquisition's: date, party and description; the disposition's: date, party and how). */
export interface EntryColumns {
  date: string
  party: Party
  name: string
  license?: string
  address?: string
  firearmType?: string
  manufacturer?: string
  importer?: string
  model?: string
  serialNumber?: string
  caliber?: string
  method?: string
  carrier?: string
  trackingNumber?: string
  idType?: string
  idIssuer?: string
  idLast4?: string
  isDeliverer?: string
  form4473Ref?: string
  adultSignature?: string
}

export interface BookEntry {
  orderId: string
  entryId: string
  kind: 'acquisition' | 'disposition' | 'correction'
  corrects?: string
  correctsKind?: 'acquisition' | 'disposition'
  reason?: string
  columns: EntryColumns
  changes?: BookChange[]
  lineNumber: number
  recordedAt: string
  recordedById: string
  recordedByName: string
}

/** One line for an address (the book's address column). */
export const addressLine = (a: Address | null | undefined) => formatAddress(a) || undefined

export const acquisitionColumns = (c: BookLineColumns): EntryColumns => ({
  date: c.acquiredOn,
  party: c.from,
  name: c.fromName,
  license: c.fromLicense,
  address: c.fromAddress,
  firearmType: c.firearmType,
  manufacturer: c.manufacturer,
  importer: c.importer,
  model: c.model,
  serialNumber: c.serialNumber,
  caliber: c.caliber,
})

export const dispositionColumns = (c: BookLineColumns): EntryColumns => ({
  date: c.disposedOn ?? '',
  party: c.to ?? 'customer',
  name: c.toName ?? '',
  license: c.toLicense,
  address: c.toAddress,
  method: c.method,
  carrier: c.carrier,
  trackingNumber: c.trackingNumber,
  idType: c.toIdType,
  idIssuer: c.toIdIssuer,
  idLast4: c.toIdLast4,
  isDeliverer: c.toIsDeliverer,
  form4473Ref: c.form4473Ref,
  adultSignature: c.adultSignature,
})

/** The columns of a received order's line (its intake and description). */
export function acquisitionLineColumns(o: Order, intake: StoredIntake): BookLineColumns {
  return {
    acquiredOn: intake.receivedOn,
    from: intake.from,
    fromName: intake.fromName,
    fromLicense: intake.fromLicense,
    fromAddress: intake.fromAddress,
    firearmType: o.firearmType ?? 'other',
    manufacturer: o.firearmMake,
    importer: o.firearmImporter,
    model: o.firearmModel,
    serialNumber: o.serialNumber,
    caliber: o.firearmCaliber ?? '',
  }
}

const releaseColumns = (r: StoredRelease): Partial<BookLineColumns> => ({
  disposedOn: r.releasedOn,
  to: r.to,
  toName: r.toName,
  toLicense: r.toLicense,
  toAddress: r.toAddress,
  method: r.method,
  carrier: r.carrier,
  trackingNumber: r.trackingNumber,
  toIdType: r.idType,
  toIdIssuer: r.idIssuer,
  toIdLast4: r.idLast4,
  toIsDeliverer: yesNo(r.recipientIsDeliverer),
  form4473Ref: r.form4473Ref,
  adultSignature: yesNo(r.adultSignature),
})

export const recorded = (actor: Actor, at: string) => ({ recordedAt: at, recordedById: actor.id, recordedByName: actor.name })

/** The acquisition entry and the new line of a received firearm (`lineNumber`: the book's next). */
export function acquire(o: Order, intake: StoredIntake, { lineNumber, actor, at }: { lineNumber: number; actor: Actor; at: string }): { entry: BookEntry; line: BookLine } {
  const columns = acquisitionLineColumns(o, intake)
  return {
    entry: { orderId: o.orderId, entryId: intake.entryId, kind: 'acquisition', columns: acquisitionColumns(columns), lineNumber, ...recorded(actor, at) },
    line: {
      orderId: o.orderId,
      orderNumber: o.orderNumber,
      customerId: o.customerId,
      lineNumber,
      acquisitionEntryId: intake.entryId,
      acquiredOn: intake.receivedOn,
      current: columns,
      original: columns,
      corrections: [],
      version: 1,
    },
  }
}

/** The disposition entry of a firearm leaving, and its line closed. */
export function dispose(line: BookLine, release: StoredRelease, { actor, at }: { actor: Actor; at: string }): { entry: BookEntry; line: BookLine } {
  if (line.dispositionEntryId) throw new ValidationError(m.alreadyReleased)
  const current = { ...line.current, ...releaseColumns(release) }
  return {
    entry: { orderId: line.orderId, entryId: release.entryId, kind: 'disposition', columns: dispositionColumns(current), lineNumber: line.lineNumber, ...recorded(actor, at) },
    line: {
      ...line,
      dispositionEntryId: release.entryId,
      disposedOn: release.releasedOn,
      current,
      // The disposition as first recorded joins the original columns (a correction of it changes only `current`).
      original: { ...line.original, ...releaseColumns(release) },
      version: line.version + 1,
    },
  }
}

/** A date of receipt or disposition may be today in any US time zone: at most one day past the server's (UTC) date. */
export function assertNotFuture(day: string, field: string, now: Date) {
  const tomorrow = bookToday(new Date(now.getTime() + 86_400_000))
  if (day > tomorrow) throw new ValidationError(m.dateInFuture, { [field]: m.dateInFuture })
}

