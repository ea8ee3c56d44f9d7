/**
 * The release's checks through the real handlers: who took the firearm and how they were identified, a recipient
 * other than the person who delivered it refused without the licensee's FFL or a Form 4473 reference (400, nothing
 * written), the adult signature of a shipment, all written once on the disposition entry and the book's line; and the
 * scan of a claim tag: the order number, as a scanner or staff type it, finds exactly its order.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { bookMessages } from '../../shared/src/book.ts'
import { releaseCheckMessages as rc } from '../../shared/src/release-checks.ts'
import { routes, type RouteDef } from '../../functions/routes.ts'
import { useStackTable } from './helpers.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'

let staff: TestUser
let customer: TestUser

beforeAll(async () => {
  useStackTable()
  staff = await createTestUser('admin', 'Remy')
  customer = await createTestUser('customer', 'Dell')
}, 60_000)

const route = (method: string, path: string): RouteDef => routes.find((r) => r.method === method && r.path === path)!
const asStaff = (method: string, path: string, input: { params?: Record<string, string>; body?: unknown; query?: Record<string, string> } = {}) =>
  call(route(method, path), { claims: staff.claims, ...input })

const tag = () => randomUUID().slice(0, 8)
const HOME = { line1: '12 Elm St', city: 'Springfield', state: 'IL', postalCode: '62701' }
const today = () => new Date().toISOString().slice(0, 10)

/** A paid-up order (no override needed) whose firearm is in custody. */
async function inCustody() {
  const created = await asStaff('POST', '/api/admin/orders', {
    body: { customerId: customer.userId, firearmMake: 'Ruger', firearmModel: 'GP100', serialNumber: `RC-${tag()}`, serviceType: 'Repair', description: 'Cylinder binds', estimatedCostCents: 0, returnMethod: 'pickup' },
  })
  expect(created.status, created.text).toBe(201)
  const o = created.body as { id: string; version: number; orderNumber: string }
  const received = await asStaff('POST', '/api/admin/orders/{orderId}/receive', {
    params: { orderId: o.id },
    body: { version: o.version, receivedOn: today(), from: 'customer', fromAddress: HOME, firearmType: 'revolver', firearmMake: 'Ruger', firearmModel: 'GP100', serialNumber: `17-${tag()}`, firearmCaliber: '.357 Magnum' },
  })
  expect(received.status, received.text).toBe(200)
  return { ...o, version: received.body.version as number }
}

const release = (orderId: string, body: unknown) => asStaff('POST', '/api/admin/orders/{orderId}/release', { params: { orderId }, body })
const entriesOf = async (orderId: string) => (await asStaff('GET', '/api/admin/book/{orderId}', { params: { orderId } })).body as { line: { current: Record<string, string> }; entries: Array<{ kind: string; columns: Record<string, string> }> }
const orderOf = async (orderId: string) => (await asStaff('GET', '/api/admin/orders/{orderId}', { params: { orderId } })).body

const pickup = (version: number, over: Record<string, unknown> = {}) => ({
  version,
  releasedOn: today(),
  method: 'pickup',
  to: 'customer',
  toAddress: HOME,
  idType: 'drivers_license',
  idIssuer: 'IL',
  idLast4: '4321',
  recipientIsDeliverer: true,
  ...over,
})

describe('Release Firearm records who took it and how they were identified', () => {
  it('a pickup by another person is refused without the FFL or the 4473 (nothing written), then recorded with the 4473', async () => {
    const o = await inCustody()
    const other = { recipientIsDeliverer: false, toName: 'Pat Other', toAddress: { line1: '9 Oak Ave', city: 'Peoria', state: 'IL', postalCode: '61602' } }
    const refused = await release(o.id, pickup(o.version, other))
    expect(refused.status).toBe(400)
    expect(refused.body.error.fields).toEqual({ form4473Ref: rc.transferRequired })
    // Nothing written: the order as it was, no disposition entry.
    const before = await orderOf(o.id)
    expect(before).toMatchObject({ version: o.version, release: null, currentStatus: expect.not.stringMatching(/^order_closed$/) })
    expect((await entriesOf(o.id)).entries.map((e) => e.kind)).toEqual(['acquisition'])

    const ok = await release(o.id, pickup(o.version, { ...other, form4473Ref: 't-2026-0042' }))
    expect(ok.status, ok.text).toBe(200)
    expect(ok.body).toMatchObject({
      currentStatus: 'order_closed',
      release: { method: 'pickup', toName: 'Pat Other', idType: 'drivers_license', idIssuer: 'IL', idLast4: '4321', recipientIsDeliverer: false, form4473Ref: 'T-2026-0042', adultSignature: null, toAddress: '9 Oak Ave, Peoria, IL 61602' },
    })
    const { line, entries } = await entriesOf(o.id)
    expect(entries.map((e) => e.kind)).toEqual(['acquisition', 'disposition'])
    expect(entries[1].columns).toMatchObject({ name: 'Pat Other', idType: 'drivers_license', idIssuer: 'IL', idLast4: '4321', isDeliverer: 'no', form4473Ref: 'T-2026-0042' })
    expect(line.current).toMatchObject({ toName: 'Pat Other', toIdType: 'drivers_license', toIdIssuer: 'IL', toIdLast4: '4321', toIsDeliverer: 'no', form4473Ref: 'T-2026-0042', adultSignature: '' })

    // Written once: a second release is refused and changes nothing.
    const again = await release(o.id, pickup(ok.body.version, { ...other, form4473Ref: 'OTHER-1' }))
    expect(again.status).toBe(400)
    expect(again.body.error.message).toBe(bookMessages.alreadyReleased)
    expect((await entriesOf(o.id)).entries).toHaveLength(2)
  })

  it('another person with the receiving licensee\u2019s FFL number is recorded with it', async () => {
    const o = await inCustody()
    const ok = await release(o.id, pickup(o.version, { recipientIsDeliverer: false, toName: 'Sam at Canyon Guns', toLicense: '9-87-654-32-1a-12345' }))
    expect(ok.status, ok.text).toBe(200)
    expect(ok.body.release).toMatchObject({ recipientIsDeliverer: false, toLicense: '9-87-654-32-1A-12345', form4473Ref: null })
    expect((await entriesOf(o.id)).entries[1].columns).toMatchObject({ license: '9-87-654-32-1A-12345', isDeliverer: 'no' })
  })

  it('the ID: its type, issuer and last 4 are required at pickup; the last 4 is exactly 4 characters (never the full number)', async () => {
    const o = await inCustody()
    for (const idLast4 of ['123', 'D123-4567-8901']) {
      const res = await release(o.id, pickup(o.version, { idLast4 }))
      expect(res.status).toBe(400)
      expect(res.body.error.fields).toEqual({ idLast4: rc.idLast4Invalid })
    }
    const bare = await release(o.id, pickup(o.version, { idType: undefined, idIssuer: undefined, idLast4: undefined, recipientIsDeliverer: undefined }))
    expect(bare.status).toBe(400)
    expect(bare.body.error.fields).toEqual({ idType: rc.idTypeRequired, idIssuer: rc.idIssuerRequired, idLast4: rc.idLast4Invalid, recipientIsDeliverer: rc.delivererRequired })
    expect((await entriesOf(o.id)).entries).toHaveLength(1)
    const ok = await release(o.id, pickup(o.version, { idType: 'passport', idIssuer: 'Canada', idLast4: 'x9k2' }))
    expect(ok.status, ok.text).toBe(200)
    expect(ok.body.release).toMatchObject({ idType: 'passport', idIssuer: 'Canada', idLast4: 'X9K2', recipientIsDeliverer: true, form4473Ref: null })
  })

  it('a shipment records whether an adult signature was required (and no ID)', async () => {
    const o = await inCustody()
    const ok = await release(o.id, { version: o.version, releasedOn: today(), method: 'ship', to: 'customer', toAddress: HOME, carrier: 'FedEx', trackingNumber: '7712', adultSignature: true, recipientIsDeliverer: true })
    expect(ok.status, ok.text).toBe(200)
    expect(ok.body.release).toMatchObject({ method: 'ship', adultSignature: true, idType: null, idLast4: null, recipientIsDeliverer: true })
    const { line, entries } = await entriesOf(o.id)
    expect(entries[1].columns).toMatchObject({ adultSignature: 'yes', carrier: 'FedEx', trackingNumber: '7712' })
    expect(line.current).toMatchObject({ adultSignature: 'yes', toIsDeliverer: 'yes', toIdType: '' })
  })
})

describe('scanning a claim tag', () => {
  it('the order number as scanned or typed finds exactly its order; an unknown number finds none', async () => {
    const o = await inCustody()
    const digits = o.orderNumber.replace(/^GS-0*/, '')
    for (const typed of [o.orderNumber, `gs-${digits}`, digits]) {
      const res = await asStaff('GET', '/api/admin/orders', { query: { search: typed } })
      expect(res.status, res.text).toBe(200)
      expect(res.body).toMatchObject({ match: 'exact', items: [{ id: o.id, orderNumber: o.orderNumber }] })
    }
    const none = await asStaff('GET', '/api/admin/orders', { query: { search: 'GS-999999999' } })
    expect(none.status).toBe(200)
    expect(none.body.items).toEqual([])
  })
})
