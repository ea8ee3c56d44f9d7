/**
 * The acquisition & disposition (A&D) book the portal keeps for every firearm it receives
 * (27 CFR 478.125(e), kept electronically under ATF Ruling 2016-1): its columns, texts and the
 * CSV the shop exports. docs/business-rules.md "The A&D book" says when entries are written.
 */
import type { ReleaseMethod } from './api-types.ts'
import { firearmTypeLabel } from './firearms.ts'
import { recipientIdTypeLabel } from './release-checks.ts'
import { statusCustody, type OrderStatus } from './statuses.ts'

/** An FFL number as printed on the license: 1-23-456-07-8A-12345 (region, district, county, type, expiry, sequence). */
export const FFL_NUMBER = /^\d-\d{2}-\d{3}-\d{2}-[0-9A-Z]{2}-\d{5}$/

export const bookMessages = {
  fflInvalid: 'Enter the FFL number as printed on the license (e.g. 1-23-456-07-8A-12345)',
  dateInFuture: 'The date cannot be in the future',
  firearmTypeInvalid: 'Choose the firearm type',
  manufacturerRequired: 'Manufacturer is required',
  modelRequired: 'Model is required',
  serialRequired: 'Serial number is required',
  caliberRequired: 'Caliber or gauge is required',
  licenseeNameRequired: "Enter the licensee's name",
  licenseRequired: "Enter the licensee's FFL number",
  addressRequired: 'An address is required for a person who is not a licensee',
  recipientNameRequired: "Enter the recipient's name",
  carrierRequired: 'Enter the carrier',
  trackingRequired: 'Enter the tracking number',
  reasonRequired: 'Give the reason for the correction',
  nothingToCorrect: 'Nothing to correct: change at least one field',
  alreadyReceived: 'This firearm is already in the A&D book: correct its entry there instead.',
  notInCustody: 'This firearm is not in the shop\u2019s custody: receive it first (Receive Firearm).',
  notReceived: 'The firearm has not been received yet: record the intake with Receive Firearm.',
  alreadyReleased: 'This firearm has already left the shop (its disposition is in the A&D book).',
  receiveFirst: 'Record the intake with Receive Firearm: it writes the acquisition entry of the A&D book.',
  releaseFirst: 'The firearm is still in the shop\u2019s custody: record its disposition with Release Firearm first.',
  receiveAndRelease: 'The firearm was never received: record its intake with Receive Firearm, then its disposition with Release Firearm.',
  backAfterRelease: 'This firearm has left the shop (Release Firearm recorded its disposition): a firearm sent back in is received on a new order.',
  deleteInCustody: 'The firearm of this order is in the shop\u2019s custody (A&D book): release it before deleting the order.',
  deleteMissing: 'The firearm of this order is missing from the A&D book: record its intake with Receive Firearm before deleting the order.',
  receivedBeforeOrder: (earliest: string) => `The date received cannot be before the order was created (${earliest}).`,
  bookFieldsLocked: 'This firearm is in the A&D book: correct its description there, with a reason (Correct Book Entry).',
  noDisposition: 'This firearm has no disposition entry to correct yet.',
  tooManyCorrections: 'This book entry has reached the limit of 20 corrections.',
  lineNotFound: 'Book entry not found',
} as const

/** Where Release Firearm leaves the order, by the way the firearm leaves: shipped, or closed once the customer has it in hand. */
export const STATUS_AFTER_RELEASE: Readonly<Record<ReleaseMethod, OrderStatus>> = { ship: 'shipped', pickup: 'order_closed' }

/** What the book rules read of an order: its status, its intake and release (present or not), and whether it is missing from the book as stored. */
export interface CustodyState {
  currentStatus?: string | null
  intake?: unknown
  release?: unknown
  /** As stored on the order: it was listed among the firearms missing from the A&D book (absent: not known yet). */
  missingFromBook?: boolean | null
}

/**
 * Whether the order's firearm came into the shop without its acquisition entry: its status says the firearm is
 * in the shop or left it (STATUS_CUSTODY) and there is no intake. A status that says nothing of the firearm
 * (unsaid, and Order Closed) keeps what the order was before (`missingFromBook` as stored), so a payment that
 * makes the order Payment Received does not take it off the list of firearms missing from the book.
 */
export function missingFromBook(o: CustodyState): boolean {
  if (o.intake) return false
  const custody = statusCustody(o.currentStatus)
  if (custody === 'in_shop' || custody === 'left') return true
  if (custody === 'awaiting') return false
  return !!o.missingFromBook
}

/**
 * Why the order may not move from its status to `nextStatus`, or null (docs/business-rules.md, "The A&D book";
 * what each status says: STATUS_CUSTODY). `order` is the order with the entries it has (or gets in the same write):
 * a status that says the firearm is in the shop needs the intake (Receive Firearm writes the acquisition) and the
 * firearm not released; one that says it left needs the release (Release Firearm writes the disposition, after the
 * intake); Order Closed needs the release once the firearm came in. Statuses before receipt, and those that say
 * nothing of the firearm, need nothing. Keeping the status is always allowed (an order stored before these rules is
 * not held up in an unrelated edit).
 */
export function custodyRefusal(order: CustodyState, nextStatus: string): string | null {
  if (nextStatus === order.currentStatus) return null
  const { intake, release } = order
  switch (statusCustody(nextStatus)) {
    case 'in_shop':
      if (release) return bookMessages.backAfterRelease
      return intake ? null : bookMessages.receiveFirst
    case 'left':
      if (!intake) return bookMessages.receiveAndRelease
      return release ? null : bookMessages.releaseFirst
    case 'closed':
      if (intake) return release ? null : bookMessages.releaseFirst
      return missingFromBook(order) ? bookMessages.receiveFirst : null
    default:
      return null
  }
}

/** Corrections a book line may carry (each is its own entry; the line lists them). */
export const MAX_CORRECTIONS_PER_LINE = 20

export type BookParty = 'customer' | 'licensee'

/** A line of the book: one firearm, its acquisition and (once it left) its disposition, as the columns read. */
export interface BookColumns {
  manufacturer: string
  importer: string
  model: string
  serialNumber: string
  firearmType: string
  caliber: string
  acquiredOn: string
  fromName: string
  /** The address (a non-licensee) or the FFL number (a licensee), as the regulation allows either. */
  fromAddressOrLicense: string
  disposedOn: string
  toName: string
  toAddressOrLicense: string
  /** How the recipient was identified: ID type, issuer, last 4 (identificationCell). */
  toIdentification: string
  /** 'Yes' / 'No' whether the recipient delivered the firearm; '' when not recorded. */
  toIsDeliverer: string
  form4473Ref: string
  /** A shipment: 'Yes' / 'No'; '' for a pickup. */
  adultSignature: string
}

/** The CSV and printed book's columns, in the ATF layout order: description, receipt, disposition. */
export const BOOK_COLUMNS: ReadonlyArray<{ key: keyof BookColumns | 'lineNumber' | 'orderNumber' | 'corrected'; header: string }> = [
  { key: 'lineNumber', header: 'Entry' },
  { key: 'manufacturer', header: 'Manufacturer' },
  { key: 'importer', header: 'Importer' },
  { key: 'model', header: 'Model' },
  { key: 'serialNumber', header: 'Serial Number' },
  { key: 'firearmType', header: 'Type' },
  { key: 'caliber', header: 'Caliber or Gauge' },
  { key: 'acquiredOn', header: 'Date of Receipt' },
  { key: 'fromName', header: 'Received From (Name)' },
  { key: 'fromAddressOrLicense', header: 'Received From (Address or License No.)' },
  { key: 'disposedOn', header: 'Date of Disposition' },
  { key: 'toName', header: 'Disposed To (Name)' },
  { key: 'toAddressOrLicense', header: 'Disposed To (Address or License No.)' },
  { key: 'toIdentification', header: 'Disposed To (ID Shown)' },
  { key: 'toIsDeliverer', header: 'Same Person Who Delivered' },
  { key: 'form4473Ref', header: 'Form 4473' },
  { key: 'adultSignature', header: 'Adult Signature' },
  { key: 'orderNumber', header: 'Order' },
  { key: 'corrected', header: 'Corrected' },
]

/** What the book shows of one side of a line (the receipt or the disposition): name, then address or license. */
export const partyCell = (p: { license?: string | null; address?: string | null }): string => (p.license ? `FFL ${p.license}` : (p.address ?? ''))

export { firearmTypeLabel }

/** How the recipient of a disposition was identified: "Driver's license, TX, ending 1234" ('' when not recorded). */
export const identificationCell = (c: { toIdType?: string | null; toIdIssuer?: string | null; toIdLast4?: string | null }): string =>
  c.toIdType ? [recipientIdTypeLabel(c.toIdType), c.toIdIssuer, c.toIdLast4 ? `ending ${c.toIdLast4}` : ''].filter(Boolean).join(', ') : ''

/** A stored yes/no of the book as a cell: Yes, No, or '' when not recorded. */
export const yesNoCell = (v: string | null | undefined): string => (v === 'yes' ? 'Yes' : v === 'no' ? 'No' : '')

/** The disposition's checks as the book's cells (BOOK_COLUMNS): the ID shown, same person who delivered, the 4473, the adult signature. */
export const dispositionCheckCells = (c: { toIdType?: string | null; toIdIssuer?: string | null; toIdLast4?: string | null; toIsDeliverer?: string | null; form4473Ref?: string | null; adultSignature?: string | null }) => ({
  toIdentification: identificationCell(c),
  toIsDeliverer: yesNoCell(c.toIsDeliverer),
  form4473Ref: c.form4473Ref ?? '',
  adultSignature: yesNoCell(c.adultSignature),
})

const csvCell = (v: string | number) => {
  const s = String(v)
  // Quote what needs it, and neutralize spreadsheet formulas (a serial typed as "=1+2" stays text).
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export interface BookCsvRow extends BookColumns {
  lineNumber: number | string
  orderNumber: string
  corrected: boolean
}

/** A line's cells, in the order of BOOK_COLUMNS. */
const lineCells = (r: BookCsvRow) => BOOK_COLUMNS.map((c) => (c.key === 'corrected' ? (r.corrected ? 'Yes' : '') : c.key === 'firearmType' ? firearmTypeLabel(r.firearmType) || r.firearmType : r[c.key]))

const csv = (rows: ReadonlyArray<ReadonlyArray<string | number>>) => `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`

/** The book as CSV (RFC 4180, CRLF), one line per firearm, the columns of BOOK_COLUMNS. */
export function bookCsv(rows: readonly BookCsvRow[]): string {
  return csv([BOOK_COLUMNS.map((c) => c.header), ...rows.map(lineCells)])
}

/** The columns the whole book adds after BOOK_COLUMNS: what a row is, and for a correction what it changed, why, when and by whom. */
export const CORRECTION_COLUMNS: ReadonlyArray<{ key: 'record' | 'corrects' | 'changes' | 'reason' | 'recordedAt' | 'recordedBy'; header: string }> = [
  { key: 'record', header: 'Record' },
  { key: 'corrects', header: 'Corrects' },
  { key: 'changes', header: 'Changes' },
  { key: 'reason', header: 'Reason' },
  { key: 'recordedAt', header: 'Recorded At' },
  { key: 'recordedBy', header: 'Recorded By' },
]

/** A correction of a line as the whole book lists it. */
export interface BookCorrectionCsvRow {
  corrects: 'acquisition' | 'disposition'
  changes: ReadonlyArray<{ field: string; before: string; after: string }>
  reason: string
  recordedAt: string
  recordedBy: string
}

const changeText = ({ field, before, after }: BookCorrectionCsvRow['changes'][number]) => `${field} was ${before || '(blank)'}, now ${after || '(blank)'}`

/**
 * The whole book as CSV (RFC 4180, CRLF): every line, in the order given, as it reads now (BOOK_COLUMNS, the
 * corrected columns; Record "Entry"), followed by each of its corrections, oldest first (Record "Correction": the
 * line's entry and order number, the entry it corrects, each change as "Field was X, now Y", the reason, when and
 * by whom), so the corrected columns and what they were first are both in the file.
 */
export function wholeBookCsv(lines: ReadonlyArray<BookCsvRow & { corrections: readonly BookCorrectionCsvRow[] }>): string {
  const blank = CORRECTION_COLUMNS.map(() => '')
  const rows: Array<ReadonlyArray<string | number>> = [[...BOOK_COLUMNS.map((c) => c.header), ...CORRECTION_COLUMNS.map((c) => c.header)]]
  for (const line of lines) {
    rows.push([...lineCells(line), 'Entry', ...blank.slice(1)])
    for (const c of line.corrections) {
      const cells = BOOK_COLUMNS.map((col) => (col.key === 'lineNumber' ? line.lineNumber : col.key === 'orderNumber' ? line.orderNumber : ''))
      rows.push([...cells, 'Correction', c.corrects === 'acquisition' ? 'Acquisition' : 'Disposition', c.changes.map(changeText).join('; '), c.reason, c.recordedAt, c.recordedBy])
    }
  }
  return csv(rows)
}

/** Whole days a firearm received on `acquiredOn` (YYYY-MM-DD) has been held on `today` (YYYY-MM-DD). */
export function daysHeld(acquiredOn: string, today: string): number {
  return Math.max(0, Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${acquiredOn}T00:00:00Z`)) / 86_400_000))
}

/** Today's date (YYYY-MM-DD) in the shop's books: the UTC date (the same day the server writes). */
export const bookToday = (now = new Date()) => now.toISOString().slice(0, 10)

/**
 * The earliest date of receipt of an order created at `createdAt` (ISO time): the UTC date of its creation less one
 * day, since the shop's day (US time zones) may still be the day before UTC's when the order is created.
 */
export const earliestReceipt = (createdAt: string) => bookToday(new Date(Date.parse(createdAt) - 86_400_000))

/** Why `receivedOn` cannot be the date of receipt of an order created at `createdAt`, or null: before the order was created. */
export function receivedOnRefusal(receivedOn: string, createdAt: string): string | null {
  const earliest = earliestReceipt(createdAt)
  return receivedOn < earliest ? bookMessages.receivedBeforeOrder(earliest) : null
}
