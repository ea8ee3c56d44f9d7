/**
 * Who did what: every staff action writes exactly one append-only audit record, in the
 * transaction of the change it records (a refused change writes none), with the staff member's id and name
 * and before → after; the admin reads it per order and per customer, paged; the customer never sees it.
 */
import { randomInt, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, CUSTOMER, api, signIn, useStackTable } from './helpers.ts'
import { intakeBody } from './book-fixtures.ts'
import { createAuditRepository } from '../../functions/db/repositories/audit.ts'
import { createService } from '../../functions/db/service.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { auditEvent } from '../../functions/domain/audit.ts'

let adminToken: string
let adminId: string
const ADMIN_NAME = 'Sam Armorer'

beforeAll(async () => {
  useStackTable()
  adminToken = (await signIn(ADMIN.email, ADMIN.password)).AccessToken
  adminId = (await api('/api/me', { token: adminToken })).body.id
}, 60_000)

const tag = () => randomUUID().slice(0, 8)
const admin = (path: string, init: { method?: string; body?: unknown } = {}) => api(path, { token: adminToken, ...init })

type Entry = { id: string; actorId: string; actorName: string; action: string; summary: string; orderId: string | null; customerId: string | null; changes: { field: string; before: string; after: string }[] }

const orderActivity = async (orderId: string, query = ''): Promise<{ items: Entry[]; cursor: string | null }> => {
  const res = await admin(`/api/admin/orders/${orderId}/activity${query}`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body
}
const customerActivity = async (customerId: string, query = ''): Promise<{ items: Entry[]; cursor: string | null }> => {
  const res = await admin(`/api/admin/customers/${customerId}/activity${query}`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body
}

async function newCustomer() {
  const t = tag()
  const input = { email: `audit-${t}@example.com`, password: 'Password1', firstName: 'Aud', lastName: `Itor${t}`, phone: `555${randomInt(1000000, 9999999)}` }
  const res = await admin('/api/admin/customers', { method: 'POST', body: input })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { input, id: res.body.id as string }
}

async function newOrder(customerId: string) {
  const body = { customerId, firearmMake: 'Colt', firearmModel: 'Python', serialNumber: `AU-${tag()}`, firearmCaliber: '.357 Magnum', serviceType: 'Repair', description: 'Timing is off', estimatedCostCents: 15_000 }
  const res = await admin('/api/admin/orders', { method: 'POST', body })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { id: string; version: number }
}

const byStaff = { actorId: expect.any(String), actorName: ADMIN_NAME }

describe('staff actions are recorded, one record each, with who and before → after', () => {
  it('creating an order and editing it (price and status) each write one record; a stale edit (409) and a bad one (400) write none', async () => {
    const { id: customerId } = await newCustomer()
    const order = await newOrder(customerId)
    const created = await orderActivity(order.id)
    expect(created.items).toEqual([expect.objectContaining({ ...byStaff, action: 'order.create', orderId: order.id, customerId })])
    expect(created.items[0].actorId).toBe(adminId)

    const edit = await admin(`/api/admin/orders/${order.id}`, { method: 'PATCH', body: { version: order.version, estimatedCostCents: 17_500, currentStatus: 'label_created' } })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    const after = await orderActivity(order.id)
    expect(after.items).toHaveLength(2)
    expect(after.items[0]).toMatchObject({ ...byStaff, actorId: adminId, action: 'order.update', orderId: order.id, customerId })
    expect(after.items[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'Estimated cost', before: '$150.00', after: '$175.00' },
        { field: 'Status', before: 'Order Created', after: 'Label Created' },
      ]),
    )

    // Refused: the version the edit was based on is stale (409), or the input is bad (400). Nothing recorded.
    expect((await admin(`/api/admin/orders/${order.id}`, { method: 'PATCH', body: { version: order.version, estimatedCostCents: 1 } })).status).toBe(409)
    expect((await admin(`/api/admin/orders/${order.id}`, { method: 'PATCH', body: { version: edit.body.version, estimatedCostCents: -5 } })).status).toBe(400)
    expect((await orderActivity(order.id)).items).toHaveLength(2)
  })

  it('a payment and a refund each write one record (amount paid and balance before → after); a payment above the balance writes none', async () => {
    const { id: customerId } = await newCustomer()
    const order = await newOrder(customerId)
    const paid = await admin(`/api/admin/orders/${order.id}/payments`, { method: 'POST', body: { requestId: randomUUID(), method: 'cash', amountCents: 5_000 } })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    let log = await orderActivity(order.id)
    expect(log.items).toHaveLength(2)
    expect(log.items[0]).toMatchObject({ ...byStaff, action: 'ledger.payment', orderId: order.id, customerId })
    expect(log.items[0].summary).toContain('$50.00')
    expect(log.items[0].changes).toEqual(expect.arrayContaining([{ field: 'Amount paid', before: '$0.00', after: '$50.00' }]))

    expect((await admin(`/api/admin/orders/${order.id}/payments`, { method: 'POST', body: { requestId: randomUUID(), method: 'cash', amountCents: 10_000_000 } })).status).toBe(400)
    expect((await orderActivity(order.id)).items).toHaveLength(2)

    const refund = await admin(`/api/admin/orders/${order.id}/payments/${paid.body.payment.paymentId}/refunds`, { method: 'POST', body: { requestId: randomUUID(), method: 'cash', amountCents: 2_000, reason: 'Overcharged', purpose: 'return' } })
    expect(refund.status, JSON.stringify(refund.body)).toBe(201)
    log = await orderActivity(order.id)
    expect(log.items).toHaveLength(3)
    expect(log.items[0]).toMatchObject({ ...byStaff, action: 'ledger.refund' })
    expect(log.items[0].changes).toEqual(expect.arrayContaining([{ field: 'Amount paid', before: '$50.00', after: '$30.00' }]))
  })

  it('a customer update writes one record under the customer; a bad one (400) writes none', async () => {
    const { id } = await newCustomer()
    expect((await customerActivity(id)).items).toEqual([expect.objectContaining({ ...byStaff, action: 'customer.create', customerId: id, orderId: null })])
    const res = await admin(`/api/admin/customers/${id}`, { method: 'PATCH', body: { firstName: 'Audrey' } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const log = await customerActivity(id)
    expect(log.items).toHaveLength(2)
    expect(log.items[0]).toMatchObject({ ...byStaff, actorId: adminId, action: 'customer.update', customerId: id, changes: [{ field: 'First name', before: 'Aud', after: 'Audrey' }] })
    expect((await admin(`/api/admin/customers/${id}`, { method: 'PATCH', body: { firstName: 'x'.repeat(500) } })).status).toBe(400)
    expect((await customerActivity(id)).items).toHaveLength(2)
  })

  it('a settings save writes one record under the shop, before → after', async () => {
    const shop = () => createService(defaultTable()).entities.auditEvent.query.byScope({ scope: 'shop' }).go({ order: 'desc', limit: 50 })
    const before = (await shop()).data.length
    const current = (await admin('/api/admin/settings')).body
    const labor = current.laborRateCents === 8_000 ? 8_500 : 8_000
    const res = await admin('/api/admin/settings', { method: 'PUT', body: { laborRateCents: labor } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const { data } = await shop()
    expect(data).toHaveLength(before + 1)
    expect(data[0]).toMatchObject({ actorId: adminId, actorName: ADMIN_NAME, action: 'settings.save' })
    expect(data[0].changes).toEqual([{ field: 'Labor rate', before: `$${(current.laborRateCents / 100).toFixed(2)}`, after: `$${(labor / 100).toFixed(2)}` }])
    // A refused save (400) writes nothing.
    expect((await admin('/api/admin/settings', { method: 'PUT', body: { laborRateCents: -1 } })).status).toBe(400)
    expect((await shop()).data).toHaveLength(before + 1)
  })
})

describe('the log is append-only and paged', () => {
  it('a record cannot be overwritten: its create is conditioned on it not existing', async () => {
    const repo = createAuditRepository(defaultTable())
    const orderId = randomUUID()
    const record = { ...auditEvent({ actor: { id: 'x', name: 'X' }, action: 'order.update', summary: 'first', orderId }), auditId: '0000000000123456789abc' }
    await repo.append([record])
    await expect(repo.append([{ ...record, summary: 'second' }])).rejects.toThrow()
    const { items } = await repo.listForOrder(orderId, { limit: 10 })
    expect(items.map((i) => i.summary)).toEqual(['first'])
  })

  it('per order and per customer: newest first, a page at a time with the cursor, every record once', async () => {
    const { id: customerId } = await newCustomer()
    const order = await newOrder(customerId)
    expect((await admin(`/api/admin/orders/${order.id}/receive`, { method: 'POST', body: intakeBody(order.version) })).status).toBe(200)
    for (const status of ['evaluating', 'in_progress', 'work_complete']) {
      expect((await admin(`/api/admin/orders/${order.id}/updates`, { method: 'POST', body: { status, notes: `Now ${status}` } })).status).toBe(201)
    }
    const seen: Entry[] = []
    let cursor: string | null = null
    do {
      const page = await orderActivity(order.id, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      expect(page.items.length).toBeLessThanOrEqual(2)
      seen.push(...page.items)
      cursor = page.cursor
    } while (cursor)
    expect(seen.map((e) => e.action)).toEqual(['order.message_post', 'order.message_post', 'order.message_post', 'order.receive_firearm', 'order.create'])
    expect(seen[0].changes).toEqual(expect.arrayContaining([{ field: 'Status', before: 'Work In Progress', after: 'Work Complete' }, { field: 'Message', before: '', after: 'Now work_complete' }]))
    expect(new Set(seen.map((e) => e.id)).size).toBe(5)

    // The customer's log has their own record and their order's.
    const all: Entry[] = []
    cursor = null
    do {
      const page = await customerActivity(customerId, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`)
      all.push(...page.items)
      cursor = page.cursor
    } while (cursor)
    expect(all.map((e) => e.action)).toEqual([...seen.map((e) => e.action), 'customer.create'])
  })

  it('a bad cursor or limit is a 400; an order with no records has an empty log', async () => {
    expect(await admin(`/api/admin/orders/${randomUUID()}/activity?cursor=nope`)).toMatchObject({ status: 400, body: { error: { message: 'Invalid cursor' } } })
    expect((await admin(`/api/admin/customers/${randomUUID()}/activity?limit=0`)).status).toBe(400)
    expect(await orderActivity(randomUUID())).toEqual({ items: [], cursor: null })
  })
})

describe('the customer never sees it', () => {
  it('the customer\'s order carries no staff name, and the activity routes refuse customers', async () => {
    const customer = await signIn(CUSTOMER.email, CUSTOMER.password)
    const me = (await api('/api/me', { token: customer.AccessToken })).body
    const order = await newOrder(me.id)
    expect((await admin(`/api/admin/orders/${order.id}/receive`, { method: 'POST', body: intakeBody(order.version) })).status).toBe(200)
    expect((await admin(`/api/admin/orders/${order.id}/updates`, { method: 'POST', body: { status: 'in_progress', notes: 'Started' } })).status).toBe(201)
    const seen = await api(`/api/orders/${order.id}`, { token: customer.AccessToken })
    expect(seen.status).toBe(200)
    const text = JSON.stringify(seen.body)
    expect(text).not.toContain('Armorer')
    expect(text).not.toContain('Sam ')
    expect(text).toContain('"authorLabel":"Admin"')
    expect((await api(`/api/admin/orders/${order.id}/activity`, { token: customer.AccessToken })).status).toBe(403)
    expect((await api(`/api/admin/customers/${me.id}/activity`, { token: customer.AccessToken })).status).toBe(403)
  })
})
