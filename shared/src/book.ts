/**
 * The acquisition & disposition (A&D) book the portal keeps for every firearm it receives
 * (27 CFR 478.125(e), kept electronically under ATF Ruling 2016-1): its columns, texts and the
 * CSV the shop exports. docs/business-rules.md "The A&D book" says when entries are written.
 */
import type { ReleaseMethod } from './api-types.ts'
import { firearmTypeLabel } from './firearms.ts'
import type { OrderStatus } from './statuses.ts'

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
  deleteInCustody: 'The firearm of this order is in the shop\u2019s custody (A&D book): release it before deleting the order.',
  bookFieldsLocked: 'This firearm is in the A&D book: correct its description there, with a reason (Correct Book Entry).',
  noDisposition: 'This firearm has no disposition entry to correct yet.',
  tooManyCorrections: 'This book entry has reached the limit of 20 corrections.',
  lineNotFound: 'Book entry not found',
} as const

/** Statuses that mean the firearm left (or the order is done): never set while it is in custody without a disposition. */
export const LEFT_STATUSES: readonly string[] = ['shipped', 'delivered', 'order_closed']

/** Where Release Firearm leaves the order, by the way the firearm leaves: shipped, or closed once the customer has it in hand. */
export const STATUS_AFTER_RELEASE: Readonly<Record<ReleaseMethod, OrderStatus>> = { ship: 'shipped', pickup: 'order_closed' }

/**
 * Why a status change may not happen to the order's firearm, or null: Firearm Received needs the intake
 * (Receive Firearm writes the acquisition), and a status of LEFT_STATUSES needs the release of a firearm in
 * the shop's custody (Release Firearm writes the disposition first). Keeping the status is always allowed.
 */
export function custodyRefusal(order: { currentStatus: string; intake?: unknown; release?: unknown }, nextStatus: string): string | null {
  if (nextStatus === order.currentStatus) return null
  if (nextStatus === 'firearm_received' && !order.intake) return bookMessages.receiveFirst
  if (LEFT_STATUSES.includes(nextStatus) && order.intake && !order.release) return bookMessages.releaseFirst
  return null
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
  { key: 'orderNumber', header: 'Order' },
  { key: 'corrected', header: 'Corrected' },
]

/** What the book shows of one side of a line (the receipt or the disposition): name, then address or license. */
export const partyCell = (p: { license?: string | null; address?: string | null }): string => (p.license ? `FFL ${p.license}` : (p.address ?? ''))

export { firearmTypeLabel }

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

/** The book as CSV (RFC 4180, CRLF), one line per firearm, the columns of BOOK_COLUMNS. */
export function bookCsv(rows: readonly BookCsvRow[]): string {
  const out = [BOOK_COLUMNS.map((c) => csvCell(c.header)).join(',')]
  for (const r of rows) out.push(BOOK_COLUMNS.map((c) => csvCell(c.key === 'corrected' ? (r.corrected ? 'Yes' : '') : c.key === 'firearmType' ? firearmTypeLabel(r.firearmType) || r.firearmType : r[c.key])).join(','))
  return `${out.join('\r\n')}\r\n`
}

/** Whole days a firearm received on `acquiredOn` (YYYY-MM-DD) has been held on `today` (YYYY-MM-DD). */
export function daysHeld(acquiredOn: string, today: string): number {
  return Math.max(0, Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${acquiredOn}T00:00:00Z`)) / 86_400_000))
}

/** Today's date (YYYY-MM-DD) in the shop's books: the UTC date (the same day the server writes). */
export const bookToday = (now = new Date()) => now.toISOString().slice(0, 10)
