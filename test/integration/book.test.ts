/**
 * Intake and the A&D book kept by the portal (27 CFR 478.125(e), ATF Ruling 2016-1).
 * Through the real handlers on the local stack: receiving writes exactly one acquisition entry and shipping
 * exactly one disposition entry, each in the ONE transaction of the order change (the DynamoDB commands are
 * observed), and none when the change is refused; corrections are new entries that never change the original;
 * the open inventory, search, ranges, the CSV columns.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { BOOK_COLUMNS, bookCsv, bookMessages } from '../../shared/src/book.ts'
import { routes, type RouteDef } from '../../functions/routes.ts'
import { countCommands, useStackTable } from './helpers.ts'
import { seedOrder } from './payments-fixtures.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'

let staff: TestUser
let customer: TestUser

beforeAll(async () => {
  useStackTable()
  staff = await createTestUser('admin', 'Bea')
  customer = await createTestUser('customer', 'Cole')
}, 60_000)

const route = (method: string, path: string): RouteDef => routes.find((r) => r.method === method && r.path === path)!
const asStaff = (method: string, path: string, input: { params?: Record<string, string>; body?: unknown; query?: Record<string, string> } = {}) =>
  call(route(method, path), { claims: staff.claims, ...input })

const tag = () => randomUUID().slice(0, 8)
const HOME = { line1: '12 Elm St', city: 'Springfield', state: 'IL', postalCode: '62701' }
const today = () => new Date().toISOString().slice(0, 10)

async function newOrder(over: Record<string, unknown> = {}) {
  const res = await asStaff('POST', '/api/admin/orders', {
    body: { customerId: customer.userId, firearmMake: 'Ruger', firearmModel: 'GP100', serialNumber: `AD-${tag()}`, serviceType: 'Repair', description: 'Cylinder binds', estimatedCostCents: 10_000, ...over },
  })
  expect(res.status, res.text).toBe(201)
  return res.body as { id: string; version: number; serialNumber: string }
}

const intake = (version: number, over: Record<string, unknown> = {}) => ({
  version,
  receivedOn: today(),
  from: 'customer',
  fromAddress: HOME,
  firearmType: 'revolver',
  firearmMake: 'Sturm, Ruger & Co.',
  firearmModel: 'GP100',
  serialNumber: `17-${tag()}`,
  firearmCaliber: '.357 Magnum',
  conditionNotes: 'Holster wear on the muzzle; bore clean.',
  itemsReceived: 'Soft case',
  ...over,
})

const receive = (orderId: string, body: unknown) => asStaff('POST', '/api/admin/orders/{orderId}/receive', { params: { orderId }, body })
const release = (orderId: string, body: unknown) => asStaff('POST', '/api/admin/orders/{orderId}/release', { params: { orderId }, body })
const lineOf = (orderId: string) => asStaff('GET', '/api/admin/book/{orderId}', { params: { orderId } })
const order = async (orderId: string) => (await asStaff('GET', '/api/admin/orders/{orderId}', { params: { orderId } })).body

/** The write commands a call sends (reads are not counted). */
async function writesOf<T>(fn: () => Promise<T>): Promise<{ result: T; writes: string[] }> {
  const seen: string[] = []
  countCommands((name) => {
    if (!/^(Get|BatchGet|Query|Scan)/.test(name)) seen.push(name)
  })
  const result = await fn()
  countCommands(() => {})
  return { result, writes: seen }
}

describe('receiving a firearm', () => {
  it('writes the intake and exactly one acquisition entry in the one transaction of the order change', async () => {
    const o = await newOrder()
    const body = intake(o.version)
    const { result, writes } = await writesOf(() => receive(o.id, body))
    expect(result.status, result.text).toBe(200)
    // The order, its history, the notification, the audit record, the entry, the line and the entry number: one transaction.
    expect(writes).toEqual(['TransactWriteItemsCommand'])
    expect(result.body).toMatchObject({
      currentStatus: 'firearm_received',
      firearmType: 'revolver',
      firearmMake: 'Sturm, Ruger & Co.',
      serialNumber: body.serialNumber,
      intake: { receivedOn: body.receivedOn, from: 'customer', fromName: expect.stringMatching(/^Cole /), fromAddress: '12 Elm St, Springfield, IL 62701', conditionNotes: body.conditionNotes, itemsReceived: 'Soft case' },
      release: null,
    })
    const { body: detail } = await lineOf(o.id)
    expect(detail.entries).toHaveLength(1)
    expect(detail.entries[0]).toMatchObject({
      kind: 'acquisition',
      recordedBy: expect.stringMatching(/^Bea /),
      columns: { date: body.receivedOn, party: 'customer', address: '12 Elm St, Springfield, IL 62701', firearmType: 'revolver', manufacturer: 'Sturm, Ruger & Co.', model: 'GP100', serialNumber: body.serialNumber, caliber: '.357 Magnum' },
    })
    expect(detail.line).toMatchObject({ open: true, daysHeld: 0, lineNumber: expect.any(Number), current: { serialNumber: body.serialNumber, disposedOn: '' } })
    // The customer's history says so; the order's own history is the status entry.
    const history = (await order(o.id)).updates.map((u: { status: string }) => u.status)
    expect(history).toContain('firearm_received')
  })

  it('a refused intake writes no entry: a stale version, a second intake, bad input, a date in the future', async () => {
    const o = await newOrder()
    const stale = await receive(o.id, intake(o.version + 1))
    expect(stale.status).toBe(409)
    expect((await lineOf(o.id)).status).toBe(404)
    const bad = await receive(o.id, intake(o.version, { serialNumber: ' ', firearmType: 'cannon' }))
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields).toMatchObject({ serialNumber: bookMessages.serialRequired, firearmType: bookMessages.firearmTypeInvalid })
    const future = await receive(o.id, intake(o.version, { receivedOn: '2999-01-01' }))
    expect(future).toMatchObject({ status: 400, body: { error: { message: bookMessages.dateInFuture } } })
    const noAddress = await receive(o.id, intake(o.version, { fromAddress: null }))
    expect(noAddress.body.error.fields).toMatchObject({ fromAddress: bookMessages.addressRequired })
    const licensee = await receive(o.id, intake(o.version, { from: 'licensee', fromAddress: null, fromName: 'Valley Arms LLC' }))
    expect(licensee.body.error.fields).toMatchObject({ fromLicense: bookMessages.licenseRequired })
    expect((await lineOf(o.id)).status).toBe(404)
    expect((await order(o.id)).intake).toBeNull()

    const ok = await receive(o.id, intake(o.version))
    expect(ok.status, ok.text).toBe(200)
    const again = await receive(o.id, intake(ok.body.version))
    expect(again).toMatchObject({ status: 400, body: { error: { message: bookMessages.alreadyReceived } } })
    expect((await lineOf(o.id)).body.entries).toHaveLength(1)
  })

  it('from a licensee: name and FFL number, no address needed', async () => {
    const o = await newOrder()
    const res = await receive(o.id, intake(o.version, { from: 'licensee', fromName: 'Valley Arms LLC', fromLicense: '1-23-456-07-8a-12345', fromAddress: null }))
    expect(res.status, res.text).toBe(200)
    expect(res.body.intake).toMatchObject({ from: 'licensee', fromName: 'Valley Arms LLC', fromLicense: '1-23-456-07-8A-12345', fromAddress: null })
  })

  it('two intakes at the same moment take consecutive entry numbers: none shared, none skipped', async () => {
    const [a, b, c] = await Promise.all([newOrder(), newOrder(), newOrder()])
    const results = await Promise.all([a, b, c].map((o) => receive(o.id, intake(o.version))))
    for (const r of results) expect(r.status, r.text).toBe(200)
    const numbers = (await Promise.all([a, b, c].map(async (o) => (await lineOf(o.id)).body.line.lineNumber as number))).sort((x, y) => x - y)
    expect(numbers[1]).toBe(numbers[0] + 1)
    expect(numbers[2]).toBe(numbers[0] + 2)
  })
})

describe('a firearm in custody', () => {
  it('cannot be marked shipped, delivered or closed, nor its order deleted, nor its description edited in place', async () => {
    const o = await newOrder()
    const r = await receive(o.id, intake(o.version))
    const v = r.body.version
    for (const status of ['shipped', 'delivered', 'order_closed']) {
      const res = await asStaff('PATCH', '/api/admin/orders/{orderId}', { params: { orderId: o.id }, body: { version: v, currentStatus: status, releaseOverrideReason: 'x' } })
      expect(res, status).toMatchObject({ status: 400, body: { error: { message: bookMessages.releaseFirst } } })
    }
    const post = await asStaff('POST', '/api/admin/orders/{orderId}/updates', { params: { orderId: o.id }, body: { status: 'shipped', releaseOverrideReason: 'x' } })
    expect(post).toMatchObject({ status: 400, body: { error: { message: bookMessages.releaseFirst } } })
    const del = await asStaff('DELETE', '/api/admin/orders/{orderId}', { params: { orderId: o.id } })
    expect(del).toMatchObject({ status: 400, body: { error: { message: bookMessages.deleteInCustody } } })
    const edit = await asStaff('PATCH', '/api/admin/orders/{orderId}', { params: { orderId: o.id }, body: { version: v, serialNumber: 'CHANGED' } })
    expect(edit).toMatchObject({ status: 400, body: { error: { message: bookMessages.bookFieldsLocked, fields: { serialNumber: bookMessages.bookFieldsLocked } } } })
    expect((await order(o.id))).toMatchObject({ version: v, currentStatus: 'firearm_received' })
  })

  it('an order is moved to Firearm Received only by the intake', async () => {
    const o = await newOrder()
    const res = await asStaff('PATCH', '/api/admin/orders/{orderId}', { params: { orderId: o.id }, body: { version: o.version, currentStatus: 'firearm_received' } })
    expect(res).toMatchObject({ status: 400, body: { error: { message: bookMessages.receiveFirst, fields: { currentStatus: bookMessages.receiveFirst } } } })
  })
})

describe('releasing a firearm', () => {
  it('shipping writes exactly one disposition entry in the transaction that marks the order shipped; a second release writes none', async () => {
    const o = await newOrder()
    const r = await receive(o.id, intake(o.version))
    // A balance is due: the release rule asks for payment or an override reason, and writes nothing meanwhile.
    const ship = { version: r.body.version, releasedOn: today(), method: 'ship', to: 'customer', toAddress: HOME, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }
    const refused = await release(o.id, ship)
    expect(refused.status).toBe(400)
    expect(refused.body.error.message).toMatch(/balance due of \$125\.00/)
    expect((await lineOf(o.id)).body.entries).toHaveLength(1)

    const { result, writes } = await writesOf(() => release(o.id, { ...ship, releaseOverrideReason: 'Paid by phone, posting tomorrow' }))
    expect(result.status, result.text).toBe(200)
    expect(writes).toEqual(['TransactWriteItemsCommand'])
    expect(result.body).toMatchObject({ currentStatus: 'shipped', outboundTrackingNumber: '1Z999AA10123456784', release: { method: 'ship', to: 'customer', carrier: 'UPS', toAddress: '12 Elm St, Springfield, IL 62701' } })
    const { body: detail } = await lineOf(o.id)
    expect(detail.entries.map((e: { kind: string }) => e.kind)).toEqual(['acquisition', 'disposition'])
    expect(detail.entries[1].columns).toMatchObject({ date: today(), party: 'customer', method: 'ship', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', address: '12 Elm St, Springfield, IL 62701' })
    expect(detail.line).toMatchObject({ open: false, current: { disposedOn: today(), toAddress: '12 Elm St, Springfield, IL 62701' } })

    const again = await release(o.id, { ...ship, version: result.body.version })
    expect(again).toMatchObject({ status: 400, body: { error: { message: bookMessages.alreadyReleased } } })
    const stale = await release(o.id, { ...ship, version: r.body.version })
    expect(stale.status).toBe(409)
    expect((await lineOf(o.id)).body.entries).toHaveLength(2)
  })

  it('a pickup closes the order; an order never received cannot be released', async () => {
    const never = await newOrder({ estimatedCostCents: 0 })
    expect(await release(never.id, { version: never.version, releasedOn: today(), method: 'pickup', to: 'customer', toAddress: HOME, idType: 'drivers_license', idIssuer: 'IL', idLast4: '1234', recipientIsDeliverer: true })).toMatchObject({ status: 400, body: { error: { message: bookMessages.notInCustody } } })
    const o = await newOrder({ estimatedCostCents: 0, returnMethod: 'pickup' })
    const r = await receive(o.id, intake(o.version))
    const res = await release(o.id, { version: r.body.version, releasedOn: today(), method: 'pickup', to: 'customer', toAddress: HOME, idType: 'drivers_license', idIssuer: 'IL', idLast4: '1234', recipientIsDeliverer: true })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({ currentStatus: 'order_closed', release: { method: 'pickup', carrier: null, trackingNumber: null, toName: expect.stringMatching(/^Cole /) } })
  })
})

describe('the intake notes', () => {
  it('condition notes and what came with it are edited in place once received (not before), the audit keeping before → after', async () => {
    const o = await newOrder()
    const before = await asStaff('PATCH', '/api/admin/orders/{orderId}', { params: { orderId: o.id }, body: { version: o.version, conditionNotes: 'Scratched' } })
    expect(before).toMatchObject({ status: 400, body: { error: { message: bookMessages.notReceived } } })
    const r = await receive(o.id, intake(o.version))
    const res = await asStaff('PATCH', '/api/admin/orders/{orderId}', { params: { orderId: o.id }, body: { version: r.body.version, conditionNotes: 'Scratched on the frame', itemsReceived: 'Soft case, 1 speedloader' } })
    expect(res.status, res.text).toBe(200)
    expect(res.body.intake).toMatchObject({ conditionNotes: 'Scratched on the frame', itemsReceived: 'Soft case, 1 speedloader', receivedOn: r.body.intake.receivedOn })
    // Not an A&D column: the book keeps its one entry.
    expect((await lineOf(o.id)).body.entries).toHaveLength(1)
    const activity = await asStaff('GET', '/api/admin/orders/{orderId}/activity', { params: { orderId: o.id } })
    const edit = activity.body.items.find((e: { changes: { field: string }[] }) => e.changes.some((c) => c.field === 'Intake'))
    expect(edit.changes.find((c: { field: string }) => c.field === 'Intake')).toMatchObject({ before: expect.stringContaining('Holster wear'), after: expect.stringContaining('Scratched on the frame') })
  })
})

describe('corrections', () => {
  it('are new entries that reference the original, which never changes; the order follows the corrected columns', async () => {
    const o = await newOrder()
    const r = await receive(o.id, intake(o.version, { serialNumber: 'TYPO-123' }))
    const before = (await lineOf(o.id)).body
    const res = await asStaff('POST', '/api/admin/book/{orderId}/corrections', {
      params: { orderId: o.id },
      body: { version: r.body.version, entry: 'acquisition', reason: 'Serial misread at intake', fields: { serialNumber: 'TYP0-123', firearmCaliber: '.38 Special' } },
    })
    expect(res.status, res.text).toBe(201)
    expect(res.body).toMatchObject({ serialNumber: 'TYP0-123', firearmCaliber: '.38 Special' })
    const after = (await lineOf(o.id)).body
    expect(after.entries).toHaveLength(2)
    // The acquisition entry is exactly as it was.
    expect(after.entries[0]).toEqual(before.entries[0])
    expect(after.entries[1]).toMatchObject({
      kind: 'correction',
      corrects: before.entries[0].entryId,
      correctsKind: 'acquisition',
      reason: 'Serial misread at intake',
      changes: [
        { field: 'Serial number', before: 'TYPO-123', after: 'TYP0-123' },
        { field: 'Caliber or gauge', before: '.357 Magnum', after: '.38 Special' },
      ],
    })
    expect(after.line.original.serialNumber).toBe('TYPO-123')
    expect(after.line.current.serialNumber).toBe('TYP0-123')
    expect(after.line.corrections).toEqual([expect.objectContaining({ corrects: 'acquisition', reason: 'Serial misread at intake', recordedBy: expect.stringMatching(/^Bea /) })])

    const corrections = await asStaff('GET', '/api/admin/book/corrections', { query: { limit: '50' } })
    expect(corrections.body.items.map((e: { entryId: string }) => e.entryId)).toContain(after.entries[1].entryId)

    // Nothing changed, no reason, a field of the other entry, no disposition yet: refused, nothing written.
    const v = res.body.version
    const correct = (body: Record<string, unknown>) => asStaff('POST', '/api/admin/book/{orderId}/corrections', { params: { orderId: o.id }, body: { version: v, entry: 'acquisition', reason: 'x', fields: {}, ...body } })
    expect(await correct({ fields: { serialNumber: 'TYP0-123' } })).toMatchObject({ status: 400, body: { error: { message: bookMessages.nothingToCorrect } } })
    expect((await correct({ reason: ' ', fields: { firearmModel: 'GP-100' } })).status).toBe(400)
    expect((await correct({ fields: { toName: 'Someone' } })).status).toBe(400)
    expect(await correct({ entry: 'disposition', fields: { toName: 'Someone' } })).toMatchObject({ status: 400, body: { error: { message: bookMessages.noDisposition } } })
    expect((await correct({ version: v - 1, fields: { firearmModel: 'GP-100' } })).status).toBe(409)
    expect((await lineOf(o.id)).body.entries).toHaveLength(2)
  })
})

describe('the book', () => {
  it('lists the open inventory with days held, searches, takes date ranges, and its CSV holds the 478.125(e) columns', async () => {
    const make = `Zeta${tag()}`
    // An order of the new year's first day, its firearm received the day after (a date is never before its order).
    const o = await seedOrder(customer.userId, { createdAt: '2026-01-01T16:00:00.000Z', currentStatus: 'order_created', customerName: `Cole ${tag()}` }).then((x) => ({ id: x.orderId, version: x.version }))
    const r = await receive(o.id, intake(o.version, { firearmMake: make, receivedOn: '2026-01-02' }))
    expect(r.status, r.text).toBe(200)

    const inventory = await asStaff('GET', '/api/admin/book', { query: { view: 'inventory', search: make } })
    expect(inventory.status, inventory.text).toBe(200)
    const [line] = inventory.body.items
    expect(line).toMatchObject({ orderId: o.id, open: true, current: { manufacturer: make, acquiredOn: '2026-01-02' } })
    expect(line.daysHeld).toBeGreaterThan(300)

    const bySerial = await asStaff('GET', '/api/admin/book', { query: { search: r.body.serialNumber.toLowerCase() } })
    expect(bySerial.body.items.map((l: { orderId: string }) => l.orderId)).toEqual([o.id])
    const byName = await asStaff('GET', '/api/admin/book', { query: { search: `${make} cole` } })
    expect(byName.body.items).toEqual([])
    const inRange = await asStaff('GET', '/api/admin/book', { query: { from: '2026-01-02', to: '2026-01-02', order: 'asc', search: make } })
    expect(inRange.body.items.map((l: { orderId: string }) => l.orderId)).toEqual([o.id])
    const outOfRange = await asStaff('GET', '/api/admin/book', { query: { from: '2026-01-03', to: '2026-01-31', search: make } })
    expect(outOfRange.body.items).toEqual([])
    expect((await asStaff('GET', '/api/admin/book', { query: { from: '2026-02-01', to: '2026-01-01' } })).status).toBe(400)
    expect((await asStaff('GET', '/api/admin/book', { query: { view: 'inventory', cursor: 'bz.x' } })).status).toBe(400)

    const csv = bookCsv([{ ...line.current, fromAddressOrLicense: line.current.fromAddress, toAddressOrLicense: '', lineNumber: line.lineNumber, orderNumber: line.orderNumber, corrected: false }])
    const [header, row] = csv.split('\r\n')
    expect(header.split(',')).toEqual(BOOK_COLUMNS.map((c) => (c.header.includes(',') ? `"${c.header}"` : c.header)))
    for (const column of ['Manufacturer', 'Importer', 'Model', 'Serial Number', 'Type', 'Caliber or Gauge', 'Date of Receipt', 'Received From (Name)', 'Received From (Address or License No.)', 'Date of Disposition', 'Disposed To (Name)', 'Disposed To (Address or License No.)'])
      expect(header).toContain(column)
    expect(row).toContain(make)
    expect(row).toContain('Revolver')
    expect(row).toContain('"12 Elm St, Springfield, IL 62701"')
  })

  it('is staff only: a customer gets 403', async () => {
    const res = await call(route('GET', '/api/admin/book'), { claims: customer.claims })
    expect(res.status).toBe(403)
  })
})
