/**
 * Undo for mistakes, through the local stack's API as staff and customers use it:
 * an archived ("deleted") customer is listed under view=archived and restored (back in the active list,
 * signing in again); a soft-deleted order is listed under view=deleted and restored (a 404 for its
 * customer until then, with the customer list's count and latest order kept right); caliber corrections
 * are recorded in the order's history.
 */
import { randomInt, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, api, signIn, useStackTable } from './helpers.ts'

let adminToken: string

beforeAll(async () => {
  useStackTable()
  adminToken = (await signIn(ADMIN.email, ADMIN.password)).AccessToken
})

const tag = () => randomUUID().slice(0, 8)
const admin = (path: string, init: { method?: string; body?: unknown } = {}) => api(path, { token: adminToken, ...init })
const INACTIVE = 'Account Inactive - Please contact the shop for assistance.'

async function newCustomer() {
  const t = tag()
  const input = { email: `undo-${t}@example.com`, password: 'Password1', firstName: 'Una', lastName: `Doe${t}`, phone: `555${randomInt(1000000, 9999999)}` }
  const res = await admin('/api/admin/customers', { method: 'POST', body: input })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { input, id: res.body.id as string }
}

async function newOrder(customerId: string, over: Record<string, unknown> = {}) {
  const body = { customerId, firearmMake: 'Colt', firearmModel: 'Python', serialNumber: `UN-${tag()}`, firearmCaliber: '.357 Magnum', serviceType: 'Repair', description: 'Timing is off', estimatedCostCents: 15_000, ...over }
  const res = await admin('/api/admin/orders', { method: 'POST', body })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { id: string; version: number; createdAt: string }
}

/** Every id on the first pages of a list (bounded: the test's own rows are among the newest). */
const customerIds = async (query: string) => (await admin(`/api/admin/customers?limit=100&${query}`)).body.items.map((c: { id: string }) => c.id) as string[]
const orderIds = async (view: string) => (await admin(`/api/admin/orders?view=${view}&limit=100&sort=updated`)).body.items.map((o: { id: string }) => o.id) as string[]

describe('archived customers can be listed and restored', () => {
  it('a deleted customer is in view=archived (with archivedAt), restored with the confirm of staff, back in the active list and signing in', async () => {
    const { input, id } = await newCustomer()
    const { AccessToken } = await signIn(input.email, input.password)
    expect((await admin(`/api/admin/customers/${id}`, { method: 'DELETE' })).status).toBe(200)
    expect(await api('/api/me', { token: AccessToken })).toMatchObject({ status: 403, body: { error: { message: INACTIVE } } })

    const archived = await admin(`/api/admin/customers?view=archived&search=${encodeURIComponent(input.email)}`)
    expect(archived.status).toBe(200)
    expect(archived.body.items).toEqual([expect.objectContaining({ id, email: input.email, isActive: false, archivedAt: expect.any(String) })])
    expect(await customerIds('view=archived')).toContain(id)
    expect(await customerIds(`search=${encodeURIComponent(input.email)}`)).toEqual([])

    const restored = await admin(`/api/admin/customers/${id}/restore`, { method: 'POST' })
    expect(restored).toMatchObject({ status: 200, body: { id, isActive: true } })
    expect(restored.body).not.toHaveProperty('archivedAt')
    expect(await customerIds(`search=${encodeURIComponent(input.email)}`)).toEqual([id])
    expect(await customerIds('view=archived')).not.toContain(id)
    expect((await admin(`/api/admin/customers?view=archived&search=${encodeURIComponent(input.email)}`)).body.items).toEqual([])
    // They sign in again (Cognito re-enabled) and the API lets them in.
    const again = await signIn(input.email, input.password)
    expect(await api('/api/me', { token: again.AccessToken })).toMatchObject({ status: 200, body: { id, isActive: true } })
    // A second restore changes nothing.
    expect((await admin(`/api/admin/customers/${id}/restore`, { method: 'POST' })).status).toBe(200)
    // Archived again: listed again.
    expect((await admin(`/api/admin/customers/${id}`, { method: 'DELETE' })).status).toBe(200)
    expect(await customerIds('view=archived')).toContain(id)
  })

  it('refuses a bad view with 400; customers get 403', async () => {
    expect(await admin('/api/admin/customers?view=gone')).toMatchObject({ status: 400, body: { error: { fields: { view: 'view must be active or archived' } } } })
    const { input } = await newCustomer()
    const { AccessToken } = await signIn(input.email, input.password)
    expect((await api('/api/admin/customers?view=archived', { token: AccessToken })).status).toBe(403)
  })
})

describe('soft-deleted orders can be listed and restored', () => {
  it('a deleted order is a 404 for its customer and listed under view=deleted; restored, it is back everywhere with an "Order Restored" entry', async () => {
    const { input, id: customerId } = await newCustomer()
    const { AccessToken: token } = await signIn(input.email, input.password)
    const older = await newOrder(customerId, { firearmModel: 'Older' })
    const order = await newOrder(customerId, { firearmModel: 'Newer' })
    expect((await api(`/api/orders/${order.id}`, { token })).status).toBe(200)
    const row = async () => (await admin(`/api/admin/customers?search=${encodeURIComponent(input.email)}`)).body.items[0]

    const deleted = await admin(`/api/admin/orders/${order.id}`, { method: 'DELETE' })
    expect(deleted.status).toBe(200)
    expect((await api(`/api/orders/${order.id}`, { token })).status).toBe(404)
    expect((await api('/api/orders', { token })).body.items.map((o: { id: string }) => o.id)).toEqual([older.id])
    expect(await row()).toMatchObject({ orderCount: 1, latestOrder: { id: older.id } })

    const list = await admin(`/api/admin/orders?view=deleted&search=${encodeURIComponent(input.email)}`)
    expect(list.status).toBe(200)
    const listed = list.body.items.find((o: { id: string }) => o.id === order.id)
    expect(listed).toMatchObject({ id: order.id, firearmModel: 'Newer', deletedAt: expect.any(String) })
    expect(await orderIds('deleted')).toContain(order.id)
    expect(await orderIds('active')).not.toContain(order.id)
    // Staff still cannot open or change it until it is restored.
    expect((await admin(`/api/admin/orders/${order.id}`)).status).toBe(404)

    // The version the list showed: an older one is a 409, a bad body a 400, an unknown order a 404.
    expect((await admin(`/api/admin/orders/${order.id}/restore`, { method: 'POST', body: { version: listed.version - 1 } })).status).toBe(409)
    for (const body of [{}, { version: 'x' }, { version: 0 }, { version: listed.version, isDeleted: false }]) {
      expect((await admin(`/api/admin/orders/${order.id}/restore`, { method: 'POST', body })).status, JSON.stringify(body)).toBe(400)
    }
    expect((await admin(`/api/admin/orders/${randomUUID()}/restore`, { method: 'POST', body: { version: 1 } })).status).toBe(404)
    // Customers: 403.
    expect((await api(`/api/admin/orders/${order.id}/restore`, { method: 'POST', body: { version: listed.version }, token })).status).toBe(403)
    expect((await api('/api/admin/orders?view=deleted', { token })).status).toBe(403)

    const restored = await admin(`/api/admin/orders/${order.id}/restore`, { method: 'POST', body: { version: listed.version } })
    expect(restored).toMatchObject({ status: 200, body: { id: order.id, version: listed.version + 1, isArchived: false } })
    expect((await api(`/api/orders/${order.id}`, { token })).status).toBe(200)
    expect((await api('/api/orders', { token })).body.items.map((o: { id: string }) => o.id)).toEqual([order.id, older.id])
    expect(await orderIds('active')).toContain(order.id)
    expect(await orderIds('deleted')).not.toContain(order.id)
    // The customer list counts it again and shows it as the latest (it is the newest).
    expect(await row()).toMatchObject({ orderCount: 2, latestOrder: { id: order.id, firearmModel: 'Newer' } })
    const detail = (await admin(`/api/admin/orders/${order.id}`)).body
    expect(detail.updates[0]).toMatchObject({ status: 'order_restored', notes: 'The order was restored after it had been deleted.', authorLabel: 'Admin' })
    // A second restore (a double click) answers the order as it is.
    expect(await admin(`/api/admin/orders/${order.id}/restore`, { method: 'POST', body: { version: listed.version } })).toMatchObject({ status: 200, body: { version: listed.version + 1 } })
  })

  it('an order deleted from the archive goes back to the archive; restoring an older order keeps the newer one the latest', async () => {
    const { input, id: customerId } = await newCustomer()
    const older = await newOrder(customerId, { firearmModel: 'Older' })
    const newer = await newOrder(customerId, { firearmModel: 'Newer' })
    expect((await admin(`/api/admin/orders/${older.id}/archive`, { method: 'POST' })).status).toBe(200)
    const gone = await admin(`/api/admin/orders/${older.id}`, { method: 'DELETE' })
    expect(gone.status).toBe(200)
    expect(await orderIds('archived')).not.toContain(older.id)
    const restored = await admin(`/api/admin/orders/${older.id}/restore`, { method: 'POST', body: { version: gone.body.version } })
    expect(restored).toMatchObject({ status: 200, body: { isArchived: true } })
    expect(await orderIds('archived')).toContain(older.id)
    const row = (await admin(`/api/admin/customers?search=${encodeURIComponent(input.email)}`)).body.items[0]
    expect(row).toMatchObject({ orderCount: 2, latestOrder: { id: newer.id } })
  })
})

describe('caliber is editable after creation', () => {
  it('is changed with the loaded version, recorded in the history, under the creation rules (at most 100 characters; blank removes it)', async () => {
    const { id: customerId } = await newCustomer()
    const order = await newOrder(customerId)
    const edited = await admin(`/api/admin/orders/${order.id}`, { method: 'PATCH', body: { version: order.version, firearmCaliber: ' .38 Special ' } })
    expect(edited).toMatchObject({ status: 200, body: { firearmCaliber: '.38 Special', version: order.version + 1 } })
    let detail = (await admin(`/api/admin/orders/${order.id}`)).body
    expect(detail.updates[0]).toMatchObject({ status: 'caliber_changed', notes: 'Caliber changed from .357 Magnum to .38 Special.', authorLabel: 'Admin' })
    const tooLong = await admin(`/api/admin/orders/${order.id}`, { method: 'PATCH', body: { version: edited.body.version, firearmCaliber: 'x'.repeat(101) } })
    expect(tooLong).toMatchObject({ status: 400, body: { error: { fields: { firearmCaliber: expect.any(String) } } } })
    expect((await admin(`/api/admin/orders/${order.id}`, { method: 'PATCH', body: { version: edited.body.version, firearmCaliber: 38 } })).status).toBe(400)
    const cleared = await admin(`/api/admin/orders/${order.id}`, { method: 'PATCH', body: { version: edited.body.version, firearmCaliber: '' } })
    expect(cleared).toMatchObject({ status: 200, body: { firearmCaliber: null } })
    detail = (await admin(`/api/admin/orders/${order.id}`)).body
    expect(detail.updates[0]).toMatchObject({ status: 'caliber_changed', notes: 'Caliber removed (was .38 Special).' })
    // The same caliber again: no entry.
    const same = await admin(`/api/admin/orders/${order.id}`, { method: 'PATCH', body: { version: cleared.body.version, firearmCaliber: null, description: 'Timing and lockup' } })
    expect(same.status).toBe(200)
    expect((await admin(`/api/admin/orders/${order.id}`)).body.updates[0].notes).toBe('Caliber removed (was .38 Special).')
  })
})
