import type * as Api from '@gs/shared/api-types'
import { daysHeld } from '@gs/shared/book'
import type { BookEntry, BookLine, BookLineColumns, EntryColumns } from '#functions/domain/book.ts'
import type { Order } from '#functions/domain/order.ts'

const columns = (c: BookLineColumns): Api.BookLineColumns => ({
  acquiredOn: c.acquiredOn,
  from: c.from,
  fromName: c.fromName ?? '',
  fromLicense: c.fromLicense ?? '',
  fromAddress: c.fromAddress ?? '',
  firearmType: c.firearmType ?? '',
  manufacturer: c.manufacturer ?? '',
  importer: c.importer ?? '',
  model: c.model ?? '',
  serialNumber: c.serialNumber ?? '',
  caliber: c.caliber ?? '',
  disposedOn: c.disposedOn ?? '',
  to: c.to ?? '',
  toName: c.toName ?? '',
  toLicense: c.toLicense ?? '',
  toAddress: c.toAddress ?? '',
  method: c.method ?? '',
  carrier: c.carrier ?? '',
  trackingNumber: c.trackingNumber ?? '',
  toIdType: c.toIdType ?? '',
  toIdIssuer: c.toIdIssuer ?? '',
  toIdLast4: c.toIdLast4 ?? '',
  toIsDeliverer: c.toIsDeliverer ?? '',
  form4473Ref: c.form4473Ref ?? '',
  adultSignature: c.adultSignature ?? '',
})

/** A line as staff read it; `today` (YYYY-MM-DD) counts the days held of a firearm still in custody. */
export const presentBookLine = (l: BookLine, today: string): Api.BookLine => ({
  orderId: l.orderId,
  orderNumber: l.orderNumber,
  lineNumber: l.lineNumber,
  open: !l.dispositionEntryId,
  daysHeld: daysHeld(l.acquiredOn, l.disposedOn ?? today),
  current: columns(l.current),
  original: columns(l.original),
  corrections: (l.corrections ?? []).map((c) => ({ entryId: c.entryId, corrects: c.correctsKind, recordedAt: c.recordedAt, recordedBy: c.recordedByName, reason: c.reason, changes: c.changes ?? [] })),
})

/** The columns an entry filled in (none empty). */
function filledColumns(c: EntryColumns | undefined): Record<string, string> {
  const filled: Record<string, string> = {}
  for (const [name, value] of Object.entries(c ?? {})) if (typeof value === 'string' && value !== '') filled[name] = value
  return filled
}

export const presentBookEntry = (e: BookEntry): Api.BookEntry => ({
  entryId: e.entryId,
  orderId: e.orderId,
  lineNumber: e.lineNumber,
  kind: e.kind,
  corrects: e.corrects ?? null,
  correctsKind: e.correctsKind ?? null,
  reason: e.reason ?? null,
  columns: filledColumns(e.columns),
  changes: e.changes ?? [],
  recordedAt: e.recordedAt,
  recordedBy: e.recordedByName,
})

/** An order of the list of firearms missing from the book, as staff read it (the order editor reads the rest). */
export const presentMissingFirearm = (o: Order): Api.MissingFirearm => ({
  orderId: o.orderId,
  orderNumber: o.orderNumber,
  customerId: o.customerId,
  customerName: o.customerName,
  firearmMake: o.firearmMake,
  firearmModel: o.firearmModel,
  serialNumber: o.serialNumber,
  currentStatus: o.currentStatus,
  createdAt: o.createdAt,
  isArchived: o.isArchived,
  version: o.version,
})
