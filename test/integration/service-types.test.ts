/**
 * The price list (Settings → Service Types) and labor billing, through the real handlers on a table of this file's
 * own (the labor rate and the minimum service fee are shop-wide settings: other files' orders must not see them).
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { routeKey, routes } from '../../functions/routes.ts'
import { createServiceTypeRepository } from '../../functions/db/repositories/service-types.ts'
import { createService } from '../../functions/db/service.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { SEEDED_SERVICE_TYPES, serviceTypeMessages } from '../../shared/src/service-types.ts'
import { adminMessages } from '../../shared/src/admin-messages.ts'
import { MINIMUM_FEE_LABEL } from '../../shared/src/invoice.ts'
import { useOwnTable } from './helpers.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'

let owner: TestUser
let frontDesk: TestUser
let gunsmith: TestUser
let customer: TestUser

const route = (key: string) => {
  const r = routes.find((x) => routeKey(x) === key)
  if (!r) throw new Error(`no route ${key}`)
  return r
}
const as = (user: TestUser) => ({
  list: () => call(route('GET /api/admin/service-types'), { claims: user.claims }),
  create: (body: unknown) => call(route('POST /api/admin/service-types'), { claims: user.claims, body }),
  patch: (serviceTypeId: string, body: unknown) => call(route('PATCH /api/admin/service-types/{serviceTypeId}'), { claims: user.claims, params: { serviceTypeId }, body }),
  settings: (body: unknown) => call(route('PUT /api/admin/settings'), { claims: user.claims, body }),
  createOrder: (body: Record<string, unknown>) =>
    call(route('POST /api/admin/orders'), {
      claims: user.claims,
      body: { customerId: customer.userId, firearmMake: 'Colt', firearmModel: 'Python', serialNumber: `ST-${randomUUID().slice(0, 8)}`, description: 'Work', ...body },
    }),
  getOrder: (orderId: string) => call(route('GET /api/admin/orders/{orderId}'), { claims: user.claims, params: { orderId } }),
  addLine: (orderId: string, body: unknown) => call(route('POST /api/admin/orders/{orderId}/lines'), { claims: user.claims, params: { orderId }, body }),
  request: (orderId: string, body: unknown) => call(route('POST /api/admin/orders/{orderId}/approval-request'), { claims: user.claims, params: { orderId }, body }),
})

/** The shop-scoped audit records (the price list's writes are no order's nor customer's). */
async function shopAudit() {
  const { data } = await createService(defaultTable()).entities.auditEvent.query.byScope({ scope: 'shop' }).go({ pages: 'all' })
  return data as Array<{ action: string; summary: string; actorId: string; changes: { field: string; before: string; after: string }[] }>
}

beforeAll(async () => {
  await useOwnTable('gs-service-types')
  ;[owner, frontDesk, gunsmith, customer] = await Promise.all([
    createTestUser('admin', 'Olive'),
    createTestUser('admin', 'Fran', { staffRole: 'front_desk' }),
    createTestUser('admin', 'Gus', { staffRole: 'gunsmith' }),
    createTestUser('customer', 'Cora'),
  ])
}, 120_000)

describe('the price list', () => {
  it("a shop with none gets the spec's seven types once; everyone on staff reads them", async () => {
    const repo = createServiceTypeRepository(defaultTable())
    expect(await repo.seedIfEmpty()).toBe(7)
    expect(await repo.seedIfEmpty()).toBe(0)
    for (const user of [owner, frontDesk, gunsmith]) {
      const res = await as(user).list()
      expect(res.status).toBe(200)
      expect(res.body.items.map((t: { name: string }) => t.name)).toEqual(SEEDED_SERVICE_TYPES.map((t) => t.name))
      expect(res.body.laborRateCents).toBe(7500)
    }
    expect((await call(route('GET /api/admin/service-types'), { claims: customer.claims })).status).toBe(403)
  })

  it('the owner adds and edits types; names are unique in any case; each write is audited; deactivating keeps the type', async () => {
    const before = (await shopAudit()).length
    const created = await as(owner).create({ name: 'Scope Mount', kind: 'part', defaultPriceCents: 4500, taxable: true })
    expect(created).toMatchObject({ status: 201, body: { name: 'Scope Mount', kind: 'part', defaultPriceCents: 4500, defaultHoursHundredths: null, taxable: true, active: true } })
    const id = created.body.id
    expect(await as(owner).create({ name: '  scope   MOUNT ', kind: 'service', defaultPriceCents: 1 })).toMatchObject({ status: 409, body: { error: { message: serviceTypeMessages.nameTaken } } })
    expect(await as(owner).patch(id, { name: 'trigger job' })).toMatchObject({ status: 409, body: { error: { message: serviceTypeMessages.nameTaken } } })
    // A rename frees the old name.
    expect(await as(owner).patch(id, { name: 'Optic Mount', defaultPriceCents: 5000 })).toMatchObject({ status: 200, body: { name: 'Optic Mount', defaultPriceCents: 5000 } })
    expect((await as(owner).create({ name: 'Scope mount', kind: 'service', defaultPriceCents: 100 })).status).toBe(201)
    // Labor ↔ flat: the kind's own default is required and kept.
    expect(await as(owner).patch(id, { kind: 'labor' })).toMatchObject({ status: 400, body: { error: { message: serviceTypeMessages.hoursInvalid } } })
    expect(await as(owner).patch(id, { kind: 'labor', defaultHoursHundredths: 75 })).toMatchObject({ status: 200, body: { kind: 'labor', defaultHoursHundredths: 75, defaultPriceCents: null } })
    expect(await as(owner).patch(id, { active: false })).toMatchObject({ status: 200, body: { active: false } })
    const list = (await as(owner).list()).body.items as Array<{ id: string; active: boolean }>
    expect(list.find((t) => t.id === id)).toMatchObject({ active: false })
    expect(list.at(-1)?.id).toBe(id) // inactive last
    const records = (await shopAudit()).slice(before)
    expect(records.map((r) => r.action).sort()).toEqual(['service_type.create', 'service_type.create', 'service_type.update', 'service_type.update', 'service_type.update'])
    expect(records.find((r) => r.summary === 'Deactivated service type: Optic Mount')).toMatchObject({ actorId: owner.userId, changes: [{ field: 'Active', before: 'Yes', after: 'No' }] })
    // Nothing to change: no write, no record.
    expect((await as(owner).patch(id, { active: false })).status).toBe(200)
    expect((await shopAudit()).length).toBe(before + 5)
  })

  it('front desk and gunsmiths may not write it (403, nothing changes); bad input is a 400 that changes nothing', async () => {
    const [first] = (await as(owner).list()).body.items
    for (const user of [frontDesk, gunsmith]) {
      expect(await as(user).create({ name: `Nope ${randomUUID().slice(0, 4)}`, kind: 'service', defaultPriceCents: 100 })).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
      expect(await as(user).patch(first.id, { active: false })).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    }
    const count = (await as(owner).list()).body.items.length
    for (const [body, field] of [
      [{ name: 'Bluing', kind: 'labor' }, 'defaultHoursHundredths'],
      [{ name: 'Bluing', kind: 'service' }, 'defaultPriceCents'],
      [{ name: '', kind: 'service', defaultPriceCents: 1 }, 'name'],
      [{ name: 'Bluing', kind: 'labour', defaultHoursHundredths: 100 }, 'kind'],
      [{ name: 'Bluing', kind: 'labor', defaultHoursHundredths: 1.5 }, 'defaultHoursHundredths'],
      [{ name: 'Bluing', kind: 'service', defaultPriceCents: -1 }, 'defaultPriceCents'],
      [{ name: 'Bluing', kind: 'service', defaultPriceCents: 1, price: 2 }, 'price'],
    ] as const) {
      const res = await as(owner).create(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.error.fields, JSON.stringify(body)).toHaveProperty(field)
    }
    expect(await as(owner).patch(randomUUID(), { active: false })).toMatchObject({ status: 404, body: { error: { message: serviceTypeMessages.notFound } } })
    expect((await as(owner).list()).body.items.length).toBe(count)
    expect((await as(owner).list()).body.items[0]).toEqual(first)
  })
})

describe('labor billing and the minimum service fee', () => {
  const typeNamed = async (name: string) => ((await as(owner).list()).body.items as Array<{ id: string; name: string }>).find((t) => t.name === name)!

  it('a labor line is hours × the shop rate at the time (kept on the line), or its own rate; the invoice names it', async () => {
    expect((await as(owner).settings({ laborRateCents: 8000, minimumServiceFeeCents: 0 })).status).toBe(200)
    const order = await as(owner).createOrder({ serviceType: 'Trigger Job', estimatedCostCents: 12_000 })
    expect(order.status).toBe(201)
    const trigger = await typeNamed('Trigger Job')
    const added = await as(owner).addLine(order.body.id, { kind: 'labor', name: 'Trigger Job', serviceTypeId: trigger.id, hoursHundredths: 150 })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body.lines[0]).toMatchObject({ kind: 'labor', name: 'Trigger Job', hours: 1.5, rateCents: 8000, unitCents: 12_000, quantity: 1, lineTotalCents: 12_000, taxable: false, serviceTypeId: trigger.id })
    // The client cannot set the amount of an hourly line; a gunsmith on another's order never reaches it (404).
    expect(await as(owner).addLine(order.body.id, { kind: 'labor', name: 'x', hoursHundredths: 100, unitCents: 1 })).toMatchObject({ status: 400, body: { error: { fields: { unitCents: adminMessages.hoursOnlyLabor } } } })
    expect((await as(gunsmith).addLine(order.body.id, { kind: 'labor', name: 'x', hoursHundredths: 100 })).status).toBe(404)
    // Its own rate.
    const own = await as(owner).addLine(order.body.id, { kind: 'labor', name: 'Polish', hoursHundredths: 25, rateCents: 9900 })
    expect(own.body.lines[1]).toMatchObject({ hours: 0.25, rateCents: 9900, lineTotalCents: 2475 })
    expect(own.body.invoice).toMatchObject({ serviceCents: 12_000, laborCents: 14_475, taxCents: 0, minimumFeeCents: 0, totalCents: 12_000 + 14_475 + 2500 })
    // A later rate change never changes the line.
    await as(owner).settings({ laborRateCents: 9000 })
    expect((await as(owner).getOrder(order.body.id)).body.lines[0]).toMatchObject({ rateCents: 8000, lineTotalCents: 12_000 })
    const next = await as(owner).addLine(order.body.id, { kind: 'labor', name: 'Trigger Job', serviceTypeId: trigger.id, hoursHundredths: 100 })
    expect(next.body.lines[2]).toMatchObject({ rateCents: 9000, lineTotalCents: 9000 })
  })

  it('a picked type sets the kind and tax; an inactive type is refused; a request prices its hourly lines the same way', async () => {
    const order = (await as(owner).createOrder({ serviceType: 'Repair', estimatedCostCents: 5000 })).body
    const taxedLabor = (await as(owner).create({ name: 'Engraving', kind: 'labor', defaultHoursHundredths: 100, taxable: true })).body
    const res = await as(owner).addLine(order.id, { kind: 'labor', name: 'Engraving', serviceTypeId: taxedLabor.id, hoursHundredths: 100 })
    expect(res.body.lines[0]).toMatchObject({ taxable: true, lineTotalCents: 9000 })
    expect(res.body.invoice).toMatchObject({ partsCents: 9000, taxCents: 698 })
    await as(owner).patch(taxedLabor.id, { active: false })
    expect(await as(owner).addLine(order.id, { kind: 'labor', name: 'Engraving', serviceTypeId: taxedLabor.id, hoursHundredths: 100 })).toMatchObject({ status: 400, body: { error: { message: serviceTypeMessages.inactive } } })
    expect(await as(owner).addLine(order.id, { kind: 'part', name: 'x', unitCents: 1, quantity: 1, serviceTypeId: 'nope' })).toMatchObject({ status: 400, body: { error: { message: adminMessages.serviceTypeInvalid } } })
    const asked = await as(owner).request(order.id, { reason: 'More work', lines: [{ kind: 'labor', name: 'Crown', hoursHundredths: 50 }] })
    expect(asked.status, JSON.stringify(asked.body)).toBe(200)
    expect(asked.body.approvalRequests[0]).toMatchObject({ totalCents: 4500, lines: [{ name: 'Crown', hours: 0.5, rateCents: 9000, lineTotalCents: 4500 }] })
    // The order's serviceType is its own text: deactivating or renaming the type never changes it.
    const repair = await typeNamed('Repair')
    await as(owner).patch(repair.id, { name: 'Repairs' })
    expect((await as(owner).getOrder(order.id)).body.serviceType).toBe('Repair')
    await as(owner).patch(repair.id, { name: 'Repair' })
  })

  it('the minimum service fee: new orders keep it and bill the difference as a line; orders made before bill as before', async () => {
    await as(owner).settings({ minimumServiceFeeCents: 0 })
    const before = (await as(owner).createOrder({ serviceType: 'Inspection', estimatedCostCents: 1000 })).body
    expect(before.invoice).toMatchObject({ minimumFeeCents: 0, totalCents: 1000 + 2500 })
    await as(owner).settings({ minimumServiceFeeCents: 5000 })
    const small = (await as(owner).createOrder({ serviceType: 'Inspection', estimatedCostCents: 1000 })).body
    expect(small.invoice).toMatchObject({ serviceCents: 1000, minimumFeeCents: 4000, totalCents: 5000 + 2500, balanceDueCents: 7500 })
    // The order made before the fee keeps its amounts.
    expect((await as(owner).getOrder(before.id)).body.invoice).toMatchObject({ minimumFeeCents: 0, totalCents: 3500 })
    // A part does not count towards the fee; labor does.
    const part = await as(owner).addLine(small.id, { kind: 'part', name: 'Pin', unitCents: 1000, quantity: 1 })
    expect(part.body.invoice).toMatchObject({ partsCents: 1000, minimumFeeCents: 4000, taxCents: 78, totalCents: 1000 + 1000 + 4000 + 78 + 2500 })
    const labor = await as(owner).addLine(small.id, { kind: 'labor', name: 'Fitting', hoursHundredths: 50 })
    expect(labor.body.invoice).toMatchObject({ laborCents: 4500, minimumFeeCents: 0, totalCents: 1000 + 1000 + 4500 + 78 + 2500 })
    // A change of the setting never changes an order that has one.
    await as(owner).settings({ minimumServiceFeeCents: 0 })
    const other = (await as(owner).createOrder({ serviceType: 'Inspection', estimatedCostCents: 1000 })).body
    expect(other.invoice.minimumFeeCents).toBe(0)
    await as(owner).settings({ minimumServiceFeeCents: 5000 })
    // The stored invoice summary (what the lists and the receivables count) is the calculator's.
    const list = await call(route('GET /api/admin/orders'), { claims: owner.claims, query: { view: 'active', limit: '50' } })
    expect(list.status).toBe(200)
    const row = list.body.items.find((o: { id: string }) => o.id === small.id)
    expect(row).toMatchObject({ invoiceBalanceDueCents: labor.body.invoice.balanceDueCents })
    expect(MINIMUM_FEE_LABEL).toBe('Minimum service fee')
  })

  it('a cash payment of the bill with its minimum fee pays it in full: the ledger and the receivables agree', async () => {
    const order = (await as(owner).createOrder({ serviceType: 'Inspection', estimatedCostCents: 2000, returnMethod: 'pickup' })).body
    expect(order.invoice).toMatchObject({ minimumFeeCents: 3000, totalCents: 5000 })
    const paid = await call(route('POST /api/admin/orders/{orderId}/payments'), { claims: owner.claims, params: { orderId: order.id }, body: { requestId: randomUUID(), method: 'cash', amountCents: 5000 } })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    const after = (await as(owner).getOrder(order.id)).body
    expect(after.invoice).toMatchObject({ amountPaidCents: 5000, balanceDueCents: 0, paymentStatus: 'paid' })
    const receivables = await call(route('GET /api/admin/receivables'), { claims: owner.claims })
    expect(receivables.status).toBe(200)
    expect((receivables.body.items as Array<{ orderId: string }>).some((r) => r.orderId === order.id)).toBe(false)
  })
})
