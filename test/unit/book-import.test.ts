/** The import file of firearms already in custody (functions/domain/book-import.ts): parsed as CSV, each row checked by its column. */
import { describe, expect, it } from 'vitest'
import { bookCsv, type BookCsvRow } from '../../shared/src/book.ts'
import { BOOK_IMPORT_CARRIED_OVER, bookImportMessages as m, bookImportTemplate } from '../../shared/src/book-import.ts'
import { parseImportFile } from '../../functions/domain/book-import.ts'
import { ValidationError } from '../../functions/lib/errors.ts'

const NOW = new Date('2026-11-28T15:00:00Z')
const row = (cells: Partial<Record<string, string>> = {}) => {
  const c = { Manufacturer: 'Colt', Importer: '', Model: 'Python', 'Serial Number': 'K1234', Type: 'Revolver', 'Caliber or Gauge': '.357 Magnum', 'Date of Receipt': '2026-03-02', 'Received From (Name)': 'Pat Doe', 'Received From (Address or License No.)': '"12 Main St, Austin, TX 78701"', 'Customer Email': 'pat@example.com', 'Service Type': '', Description: '', ...cells }
  return bookImportTemplate().trim().split(',').map((h) => c[h as keyof typeof c] ?? '').join(',')
}
const fileOf = (...rows: string[]) => `${bookImportTemplate()}${rows.join('\r\n')}\r\n`
const refusal = (csv: string) => {
  try {
    parseImportFile(csv, NOW)
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError)
    return (err as Error).message
  }
  throw new Error('not refused')
}

describe('parseImportFile', () => {
  it('reads a good row as the intake and the order will record it (quoted cells, a BOM, defaults)', () => {
    const [r] = parseImportFile(`\uFEFF${fileOf(row())}`, NOW)
    expect(r.row).toBe(2)
    expect(r.errors).toEqual([])
    expect(r.firearm).toEqual({
      receivedOn: '2026-03-02',
      from: 'customer',
      fromName: 'Pat Doe',
      fromAddress: '12 Main St, Austin, TX 78701',
      firearmType: 'revolver',
      firearmMake: 'Colt',
      firearmModel: 'Python',
      serialNumber: 'K1234',
      firearmCaliber: '.357 Magnum',
      customerEmail: 'pat@example.com',
      serviceType: BOOK_IMPORT_CARRIED_OVER,
      description: BOOK_IMPORT_CARRIED_OVER,
    })
  })

  it('a licensee is "FFL" and the number (as the export writes it); a bad number is the column\'s error', () => {
    const [ok, bad] = parseImportFile(fileOf(row({ 'Received From (Address or License No.)': 'FFL 1-23-456-07-8a-12345', Type: 'receiver/frame' }), row({ 'Serial Number': 'K2', 'Received From (Address or License No.)': 'FFL 12-345' })), NOW)
    expect(ok.firearm).toMatchObject({ from: 'licensee', fromLicense: '1-23-456-07-8A-12345', firearmType: 'receiver_frame' })
    expect(ok.firearm).not.toHaveProperty('fromAddress')
    expect(bad.errors).toEqual([{ column: 'Received From (Address or License No.)', message: m.fflInvalid }])
  })

  it('names each bad cell by its column and row: required, dates, type, email, a disposition, a serial twice', () => {
    const rows = parseImportFile(
      fileOf(
        row({ Manufacturer: '', 'Caliber or Gauge': '' }),
        row({ 'Serial Number': 'A2', 'Date of Receipt': '2026-02-29' }),
        row({ 'Serial Number': 'A3', 'Date of Receipt': '2026-11-30' }),
        row({ 'Serial Number': 'A4', 'Date of Receipt': '1968-12-15', Type: 'Cannon', 'Customer Email': 'not-an-email' }),
        row({ 'Serial Number': 'k-1234' }),
      ),
      NOW,
    )
    expect(rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6])
    expect(rows[0].errors).toEqual([
      { column: 'Manufacturer', message: m.required('Manufacturer') },
      { column: 'Caliber or Gauge', message: m.required('Caliber or Gauge') },
    ])
    expect(rows[1].errors).toEqual([{ column: 'Date of Receipt', message: m.dateInvalid }])
    expect(rows[2].errors).toEqual([{ column: 'Date of Receipt', message: m.dateInFuture }])
    expect(rows[3].errors).toEqual([
      { column: 'Date of Receipt', message: m.dateTooEarly },
      { column: 'Type', message: m.typeInvalid },
      { column: 'Customer Email', message: m.emailInvalid },
    ])
    // The same serial, spaces, dashes and case aside, as row 2.
    expect(rows[4].errors).toEqual([{ column: 'Serial Number', message: m.duplicateInFile(2) }])
    expect(rows.every((r) => r.firearm === null)).toBe(true)
  })

  it('tomorrow (UTC) is still today in a US time zone: accepted', () => {
    expect(parseImportFile(fileOf(row({ 'Date of Receipt': '2026-11-29' })), NOW)[0].errors).toEqual([])
  })

  it('reads the book\'s own CSV export with the email added; a line already disposed of is refused', () => {
    const line: BookCsvRow = { lineNumber: 7, manufacturer: 'Colt', importer: '', model: 'Python', serialNumber: '=K9', firearmType: 'revolver', caliber: '.357', acquiredOn: '2026-01-02', fromName: 'Pat', fromAddressOrLicense: '1 A St, Austin, TX', disposedOn: '', toName: '', toAddressOrLicense: '', toIdentification: '', toIsDeliverer: '', form4473Ref: '', adultSignature: '', orderNumber: 'GS-000007', corrected: false }
    const exported = bookCsv([line, { ...line, serialNumber: 'K10', disposedOn: '2026-02-01' }]).split('\r\n')
    const csv = [`${exported[0]},Customer Email`, `${exported[1]},pat@example.com`, `${exported[2]},pat@example.com`, ''].join('\r\n')
    const [kept, left] = parseImportFile(csv, NOW)
    // The export's formula guard ("'=K9") is read back as the serial it was.
    expect(kept.firearm).toMatchObject({ serialNumber: '=K9', firearmType: 'revolver', fromAddress: '1 A St, Austin, TX' })
    expect(left.errors).toEqual([{ column: 'Date of Disposition', message: m.disposed }])
  })

  it('refuses a file it cannot take: a required column missing, no rows, too many rows', () => {
    expect(refusal('Manufacturer,Model\r\nColt,Python\r\n')).toContain('"Serial Number"')
    expect(refusal(bookImportTemplate())).toBe(m.fileEmpty)
    expect(refusal(fileOf(...Array.from({ length: 101 }, (_, i) => row({ 'Serial Number': `S${i}` }))))).toBe(m.tooManyRows)
  })
})
