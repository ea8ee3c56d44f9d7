/**
 * Receiving several firearms at the same moment (a shipment unpacked by two staff members): every intake takes the
 * A&D book's next entry number in the transaction of its order change, conditioned on the number it read, so
 * intakes at once contend for the same number and all but one are refused per round. Each must still succeed:
 * the refused ones take the next number on the one retry policy (functions/lib/retry.ts), and the numbers come
 * out unique and consecutive (the book is gapless). Through the real route handler, against DynamoDB Local.
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { routes, type RouteDef } from '../../functions/routes.ts'
import { useStackTable } from './helpers.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'

let staff: TestUser
const customers: TestUser[] = []

beforeAll(async () => {
  useStackTable()
  staff = await createTestUser('admin', 'Bea')
  // Two customers, four firearms each: their profile summaries are written by the same transactions too.
  for (const name of ['Cole', 'Dana']) customers.push(await createTestUser('customer', name))
}, 60_000)

const route = (method: string, path: string): RouteDef => routes.find((r) => r.method === method && r.path === path)!
const asStaff = (method: string, path: string, input: { params?: Record<string, string>; body?: unknown } = {}) => call(route(method, path), { claims: staff.claims, ...input })
const tag = () => randomUUID().slice(0, 8)

async function newOrder(customerId: string) {
  const res = await asStaff('POST', '/api/admin/orders', {
    body: { customerId, firearmMake: 'Ruger', firearmModel: 'GP100', serialNumber: `CC-${tag()}`, serviceType: 'Repair', description: 'Cylinder binds', estimatedCostCents: 10_000 },
  })
  expect(res.status, res.text).toBe(201)
  return res.body as { id: string; version: number }
}

const intake = (version: number) => ({
  version,
  receivedOn: new Date().toISOString().slice(0, 10),
  from: 'customer',
  fromAddress: { line1: '12 Elm St', city: 'Springfield', state: 'IL', postalCode: '62701' },
  firearmType: 'revolver',
  firearmMake: 'Sturm, Ruger & Co.',
  firearmModel: 'GP100',
  serialNumber: `CC-${tag()}`,
  firearmCaliber: '.357 Magnum',
})

const FIREARMS = 8

describe('receiving firearms at the same moment', () => {
  it(`${FIREARMS} intakes at once all succeed, with unique and consecutive A&D entry numbers`, async () => {
    const orders = []
    for (let i = 0; i < FIREARMS; i++) orders.push(await newOrder(customers[i % customers.length].userId))

    const results = await Promise.all(orders.map((o) => asStaff('POST', '/api/admin/orders/{orderId}/receive', { params: { orderId: o.id }, body: intake(o.version) })))
    expect(
      results.map((r) => r.status),
      results.map((r) => r.text).join('\n'),
    ).toEqual(Array(FIREARMS).fill(200))

    const lines = await Promise.all(orders.map((o) => asStaff('GET', '/api/admin/book/{orderId}', { params: { orderId: o.id } })))
    const numbers = lines.map((l) => {
      expect(l.status, l.text).toBe(200)
      expect(l.body.entries).toHaveLength(1)
      return l.body.line.lineNumber as number
    })
    const sorted = [...numbers].sort((a, b) => a - b)
    expect(new Set(numbers).size).toBe(FIREARMS)
    expect(sorted).toEqual(Array.from({ length: FIREARMS }, (_, i) => sorted[0] + i))
    // Each order's audit record names the entry number its line has.
    for (const [i, o] of orders.entries()) {
      const activity = await asStaff('GET', '/api/admin/orders/{orderId}/activity', { params: { orderId: o.id } })
      expect(activity.body.items.find((e: { action: string }) => e.action === 'order.receive_firearm')?.summary).toContain(`(A&D entry ${numbers[i]})`)
    }
  })
})
