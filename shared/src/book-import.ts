/**
 * Importing firearms already in the shop's custody into the A&D book from a CSV file (docs/business-rules.md,
 * "Firearms already in the shop: the import"): the columns the file carries (the acquisition columns with the
 * headers the book's CSV export writes, BOOK_COLUMNS, and the customer's email), the limits, and the texts.
 */
import { BOOK_COLUMNS } from './book.ts'

/** At most this many firearms per file: each row is its own transaction, one after another, well within a request's time (API Gateway answers within 29 s). */
export const BOOK_IMPORT_MAX_ROWS = 100
/** The largest file accepted, in bytes (200 rows of the book's columns are far below it). */
export const BOOK_IMPORT_MAX_BYTES = 256 * 1024
/** The earliest date of receipt accepted: the Gun Control Act's records start on its effective date. */
export const BOOK_IMPORT_EARLIEST = '1968-12-16'
/** The order's service type and description when the row gives none. */
export const BOOK_IMPORT_CARRIED_OVER = 'Carried over into the portal'

const header = (key: (typeof BOOK_COLUMNS)[number]['key']) => BOOK_COLUMNS.find((c) => c.key === key)!.header

/** The columns of an import file, by the headers the book's CSV export writes (`required`: a value in every row). */
export const BOOK_IMPORT_COLUMNS = {
  acquiredOn: { header: header('acquiredOn'), required: true },
  fromName: { header: header('fromName'), required: true },
  fromAddressOrLicense: { header: header('fromAddressOrLicense'), required: true },
  manufacturer: { header: header('manufacturer'), required: true },
  importer: { header: header('importer'), required: false },
  model: { header: header('model'), required: true },
  serialNumber: { header: header('serialNumber'), required: true },
  firearmType: { header: header('firearmType'), required: true },
  caliber: { header: header('caliber'), required: true },
  customerEmail: { header: 'Customer Email', required: true },
  serviceType: { header: 'Service Type', required: false },
  description: { header: 'Description', required: false },
} as const

export type BookImportField = keyof typeof BOOK_IMPORT_COLUMNS

/** The export's disposition column: a row with a date there has left the shop and is not imported. */
export const BOOK_IMPORT_DISPOSITION_HEADER = header('disposedOn')

/** The template's header row (Download template), in the book's column order, then the order's columns. */
export const BOOK_IMPORT_TEMPLATE_HEADERS: readonly string[] = [
  BOOK_IMPORT_COLUMNS.manufacturer.header,
  BOOK_IMPORT_COLUMNS.importer.header,
  BOOK_IMPORT_COLUMNS.model.header,
  BOOK_IMPORT_COLUMNS.serialNumber.header,
  BOOK_IMPORT_COLUMNS.firearmType.header,
  BOOK_IMPORT_COLUMNS.caliber.header,
  BOOK_IMPORT_COLUMNS.acquiredOn.header,
  BOOK_IMPORT_COLUMNS.fromName.header,
  BOOK_IMPORT_COLUMNS.fromAddressOrLicense.header,
  BOOK_IMPORT_COLUMNS.customerEmail.header,
  BOOK_IMPORT_COLUMNS.serviceType.header,
  BOOK_IMPORT_COLUMNS.description.header,
]

/** The template file: the header row only (CRLF), every header plain text. */
export const bookImportTemplate = () => `${BOOK_IMPORT_TEMPLATE_HEADERS.join(',')}\r\n`

export const bookImportMessages = {
  fileEmpty: 'The file has no firearms: one row per firearm under the header row.',
  tooManyRows: `A file holds at most ${BOOK_IMPORT_MAX_ROWS} firearms: split it into several files.`,
  tooLarge: `The file is too large (at most ${BOOK_IMPORT_MAX_BYTES / 1024} KB).`,
  unreadable: (detail: string) => `The file could not be read as CSV: ${detail}`,
  missingColumns: (headers: readonly string[]) => `The file lacks the column${headers.length > 1 ? 's' : ''} ${headers.map((h) => `"${h}"`).join(', ')}: use the headers of the template.`,
  required: (headerName: string) => `${headerName} is required`,
  dateInvalid: 'Enter the date as YYYY-MM-DD (a date that exists)',
  dateInFuture: 'The date of receipt cannot be in the future',
  dateTooEarly: `The date of receipt cannot be before ${BOOK_IMPORT_EARLIEST}`,
  typeInvalid: 'Type must be one of Pistol, Revolver, Rifle, Shotgun, Receiver/Frame, Other',
  fflInvalid: 'Write a licensee as "FFL " and the number as printed on the license (e.g. FFL 1-23-456-07-8A-12345)',
  tooLong: (headerName: string, max: number) => `${headerName} is too long (at most ${max} characters)`,
  emailInvalid: 'Enter the customer\u2019s email address',
  customerUnknown: 'No customer with this email: add the customer first',
  disposed: 'This firearm has a date of disposition: only firearms still in the shop are imported',
  duplicateInFile: (row: number) => `The same serial number as row ${row} of this file`,
  alreadyInBook: (lineNumber: number) => `This serial number is already in the A&D book, in custody (entry ${lineNumber}): an entry is never overwritten`,
  fixRowsFirst: (n: number) => `${n} row${n === 1 ? ' has' : 's have'} errors: nothing was imported. Check the file, correct it and import again.`,
  historyNote: (fileName: string) => `Carried over into the portal (firearm already in the shop), imported from ${fileName}.`,
  fileNameRequired: 'Name the file',
  csvRequired: 'Choose a CSV file',
} as const

/** The A&D Book page's "Import firearms in custody" section (web/src/features/admin-book). */
export const bookImportTexts = {
  title: 'Import firearms in custody',
  intro: `Firearms already in the shop, before the portal: one row per firearm with the book's acquisition columns and the customer's email (the customer must exist). Each row becomes an order in Firearm Received and an acquisition entry dated as the row says. At most ${BOOK_IMPORT_MAX_ROWS} firearms per file.`,
  downloadTemplate: 'Download template',
  templateFileName: 'ad-book-import-template.csv',
  chooseFile: 'CSV file',
  checkFile: 'Check file',
  checking: 'Checking...',
  importIdle: 'Import firearms',
  importRows: (n: number) => `Import ${n} ${n === 1 ? 'firearm' : 'firearms'}`,
  importing: 'Importing...',
  checkedOk: (n: number) => `All ${n} ${n === 1 ? 'row is' : 'rows are'} ready to import.`,
  checkedErrors: (n: number) => `${n} ${n === 1 ? 'row has' : 'rows have'} errors: correct the file and check it again. Nothing is imported while any row has an error.`,
  imported: (n: number) => `Imported ${n} ${n === 1 ? 'firearm' : 'firearms'} into the A&D book.`,
  failed: 'Could not check the file. Please try again.',
  fileTooLarge: `The file is too large (at most ${BOOK_IMPORT_MAX_BYTES / 1024} KB).`,
  columns: { row: 'Row', serial: 'Serial Number', firearm: 'Firearm', received: 'Date of Receipt', customer: 'Customer', result: 'Result' },
  ready: 'Ready',
  entry: (n: number) => `Entry ${n}`,
} as const
