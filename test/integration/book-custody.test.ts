/**
 * The A&D book cannot be skipped (docs/business-rules.md, "The A&D book"): through the real handlers on the local
 * stack, every route that sets an order's status refuses a status that says the firearm is in the shop without its
 * intake, or that it left without its release, naming Receive Firearm or Release Firearm, and writes nothing; the
 * demo seed's orders and its book agree.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { bookMessages } from '../../shared/src/book.ts'
import { statusCustody } from '../../shared/src/statuses.ts'
import { routeKey, routes } from '../../functions/routes.ts'
import { CUSTOMER, api, signIn, useStackTable } from './helpers.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'

let staff: TestUser
let customer: TestUser

beforeAll(async () => {
  useStackTable()
  staff = await createTestUser('admin', 'Rhea')
  customer = await createTestUser('customer', 'Milo')
}, 60_000)

const route = (key: string) => routes.find((r) => routeKey(r) === key)!
const asStaff = (key: string, input: { params?: Record<string, string>; body?: unknown; query?: Record<string, string> } = {}) => call(route(key), { claims: staff.claims, ...input })

const today = () => new Date().toISOString().slice(0, 10)
const HOME = { line1: '40 Birch Ln', city: 'Dayton', state: 'OH', postalCode: '45402' }

async function newOrder() {
  const res = await asStaff('POST /api/admin/orders', {
    body: { customerId: customer.userId, firearmMake: 'Walther', firearmModel: 'PDP', serialNumber: `CU-${randomUUID().slice(0, 8)}`, serviceType: 'Repair', description: 'Light strikes', estimatedCostCents: 0, returnMethod: 'pickup' },
  })
  expect(res.status, res.text).toBe(201)
  return res.body as { id: string; version: number; serialNumber: string }
}

const order = async (orderId: string) => (await asStaff('GET /api/admin/orders/{orderId}', { params: { orderId } })).body
const edit = (orderId: string, body: Record<string, unknown>) => asStaff('PATCH /api/admin/orders/{orderId}', { params: { orderId }, body })
const message = (orderId: string, status: string) => asStaff('POST /api/admin/orders/{orderId}/updates', { params: { orderId }, body: { status, notes: 'Moving it along' } })
const lineOf = (orderId: string) => asStaff('GET /api/admin/book/{orderId}', { params: { orderId } })
const receive = (orderId: string, version: number) =>
  asStaff('POST /api/admin/orders/{orderId}/receive', {
    params: { orderId },
    body: { version, receivedOn: today(), from: 'customer', fromAddress: HOME, firearmType: 'pistol', firearmMake: 'Walther', firearmModel: 'PDP', serialNumber: `CU-${randomUUID().slice(0, 8)}`, firearmCaliber: '9mm' },
  })

describe('an order never received', () => {
  it('is refused Work In Progress, Ready For Shipping and Shipped by the edit form and by a staff message, naming Receive Firearm (and Release Firearm to leave); nothing is written', async () => {
    const o = await newOrder()
    for (const [status, message_] of [
      ['in_progress', bookMessages.receiveFirst],
      ['ready_for_shipping', bookMessages.receiveFirst],
      ['firearm_received', bookMessages.receiveFirst],
      ['shipped', bookMessages.receiveAndRelease],
      ['delivered', bookMessages.receiveAndRelease],
    ] as const) {
      const edited = await edit(o.id, { version: o.version, currentStatus: status })
      expect(edited, status).toMatchObject({ status: 400, body: { error: { code: 'validation_failed', message: message_, fields: { currentStatus: message_ } } } })
      const posted = await message(o.id, status)
      expect(posted, status).toMatchObject({ status: 400, body: { error: { message: message_, fields: { status: message_ } } } })
    }
    expect(bookMessages.receiveFirst).toContain('Receive Firearm')
    expect(bookMessages.receiveAndRelease).toContain('Release Firearm')
    const after = await order(o.id)
    expect(after).toMatchObject({ version: o.version, currentStatus: 'order_created', intake: null, release: null, missingFromBook: false })
    expect(after.updates.map((u: { status: string }) => u.status)).toEqual(['order_created'])
    expect(await lineOf(o.id)).toMatchObject({ status: 404, body: { error: { message: bookMessages.lineNotFound } } })
  })

  it('may wait for its firearm, or be closed without entries (it never came)', async () => {
    const o = await newOrder()
    const labelled = await edit(o.id, { version: o.version, currentStatus: 'label_created' })
    expect(labelled.status, labelled.text).toBe(200)
    expect((await message(o.id, 'order_closed')).status).toBe(201)
    expect(await order(o.id)).toMatchObject({ currentStatus: 'order_closed', intake: null, missingFromBook: false })
  })
})

describe('a firearm received', () => {
  it('moves through the work; leaving names Release Firearm; once released it never comes back to the shop', async () => {
    const o = await newOrder()
    const r = await receive(o.id, o.version)
    expect(r.status, r.text).toBe(200)
    for (const status of ['in_progress', 'work_complete', 'ready_for_pickup']) expect((await message(o.id, status)).status, status).toBe(201)
    const ship = await message(o.id, 'shipped')
    expect(ship).toMatchObject({ status: 400, body: { error: { message: bookMessages.releaseFirst } } })
    const v = (await order(o.id)).version
    const released = await asStaff('POST /api/admin/orders/{orderId}/release', { params: { orderId: o.id }, body: { version: v, releasedOn: today(), method: 'pickup', to: 'customer', toAddress: HOME, idType: 'drivers_license', idIssuer: 'IL', idLast4: '1234', recipientIsDeliverer: true } })
    expect(released.status, released.text).toBe(200)
    expect(released.body.currentStatus).toBe('order_closed')
    for (const status of ['in_progress', 'firearm_received']) {
      expect(await edit(o.id, { version: released.body.version, currentStatus: status }), status).toMatchObject({ status: 400, body: { error: { message: bookMessages.backAfterRelease } } })
    }
    expect(bookMessages.backAfterRelease).toContain('Release Firearm')
    // Delivered after it left: the book has its disposition.
    expect((await edit(o.id, { version: released.body.version, currentStatus: 'delivered' })).status).toBe(200)
    expect((await lineOf(o.id)).body.entries.map((e: { kind: string }) => e.kind)).toEqual(['acquisition', 'disposition'])
  })
})

describe('the demo seed (infra/local/demo-data.ts)', () => {
  it('records the intake of every demo firearm in the shop or gone, and the release of the one that left: its orders and its book agree', async () => {
    const { AccessToken } = await signIn(CUSTOMER.email, CUSTOMER.password)
    type Mine = { id: string; orderNumber: string; serialNumber: string; currentStatus: string; createdAt: string; intake: { receivedOn: string } | null; release: { releasedOn: string } | null; missingFromBook: boolean }
    const all: Mine[] = []
    let cursor: string | null = null
    do {
      const page = await api(`/api/orders${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { token: AccessToken })
      expect(page.status).toBe(200)
      all.push(...page.body.items)
      cursor = page.body.cursor
    } while (cursor)
    // The demo's firearms (other files may add orders for this customer).
    const demo = all.filter((o) => ['CYD4417', 'RS81239U', '0012-45678', 'BXKL552', 'NM214587', '66A123456'].includes(o.serialNumber))
    expect(demo).toHaveLength(6)
    const custodies = new Set(demo.map((o) => statusCustody(o.currentStatus)))
    for (const c of ['awaiting', 'in_shop', 'left']) expect(custodies).toContain(c)
    const lineNumbers: number[] = []
    for (const o of demo) {
      const custody = statusCustody(o.currentStatus)
      const line = await lineOf(o.id)
      expect(o.missingFromBook, o.orderNumber).toBe(false)
      if (custody === 'awaiting') {
        expect(o.intake, o.orderNumber).toBeNull()
        expect(line.status, o.orderNumber).toBe(404)
        continue
      }
      expect(custody === 'in_shop' || custody === 'left', `${o.orderNumber} ${o.currentStatus}`).toBe(true)
      expect(line.status, `${o.orderNumber}: ${line.text}`).toBe(200)
      const kinds = line.body.entries.map((e: { kind: string }) => e.kind)
      expect(kinds, o.orderNumber).toEqual(custody === 'left' ? ['acquisition', 'disposition'] : ['acquisition'])
      // The entry is the order's intake, dated on or after the order and never ahead of today.
      expect(line.body.line.current.acquiredOn).toBe(o.intake!.receivedOn)
      expect(o.intake!.receivedOn >= o.createdAt.slice(0, 10) && o.intake!.receivedOn <= today(), o.orderNumber).toBe(true)
      expect(line.body.line.open, o.orderNumber).toBe(custody === 'in_shop')
      if (custody === 'left') expect(line.body.line.current.disposedOn).toBe(o.release!.releasedOn)
      else expect(o.release).toBeNull()
      lineNumbers.push(line.body.line.lineNumber)
    }
    expect(new Set(lineNumbers).size).toBe(lineNumbers.length)
  })
})
