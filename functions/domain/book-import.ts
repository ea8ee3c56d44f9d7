import Papa from 'papaparse'
import type { BookImportError } from '@gs/shared/api-types'
import { bookToday, FFL_NUMBER } from '@gs/shared/book'
import {
  BOOK_IMPORT_CARRIED_OVER,
  BOOK_IMPORT_COLUMNS as COLUMNS,
  BOOK_IMPORT_DISPOSITION_HEADER,
  BOOK_IMPORT_EARLIEST,
  BOOK_IMPORT_MAX_BYTES,
  BOOK_IMPORT_MAX_ROWS,
  bookImportMessages as m,
  type BookImportField,
} from '@gs/shared/book-import'
import { isCalendarDate } from '@gs/shared/dates'
import { FIREARM_TYPES, firearmTypeLabel, type FirearmType } from '@gs/shared/firearms'
import { ValidationError } from '../lib/errors.ts'
import { serialKeyOf } from './search.ts'

/**
 * An import file of firearms already in the shop's custody (docs/business-rules.md, "Firearms already in the shop:
 * the import"): parsed with a real CSV parser (RFC 4180: quoted cells, commas and line breaks in them, a BOM), each
 * row checked on its own (required columns, a calendar date of receipt neither in the future nor before
 * BOOK_IMPORT_EARLIEST, the firearm type from the book's list, the FFL number of a licensee) and against the rows
 * above it (a serial number twice in one file). What the table knows (the customer, a serial already in custody) is
 * checked by the use case (use-cases/import-book.ts).
 */

/** A row as the book will record it: the intake's fields and the order's. */
export interface ImportedFirearm {
  receivedOn: string
  from: 'customer' | 'licensee'
  fromName: string
  fromLicense?: string
  fromAddress?: string
  firearmType: FirearmType
  firearmMake: string
  firearmImporter?: string
  firearmModel: string
  serialNumber: string
  firearmCaliber: string
  customerEmail: string
  serviceType: string
  description: string
}

export interface CheckedRow {
  /** The row number a spreadsheet shows (the header is row 1). */
  row: number
  cells: Record<BookImportField, string>
  errors: BookImportError[]
  /** The firearm as it will be recorded (null while the row has errors). */
  firearm: ImportedFirearm | null
}

/** The longest value of each column (the order's and the book's own limits). */
const MAX_LENGTH: Record<BookImportField, number> = {
  acquiredOn: 10,
  fromName: 200,
  fromAddressOrLicense: 300,
  manufacturer: 200,
  importer: 200,
  model: 200,
  serialNumber: 100,
  firearmType: 50,
  caliber: 100,
  customerEmail: 254,
  serviceType: 50,
  description: 2000,
}

const FIELDS = Object.keys(COLUMNS) as BookImportField[]

/** A type as the file writes it: the book's label (the export's "Receiver/Frame") or its code, any case. */
function firearmTypeOf(cell: string): FirearmType | null {
  const v = cell.trim().toLowerCase()
  return FIREARM_TYPES.find((t) => t === v || firearmTypeLabel(t).toLowerCase() === v) ?? null
}

/** A cell the export neutralized for spreadsheets ("'=..." written for "=...") reads as it was. */
const unquote = (v: string) => (/^'[=+\-@]/.test(v) ? v.slice(1) : v)

/**
 * The file's rows, each checked. A file that cannot be taken at all (too large, no rows, too many rows, a required
 * column missing, not CSV) is a 400 naming why; the rows' own problems are on each row.
 */
export function parseImportFile(csv: string, now: Date): CheckedRow[] {
  if (new TextEncoder().encode(csv).length > BOOK_IMPORT_MAX_BYTES) throw new ValidationError(m.tooLarge, { csv: m.tooLarge })
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.trim() })
  const broken = parsed.errors.find((e) => e.type === 'Quotes')
  if (broken) {
    const message = m.unreadable(`${broken.message}${broken.row !== undefined ? ` (row ${broken.row + 2})` : ''}`)
    throw new ValidationError(message, { csv: message })
  }
  const headers = parsed.meta.fields ?? []
  const missing = FIELDS.filter((f) => COLUMNS[f].required && !headers.includes(COLUMNS[f].header)).map((f) => COLUMNS[f].header)
  if (missing.length) throw new ValidationError(m.missingColumns(missing), { csv: m.missingColumns(missing) })
  if (!parsed.data.length) throw new ValidationError(m.fileEmpty, { csv: m.fileEmpty })
  if (parsed.data.length > BOOK_IMPORT_MAX_ROWS) throw new ValidationError(m.tooManyRows, { csv: m.tooManyRows })

  const tomorrow = bookToday(new Date(now.getTime() + 86_400_000))
  const firstRowOfSerial = new Map<string, number>()
  return parsed.data.map((record, i) => {
    const row = i + 2
    const cells = Object.fromEntries(FIELDS.map((f) => [f, unquote(String(record[COLUMNS[f].header] ?? '').trim())])) as Record<BookImportField, string>
    const errors: BookImportError[] = []
    const fail = (f: BookImportField | '', message: string) => errors.push({ column: f ? COLUMNS[f].header : '', message })
    for (const f of FIELDS) {
      if (COLUMNS[f].required && !cells[f]) fail(f, m.required(COLUMNS[f].header))
      else if (cells[f].length > MAX_LENGTH[f]) fail(f, m.tooLong(COLUMNS[f].header, MAX_LENGTH[f]))
    }
    const disposed = String(record[BOOK_IMPORT_DISPOSITION_HEADER] ?? '').trim()
    if (disposed) errors.push({ column: BOOK_IMPORT_DISPOSITION_HEADER, message: m.disposed })
    // The shop's day may still be yesterday's in US time zones, as for an intake (domain/book.ts assertNotFuture).
    if (cells.acquiredOn && !isCalendarDate(cells.acquiredOn)) fail('acquiredOn', m.dateInvalid)
    else if (cells.acquiredOn > tomorrow) fail('acquiredOn', m.dateInFuture)
    else if (cells.acquiredOn && cells.acquiredOn < BOOK_IMPORT_EARLIEST) fail('acquiredOn', m.dateTooEarly)
    const type = cells.firearmType ? firearmTypeOf(cells.firearmType) : null
    if (cells.firearmType && !type) fail('firearmType', m.typeInvalid)
    // The export writes a licensee as "FFL <number>" (partyCell); a bare number as printed is a licensee too.
    const party = cells.fromAddressOrLicense
    const license = /^FFL\b/i.test(party) ? party.replace(/^FFL\s*/i, '').toUpperCase() : FFL_NUMBER.test(party.toUpperCase()) ? party.toUpperCase() : null
    if (license !== null && !FFL_NUMBER.test(license)) fail('fromAddressOrLicense', m.fflInvalid)
    if (cells.customerEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(cells.customerEmail)) fail('customerEmail', m.emailInvalid)
    const key = serialKeyOf(cells.serialNumber)
    if (key) {
      const first = firstRowOfSerial.get(key)
      if (first) fail('serialNumber', m.duplicateInFile(first))
      else firstRowOfSerial.set(key, row)
    }
    const firearm: ImportedFirearm | null = errors.length
      ? null
      : {
          receivedOn: cells.acquiredOn,
          from: license ? 'licensee' : 'customer',
          fromName: cells.fromName,
          ...(license ? { fromLicense: license } : { fromAddress: party }),
          firearmType: type!,
          firearmMake: cells.manufacturer,
          ...(cells.importer ? { firearmImporter: cells.importer } : {}),
          firearmModel: cells.model,
          serialNumber: cells.serialNumber,
          firearmCaliber: cells.caliber,
          customerEmail: cells.customerEmail,
          serviceType: cells.serviceType || BOOK_IMPORT_CARRIED_OVER,
          description: cells.description || BOOK_IMPORT_CARRIED_OVER,
        }
    return { row, cells, errors, firearm }
  })
}
