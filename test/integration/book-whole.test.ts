/**
 * The whole A&D book, downloaded at any time (docs/business-rules.md, "The A&D book"): every line and every
 * correction, read a bounded page at a time through GET /api/admin/book (as the SPA's Download Whole Book does)
 * and written by the shared wholeBookCsv. On a table of its own, so "every line" can be checked exactly.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { BOOK_COLUMNS, CORRECTION_COLUMNS, dispositionCheckCells, partyCell, wholeBookCsv } from '../../shared/src/book.ts'
import type { BookLine, Page } from '../../shared/src/api-types.ts'
import { routeKey, routes } from '../../functions/routes.ts'
import { bookToday, intakeBody } from './book-fixtures.ts'
import { countCommands, useOwnTable } from './helpers.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'

const route = (key: string) => routes.find((r) => routeKey(r) === key)!
let admin: TestUser
let customer: TestUser
let requests: Array<{ command: string; items: number | undefined }> = []

const staff = (key: string, input: { params?: Record<string, string>; body?: unknown; query?: Record<string, string> }) => call(route(key), { claims: admin.claims, ...input })

async function received(serialNumber: string) {
  const created = await staff('POST /api/admin/orders', { body: { customerId: customer.userId, firearmMake: 'Beretta', firearmModel: '92FS', serialNumber, serviceType: 'Repair', description: 'Slide', estimatedCostCents: 0, returnMethod: 'pickup' } })
  expect(created.status, created.text).toBe(201)
  const res = await staff('POST /api/admin/orders/{orderId}/receive', { params: { orderId: created.body.id }, body: intakeBody(created.body.version, { firearmMake: 'Beretta', firearmModel: '92FS', serialNumber }) })
  expect(res.status, res.text).toBe(200)
  return res.body as { id: string; version: number; orderNumber: string }
}

/** Every line, a page of `limit` at a time, in the book's order: the requests the SPA makes for the whole book. */
async function wholeBook(limit: number): Promise<{ lines: BookLine[]; pages: number }> {
  const lines: BookLine[] = []
  let cursor: string | null = null
  let pages = 0
  do {
    requests = []
    const res = await staff('GET /api/admin/book', { query: { view: 'book', order: 'asc', limit: String(limit), ...(cursor ? { cursor } : {}) } })
    expect(res.status, res.text).toBe(200)
    const page = res.body as Page<BookLine>
    expect(page.items.length).toBeLessThanOrEqual(limit)
    // Each request: one Query reading at most a page of lines (the account gate's read of the caller aside).
    const queries = requests.filter((r) => r.command === 'QueryCommand')
    expect(queries).toHaveLength(1)
    expect(queries[0].items).toBeLessThanOrEqual(limit)
    expect(requests.map((r) => r.command)).not.toContain('ScanCommand')
    lines.push(...page.items)
    cursor = page.cursor
    pages += 1
  } while (cursor)
  return { lines, pages }
}

/** RFC 4180 rows (quoted cells may hold commas and doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"'), i++
      else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') row.push(cell), (cell = '')
    else if (ch === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++
    else cell += ch
  }
  return rows
}

const csvRows = (lines: BookLine[]) =>
  lines.map((l) => ({
    lineNumber: l.lineNumber,
    manufacturer: l.current.manufacturer,
    importer: l.current.importer,
    model: l.current.model,
    serialNumber: l.current.serialNumber,
    firearmType: l.current.firearmType,
    caliber: l.current.caliber,
    acquiredOn: l.current.acquiredOn,
    fromName: l.current.fromName,
    fromAddressOrLicense: partyCell({ license: l.current.fromLicense, address: l.current.fromAddress }),
    disposedOn: l.current.disposedOn,
    toName: l.current.toName,
    toAddressOrLicense: partyCell({ license: l.current.toLicense, address: l.current.toAddress }),
    ...dispositionCheckCells(l.current),
    orderNumber: l.orderNumber,
    corrected: l.corrections.length > 0,
    corrections: l.corrections,
  }))

beforeAll(async () => {
  await useOwnTable('gs-book-whole')
  countCommands((command, read) => requests.push({ command, items: read?.items }))
  ;[admin, customer] = await Promise.all([createTestUser('admin', 'Iris'), createTestUser('customer', 'Otto')])
}, 120_000)

describe('Download Whole Book', () => {
  it('every line and every correction, in entry order, read a bounded page at a time', async () => {
    const first = await received('BW-0001')
    const second = await received('BW-0002')
    const third = await received('BW-0003')
    // The first one's serial corrected twice, the third released (its disposition in the book).
    let v = first.version
    for (const [serialNumber, reason] of [['BW-000I', 'Misread at intake'], ['BW-0001A', 'Suffix missed']] as const) {
      const res = await staff('POST /api/admin/book/{orderId}/corrections', { params: { orderId: first.id }, body: { version: v, entry: 'acquisition', reason, fields: { serialNumber } } })
      expect(res.status, res.text).toBe(201)
      v = res.body.version
    }
    const gone = await staff('POST /api/admin/orders/{orderId}/release', { params: { orderId: third.id }, body: { version: third.version, releasedOn: bookToday(), method: 'pickup', to: 'licensee', toName: 'Canyon Guns', toLicense: '9-87-654-32-1A-12345', idType: 'drivers_license', idIssuer: 'AZ', idLast4: '9876' } })
    expect(gone.status, gone.text).toBe(200)

    const { lines, pages } = await wholeBook(2)
    expect(pages).toBe(2)
    expect(lines.map((l) => l.orderId)).toEqual([first.id, second.id, third.id])

    const [header, ...rows] = parseCsv(wholeBookCsv(csvRows(lines)))
    expect(header).toEqual([...BOOK_COLUMNS, ...CORRECTION_COLUMNS].map((c) => c.header))
    const cell = (row: string[], name: string) => row[header.indexOf(name)]
    // Three lines and, under the first, its two corrections.
    expect(rows.map((r) => [cell(r, 'Record'), cell(r, 'Entry'), cell(r, 'Order')])).toEqual([
      ['Entry', String(lines[0].lineNumber), first.orderNumber],
      ['Correction', String(lines[0].lineNumber), first.orderNumber],
      ['Correction', String(lines[0].lineNumber), first.orderNumber],
      ['Entry', String(lines[1].lineNumber), second.orderNumber],
      ['Entry', String(lines[2].lineNumber), third.orderNumber],
    ])
    expect([cell(rows[0], 'Serial Number'), cell(rows[0], 'Corrected'), cell(rows[0], 'Received From (Address or License No.)')]).toEqual(['BW-0001A', 'Yes', '77 Quarry Rd, Bend, OR 97701'])
    expect([cell(rows[1], 'Corrects'), cell(rows[1], 'Changes'), cell(rows[1], 'Reason'), cell(rows[1], 'Recorded By')]).toEqual(['Acquisition', 'Serial number was BW-0001, now BW-000I', 'Misread at intake', expect.stringMatching(/^Iris /)])
    expect(cell(rows[2], 'Changes')).toBe('Serial number was BW-000I, now BW-0001A')
    expect(cell(rows[2], 'Recorded At') >= cell(rows[1], 'Recorded At')).toBe(true)
    expect([cell(rows[4], 'Date of Disposition'), cell(rows[4], 'Disposed To (Name)'), cell(rows[4], 'Disposed To (Address or License No.)')]).toEqual([bookToday(), 'Canyon Guns', 'FFL 9-87-654-32-1A-12345'])
  })
})
