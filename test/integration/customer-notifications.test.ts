/**
 * Every event a customer cares about is a notification whose title names the firearm and the order
 * number: an order walked through the real routes (in process, quality-helpers.ts) from
 * creation to shipped with a UPS number, and the customer's list read back through
 * GET /api/notifications. The customer's own note tells them nothing; a status change with a note
 * is one notification.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { routeKey, routes } from '../../functions/routes.ts'
import { useStackTable } from './helpers.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'
import { bookToday, intakeBody } from './book-fixtures.ts'

const route = (key: string) => routes.find((r) => routeKey(r) === key)!

let admin: TestUser
let customer: TestUser

beforeAll(async () => {
  useStackTable()
  ;[admin, customer] = await Promise.all([createTestUser('admin'), createTestUser('customer')])
})

/** Release Firearm by shipping to the customer, before payment (with a reason). */
const shipped = (version: number, trackingNumber: string) => ({
  version,
  releasedOn: bookToday(),
  method: 'ship',
  to: 'customer',
  toAddress: { line1: '77 Quarry Rd', city: 'Bend', state: 'OR', postalCode: '97701' },
  carrier: 'UPS',
  trackingNumber,
  releaseOverrideReason: 'Pays on delivery',
})

async function ok<T = any>(key: string, user: TestUser, input: { params?: Record<string, string>; body?: unknown; query?: Record<string, string> } = {}): Promise<T> {
  const res = await call(route(key), { claims: user.claims, ...input })
  expect(res.status, `${key}: ${res.text}`).toBeLessThan(300)
  return res.body as T
}

describe('the customer is notified of every event of their order', () => {
  it('create → status change → staff note → approval → shipped with a UPS number: one notification each, named by firearm and order', async () => {
    const created = await ok('POST /api/admin/orders', admin, {
      body: { customerId: customer.userId, firearmMake: 'Colt', firearmModel: 'Python', serialNumber: 'PY-1955', serviceType: 'Repair', description: 'Timing is off', estimatedCostCents: 20_000 },
    })
    const orderId: string = created.id
    const number: string = created.orderNumber
    const params = { orderId }
    const version = async () => (await ok('GET /api/admin/orders/{orderId}', admin, { params })).version as number

    // The firearm received (the intake): it moves to Firearm Received.
    await ok('POST /api/admin/orders/{orderId}/receive', admin, { params, body: intakeBody(await version(), { firearmMake: 'Colt', firearmModel: 'Python' }) })
    // A status change by the edit form.
    await ok('PATCH /api/admin/orders/{orderId}', admin, { params, body: { version: await version(), currentStatus: 'evaluating' } })
    // A staff message on the same status: a note.
    await ok('POST /api/admin/orders/{orderId}/updates', admin, { params, body: { status: 'evaluating', notes: 'The hand is worn; we will quote a new one.' } })
    // The customer's own note tells the customer nothing.
    await ok('POST /api/orders/{orderId}/notes', customer, { params, body: { text: 'Thanks, go ahead.' } })
    // An approval request.
    await ok('POST /api/admin/orders/{orderId}/approval-request', admin, { params, body: { reason: 'Replace the hand', lines: [{ kind: 'part', name: 'Hand', unitCents: 4500, quantity: 1 }] } })
    // A status change with a note: ONE notification.
    await ok('POST /api/admin/orders/{orderId}/updates', admin, { params, body: { status: 'in_progress', notes: 'Parts ordered.' } })
    // Shipped with a UPS number (released before payment, with a reason).
    await ok('POST /api/admin/orders/{orderId}/release', admin, { params, body: shipped(await version(), '1Z999AA10123456784') })

    const list = await ok('GET /api/notifications', customer)
    const mine = list.items.filter((n: { orderId: string }) => n.orderId === orderId)
    expect(list.unreadCount).toBe(7)
    expect(mine.map((n: Record<string, unknown>) => [n.kind, n.essential, n.title, n.message])).toEqual([
      ['status_changed', true, `Shipped: Colt Python (${number})`, `Your Colt Python (order ${number}) has shipped via UPS, tracking number 1Z999AA10123456784.`],
      ['status_changed', false, `Work In Progress: Colt Python (${number})`, `Your Colt Python (order ${number}) is now Work In Progress. Note from the shop: Parts ordered.`],
      ['approval_requested', true, `Action Required: Additional Costs — Colt Python, order ${number}`, "Your order requires approval for additional costs: Replace the hand\n\n- Hand × 1: $45.00\nTotal: $48.49\n\nPlease approve or decline the additional costs on your order's page."],
      ['staff_note', false, `Message from the Shop: Colt Python (${number})`, 'The hand is worn; we will quote a new one.'],
      ['status_changed', false, `Evaluating Firearm: Colt Python (${number})`, `Your Colt Python (order ${number}) is now Evaluating Firearm.`],
      ['status_changed', false, `Firearm Received: Colt Python (${number})`, `Your Colt Python (order ${number}) is now Firearm Received.`],
      ['order_created', false, `Order Created: Colt Python (${number})`, `We opened order ${number} for your Colt Python. You can follow its progress here.`],
    ])
    for (const n of mine) expect(n).toMatchObject({ orderId, read: false, context: `Colt Python · ${number}` })
    // The shipped one links to UPS's page (never USPS); the others have no tracking.
    expect(mine[0]).toMatchObject({ trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784', carrier: 'UPS' })
    expect(mine.slice(1).map((n: { trackingUrl: unknown; carrier: unknown }) => [n.trackingUrl, n.carrier])).toEqual(Array(6).fill([null, null]))
  })

  it('shipped, then its number corrected in the edit form: the customer hears of it, once', async () => {
    const created = await ok('POST /api/admin/orders', admin, {
      body: { customerId: customer.userId, firearmMake: 'Ruger', firearmModel: 'GP100', serialNumber: 'GP-100', serviceType: 'Repair', description: 'Cylinder', estimatedCostCents: 10_000 },
    })
    const params = { orderId: created.id as string }
    const version = async () => (await ok('GET /api/admin/orders/{orderId}', admin, { params })).version as number
    await ok('POST /api/admin/orders/{orderId}/receive', admin, { params, body: intakeBody(await version(), { firearmMake: 'Ruger', firearmModel: 'GP100' }) })
    // Shipped by Release Firearm with a number of no known carrier, then the right one given in the edit form.
    await ok('POST /api/admin/orders/{orderId}/release', admin, { params, body: shipped(await version(), 'PENDING-LABEL') })
    await ok('PATCH /api/admin/orders/{orderId}', admin, { params, body: { version: await version(), outboundTrackingNumber: '1Z999AA10123456784' } })
    // Saving the form again with the same number says nothing more.
    await ok('PATCH /api/admin/orders/{orderId}', admin, { params, body: { version: await version(), outboundTrackingNumber: '1Z999AA10123456784' } })
    const mine = (await ok('GET /api/notifications', customer)).items.filter((n: { orderId: string }) => n.orderId === created.id)
    expect(mine.map((n: Record<string, unknown>) => [n.title, n.essential, n.carrier])).toEqual([
      [`Tracking Number Updated: Ruger GP100 (${created.orderNumber})`, true, 'UPS'],
      [`Shipped: Ruger GP100 (${created.orderNumber})`, true, null],
      [`Firearm Received: Ruger GP100 (${created.orderNumber})`, false, null],
      [`Order Created: Ruger GP100 (${created.orderNumber})`, false, null],
    ])
  })
})
