/**
 * Firearms already in the shop brought into the A&D book by a CSV import (POST /api/admin/book/imports), through the
 * real handler on the local stack: a dry run answers each row's errors (row number and column) and writes nothing;
 * an import of a file without errors writes one acquisition entry per row, dated as the row says, on gapless entry
 * numbers, each firearm an order of its customer in Firearm Received; a serial already in custody and a file
 * imported twice are refused; the import is one audit record; front desk may import, a gunsmith may not.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { bookImportMessages, bookImportTemplate } from '../../shared/src/book-import.ts'
import { routes, type RouteDef } from '../../functions/routes.ts'
import { createService } from '../../functions/db/service.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { createBookLines } from '../../functions/db/repositories/book-writes.ts'
import { useStackTable } from './helpers.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'

let owner: TestUser
let frontDesk: TestUser
let gunsmith: TestUser
let customer: TestUser

beforeAll(async () => {
  useStackTable()
  ;[owner, frontDesk, gunsmith, customer] = await Promise.all([
    createTestUser('admin', 'Olive'),
    createTestUser('admin', 'Fran', { staffRole: 'front_desk' }),
    createTestUser('admin', 'Gus', { staffRole: 'gunsmith' }),
    createTestUser('customer', 'Cora'),
  ])
}, 90_000)

const route: RouteDef = routes.find((r) => r.method === 'POST' && r.path === '/api/admin/book/imports')!
const post = (who: TestUser, body: Record<string, unknown>) => call(route, { claims: who.claims, body })
const tag = () => randomUUID().slice(0, 8).toUpperCase()
const lastLine = () => createBookLines(defaultTable()).lastLineNumber()

/** A file of the template's columns (Download template) with these rows. */
function file(rows: Array<Record<string, string>>): string {
  const headers = bookImportTemplate().trim().split(',')
  const cell = (v = '') => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)
  return bookImportTemplate() + rows.map((r) => headers.map((h) => cell(r[h])).join(',')).join('\r\n') + '\r\n'
}

const firearm = (serial: string, over: Record<string, string> = {}) => ({
  Manufacturer: 'Colt',
  Model: 'Python',
  'Serial Number': serial,
  Type: 'Revolver',
  'Caliber or Gauge': '.357 Magnum',
  'Date of Receipt': '2026-03-02',
  'Received From (Name)': 'Cora Q',
  'Received From (Address or License No.)': '12 Elm St, Springfield, IL 62701',
  'Customer Email': customer.email,
  ...over,
})

describe('POST /api/admin/book/imports', () => {
  it('a dry run names each bad row by its number and column and writes nothing', async () => {
    const before = await lastLine()
    const csv = file([
      firearm(`IM-${tag()}`),
      firearm(`IM-${tag()}`, { 'Date of Receipt': '2026-02-30', Type: 'Cannon' }),
      firearm(`IM-${tag()}`, { 'Customer Email': `nobody-${tag()}@example.com`, 'Received From (Address or License No.)': 'FFL 1-23-456' }),
    ])
    const res = await post(owner, { fileName: 'custody.csv', csv, dryRun: true })
    expect(res.status, res.text).toBe(200)
    expect(res.body.errorCount).toBe(2)
    expect(res.body.rows.map((r: { row: number }) => r.row)).toEqual([2, 3, 4])
    expect(res.body.rows[0].errors).toEqual([])
    expect(res.body.rows[0].customerName).toContain('Cora')
    expect(res.body.rows[1].errors).toEqual([
      { column: 'Date of Receipt', message: bookImportMessages.dateInvalid },
      { column: 'Type', message: bookImportMessages.typeInvalid },
    ])
    expect(res.body.rows[2].errors).toEqual(
      expect.arrayContaining([
        { column: 'Customer Email', message: bookImportMessages.customerUnknown },
        { column: 'Received From (Address or License No.)', message: bookImportMessages.fflInvalid },
      ]),
    )
    expect(await lastLine()).toBe(before)
    // The import of the same file is refused whole: nothing written.
    const refused = await post(owner, { fileName: 'custody.csv', csv, dryRun: false })
    expect(refused.status).toBe(400)
    expect(refused.body.error.message).toBe(bookImportMessages.fixRowsFirst(2))
    expect(refused.body.error.fields['row 3: Type']).toBe(bookImportMessages.typeInvalid)
    expect(await lastLine()).toBe(before)
  })

  it('refuses a file it cannot take: a missing column, too many rows, no rows', async () => {
    const noEmail = 'Manufacturer,Model,Serial Number,Type,Caliber or Gauge,Date of Receipt,Received From (Name),Received From (Address or License No.)\r\nColt,Python,X1,Revolver,.357,2026-03-02,A,B\r\n'
    const missing = await post(owner, { fileName: 'a.csv', csv: noEmail, dryRun: true })
    expect(missing.status).toBe(400)
    expect(missing.body.error.message).toBe(bookImportMessages.missingColumns(['Customer Email']))
    const many = await post(owner, { fileName: 'b.csv', csv: file(Array.from({ length: 101 }, (_, i) => firearm(`MANY-${i}`))), dryRun: true })
    expect(many.status).toBe(400)
    expect(many.body.error.message).toBe(bookImportMessages.tooManyRows)
    const empty = await post(owner, { fileName: 'c.csv', csv: bookImportTemplate(), dryRun: true })
    expect(empty.status).toBe(400)
    expect(empty.body.error.message).toBe(bookImportMessages.fileEmpty)
  })

  it('imports one acquisition entry per row with its date, on gapless entry numbers; the same file again is refused; one audit record', async () => {
    const [a, b] = [`IM-${tag()}`, `IM-${tag()}`]
    const csv = file([
      firearm(a, { 'Date of Receipt': '2025-11-03', 'Service Type': 'Cleaning', Description: 'Full clean' }),
      firearm(b, { Type: 'Receiver/Frame', 'Received From (Name)': 'Lone Star Arms', 'Received From (Address or License No.)': 'FFL 5-74-123-01-9B-54321' }),
    ])
    const checked = await post(frontDesk, { fileName: 'shop-custody.csv', csv, dryRun: true })
    expect(checked.status, checked.text).toBe(200)
    expect(checked.body.errorCount).toBe(0)
    const res = await post(frontDesk, { fileName: 'shop-custody.csv', csv, dryRun: false })
    expect(res.status, res.text).toBe(201)
    expect(res.body.imported).toBe(2)
    const [ra, rb] = res.body.rows
    expect(rb.entry.lineNumber).toBe(ra.entry.lineNumber + 1)

    const lineA = await call(routes.find((r) => r.method === 'GET' && r.path === '/api/admin/book/{orderId}')!, { claims: owner.claims, params: { orderId: ra.entry.orderId } })
    expect(lineA.status).toBe(200)
    expect(lineA.body.entries).toHaveLength(1)
    expect(lineA.body.entries[0]).toMatchObject({ kind: 'acquisition', lineNumber: ra.entry.lineNumber })
    expect(lineA.body.line.current).toMatchObject({ acquiredOn: '2025-11-03', serialNumber: a, manufacturer: 'Colt', fromAddress: '12 Elm St, Springfield, IL 62701' })
    const lineB = await call(routes.find((r) => r.method === 'GET' && r.path === '/api/admin/book/{orderId}')!, { claims: owner.claims, params: { orderId: rb.entry.orderId } })
    expect(lineB.body.line.current).toMatchObject({ from: 'licensee', fromLicense: '5-74-123-01-9B-54321', firearmType: 'receiver_frame', acquiredOn: '2026-03-02' })

    const order = await call(routes.find((r) => r.method === 'GET' && r.path === '/api/admin/orders/{orderId}')!, { claims: owner.claims, params: { orderId: ra.entry.orderId } })
    expect(order.body).toMatchObject({ customerId: customer.userId, currentStatus: 'firearm_received', serviceType: 'Cleaning', description: 'Full clean', serialNumber: a })

    // The file again: each row is in the book already (in custody), nothing is written twice.
    const again = await post(owner, { fileName: 'shop-custody.csv', csv, dryRun: true })
    expect(again.body.rows[0].errors).toEqual([{ column: 'Serial Number', message: bookImportMessages.alreadyInBook(ra.entry.lineNumber) }])
    expect(again.body.rows[1].errors).toEqual([{ column: 'Serial Number', message: bookImportMessages.alreadyInBook(rb.entry.lineNumber) }])
    const before = await lastLine()
    expect((await post(owner, { fileName: 'shop-custody.csv', csv, dryRun: false })).status).toBe(400)
    expect(await lastLine()).toBe(before)

    const { data } = await createService(defaultTable()).entities.auditEvent.query.byScope({ scope: 'shop' }).go({ order: 'desc', limit: 100 })
    const record = data.find((e) => e.action === 'book.import' && e.summary.includes('shop-custody.csv'))
    expect(record).toMatchObject({ actorId: frontDesk.userId, summary: `Imported 2 of 2 firearms in custody from "shop-custody.csv" into the A&D book: entries ${ra.entry.lineNumber}-${rb.entry.lineNumber}` })
    expect(record!.changes).toHaveLength(2)
  }, 60_000)

  it('a serial number twice in one file is an error on the later row', async () => {
    const s = `IM-${tag()}`
    const res = await post(owner, { fileName: 'dup.csv', csv: file([firearm(s), firearm(s.toLowerCase())]), dryRun: true })
    expect(res.body.rows[1].errors).toEqual([{ column: 'Serial Number', message: bookImportMessages.duplicateInFile(2) }])
  })

  it('a gunsmith may not import (403)', async () => {
    const res = await post(gunsmith, { fileName: 'g.csv', csv: file([firearm(`IM-${tag()}`)]), dryRun: true })
    expect(res.status).toBe(403)
  })
})
