/**
 * Every route that takes a calendar date (the A&D book's list filters, receive, release, corrections) checks it
 * with the one shared schema (shared/src/schemas/dates.ts): a date that does not exist, or is not written
 * YYYY-MM-DD, is a 400 with the field's message and changes nothing; never a 500. Through the bundled handlers.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { dateMessages } from '../../shared/src/dates.ts'
import { routes, type RouteDef } from '../../functions/routes.ts'
import { useStackTable } from './helpers.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'
import { seedOrder } from './payments-fixtures.ts'

/** Not dates (no month 13, no February 30th, 2025 is not a leap year) or not written YYYY-MM-DD. */
const IMPOSSIBLE = ['2026-13-40', '2026-02-30', '2025-02-29', '', 'yesterday', '2026-1-5']
/** A leap day that exists, in the past: accepted wherever a date is. */
const LEAP_DAY = '2024-02-29'

let staff: TestUser
let customer: TestUser

beforeAll(async () => {
  useStackTable()
  staff = await createTestUser('admin', 'Dana')
  customer = await createTestUser('customer', 'Dale')
}, 60_000)

const route = (method: string, path: string): RouteDef => routes.find((r) => r.method === method && r.path === path)!
const asStaff = (method: string, path: string, input: { params?: Record<string, string>; body?: unknown; query?: Record<string, string> } = {}) => call(route(method, path), { claims: staff.claims, ...input })

const HOME = { line1: '12 Elm St', city: 'Springfield', state: 'IL', postalCode: '62701' }
const receive = (orderId: string, body: unknown) => asStaff('POST', '/api/admin/orders/{orderId}/receive', { params: { orderId }, body })
const release = (orderId: string, body: unknown) => asStaff('POST', '/api/admin/orders/{orderId}/release', { params: { orderId }, body })
const correct = (orderId: string, body: unknown) => asStaff('POST', '/api/admin/book/{orderId}/corrections', { params: { orderId }, body })
const orderOf = async (orderId: string) => (await asStaff('GET', '/api/admin/orders/{orderId}', { params: { orderId } })).body
const lineOf = async (orderId: string) => asStaff('GET', '/api/admin/book/{orderId}', { params: { orderId } })

/** An order of early 2024 (straight into the table): its firearm's dates below are never before it was created. */
async function newOrder(): Promise<{ id: string; version: number }> {
  const o = await seedOrder(customer.userId, { createdAt: '2024-02-01T12:00:00.000Z', currentStatus: 'order_created', firearmMake: 'Ruger', firearmModel: 'GP100', serialNumber: `DT-${randomUUID().slice(0, 8)}` })
  return { id: o.orderId, version: o.version }
}

const intake = (version: number, receivedOn: unknown) => ({
  version,
  receivedOn,
  from: 'customer',
  fromAddress: HOME,
  firearmType: 'revolver',
  firearmMake: 'Sturm, Ruger & Co.',
  firearmModel: 'GP100',
  serialNumber: `17-${randomUUID().slice(0, 8)}`,
  firearmCaliber: '.357 Magnum',
})
const pickup = (version: number, releasedOn: unknown) => ({ version, releasedOn, method: 'pickup', to: 'customer', toAddress: HOME, idType: 'drivers_license', idIssuer: 'IL', idLast4: '1234', recipientIsDeliverer: true, releaseOverrideReason: 'Paid by phone' })

/** Each impossible date refused at `field` with the date message, and the order and its book line as they were. */
async function refusesEach(orderId: string, field: string, send: (value: string) => Promise<{ status: number; body: any; text: string }>) {
  const before = { order: await orderOf(orderId), line: (await lineOf(orderId)).body }
  for (const value of IMPOSSIBLE) {
    const res = await send(value)
    expect(res.status, `${field}=${JSON.stringify(value)}: ${res.text}`).toBe(400)
    expect(res.body.error).toEqual({ code: 'validation_failed', message: dateMessages.invalid, fields: { [field]: dateMessages.invalid } })
  }
  expect({ order: await orderOf(orderId), line: (await lineOf(orderId)).body }).toEqual(before)
}

describe('GET /api/admin/book: the range filters', () => {
  it.each(['from', 'to'])('%s: an impossible date is a 400 naming it; a leap day that exists is a range', async (field) => {
    for (const value of IMPOSSIBLE) {
      const res = await asStaff('GET', '/api/admin/book', { query: { view: 'book', [field]: value } })
      expect(res.status, `${field}=${JSON.stringify(value)}: ${res.text}`).toBe(400)
      expect(res.body.error).toEqual({ code: 'validation_failed', message: dateMessages.invalid, fields: { [field]: dateMessages.invalid } })
    }
    for (const by of ['acquired', 'disposed']) {
      const ok = await asStaff('GET', '/api/admin/book', { query: { view: 'book', by, [field]: LEAP_DAY } })
      expect(ok.status, ok.text).toBe(200)
    }
  })
})

describe('receive, release and correct: the dates of the A&D book', () => {
  it('receive: an impossible date of receipt is refused and records nothing; 2024-02-29 is received', async () => {
    const o = await newOrder()
    await refusesEach(o.id, 'receivedOn', (v) => receive(o.id, intake(o.version, v)))
    expect((await lineOf(o.id)).status).toBe(404)
    const ok = await receive(o.id, intake(o.version, LEAP_DAY))
    expect(ok.status, ok.text).toBe(200)
    expect(ok.body.intake.receivedOn).toBe(LEAP_DAY)
  })

  it('release: an impossible date of disposition is refused and the firearm stays in custody; 2024-02-29 releases it', async () => {
    const o = await newOrder()
    const received = await receive(o.id, intake(o.version, '2024-02-28'))
    expect(received.status, received.text).toBe(200)
    await refusesEach(o.id, 'releasedOn', (v) => release(o.id, pickup(received.body.version, v)))
    expect((await lineOf(o.id)).body.line.open).toBe(true)
    const ok = await release(o.id, pickup(received.body.version, LEAP_DAY))
    expect(ok.status, ok.text).toBe(200)
    expect(ok.body.release.releasedOn).toBe(LEAP_DAY)
  })

  it('corrections: an impossible corrected date (receipt or disposition) writes no correction entry', async () => {
    const o = await newOrder()
    const received = await receive(o.id, intake(o.version, '2024-02-27'))
    const released = await release(o.id, pickup(received.body.version, '2024-02-28'))
    expect(released.status, released.text).toBe(200)
    const v = released.body.version
    await refusesEach(o.id, 'fields.receivedOn', (value) => correct(o.id, { version: v, entry: 'acquisition', reason: 'Date misread', fields: { receivedOn: value } }))
    await refusesEach(o.id, 'fields.releasedOn', (value) => correct(o.id, { version: v, entry: 'disposition', reason: 'Date misread', fields: { releasedOn: value } }))
    expect((await lineOf(o.id)).body.line.corrections).toEqual([])

    const ok = await correct(o.id, { version: v, entry: 'disposition', reason: 'Picked up on the leap day', fields: { releasedOn: LEAP_DAY } })
    expect(ok.status, ok.text).toBe(201)
    expect((await lineOf(o.id)).body.line.current.disposedOn).toBe(LEAP_DAY)
  })
})
