import { randomInt, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { isStaffRoute, routes } from '../../functions/routes.ts'
import { ADMIN, CUSTOMER, api, signIn, useStackTable } from './helpers.ts'
import { intakeBody } from './book-fixtures.ts'
import { bookMessages } from '../../shared/src/book.ts'

const INACTIVE = 'Account Inactive - Please contact the shop for assistance.'

let adminToken: string
let customerToken: string

beforeAll(async () => {
  useStackTable()
  adminToken = (await signIn(ADMIN.email, ADMIN.password)).AccessToken
  customerToken = (await signIn(CUSTOMER.email, CUSTOMER.password)).AccessToken
})

const tag = () => randomUUID().slice(0, 8)
const admin = (path: string, init: { method?: string; body?: unknown } = {}) => api(path, { token: adminToken, ...init })
const groupsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'))['cognito:groups'] as string[]

async function newCustomer(over: Record<string, unknown> = {}) {
  const t = tag()
  const input = { email: `cust-${t}@example.com`, password: 'Password1', firstName: 'Nia', lastName: `Cole${t}`, phone: `555${randomInt(1000000, 9999999)}`, ...over }
  const res = await admin('/api/admin/customers', { method: 'POST', body: input })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { input, profile: res.body }
}

const orderInput = (customerId: string, over: Record<string, unknown> = {}) => ({
  customerId,
  firearmMake: 'Colt',
  firearmModel: 'Python',
  serialNumber: `SN-${tag()}`,
  firearmCaliber: '.357',
  serviceType: 'Repair',
  description: 'Timing is off',
  estimatedCostCents: 15000,
  ...over,
})

async function newOrder(customerId: string, over: Record<string, unknown> = {}) {
  const res = await admin('/api/admin/orders', { method: 'POST', body: orderInput(customerId, over) })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body
}

describe('admin customers', () => {
  it('creates a confirmed customer who can sign in at once, in group customer', async () => {
    const { input, profile } = await newCustomer({ enableSmsNotifications: true })
    expect(profile).toMatchObject({ email: input.email, firstName: 'Nia', lastName: input.lastName, phone: input.phone, enableSmsNotifications: true, role: 'customer', isActive: true })
    const tokens = await signIn(input.email, input.password)
    expect(groupsOf(tokens.AccessToken)).toEqual(['customer'])
    expect(await api('/api/me', { token: tokens.AccessToken })).toMatchObject({ status: 200, body: { id: profile.id, role: 'customer' } })
  })

  it('refuses a duplicate email with 409 and the exact message', async () => {
    const { input } = await newCustomer()
    const res = await admin('/api/admin/customers', { method: 'POST', body: { ...input, email: input.email.toUpperCase() } })
    expect(res).toMatchObject({ status: 409, body: { error: { code: 'conflict', message: `A user with email ${input.email} already exists in the system` } } })
    expect((await admin('/api/admin/customers', { method: 'POST', body: { ...input, email: ADMIN.email } })).body.error.message).toBe(
      `A user with email ${ADMIN.email} already exists in the system`,
    )
  })

  it.each([
    [{ password: undefined }, 'password', 'Password is required for new customers'],
    [{ password: '' }, 'password', 'Password is required for new customers'],
    [{ password: 'short12' }, 'password', 'Password must be at least 8 characters long'],
    [{ email: 'no-at-sign' }, 'email', 'A valid email address is required'],
    [{ firstName: '   ' }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
    [{ phone: '12ab' }, 'phone', 'Please enter a valid phone number'],
  ])('validates %j: %s "%s"', async (over, field, message) => {
    const body = { email: `v-${tag()}@example.com`, password: 'Password1', firstName: 'A', lastName: 'B', ...over }
    const res = await admin('/api/admin/customers', { method: 'POST', body })
    expect(res).toMatchObject({ status: 400, body: { error: { code: 'validation_failed', message, fields: { [field]: message } } } })
  })

  it('lists customers with their order count and latest order, and searches by name, email or phone', async () => {
    const { input, profile } = await newCustomer()
    const find = async (search: string) => (await admin(`/api/admin/customers?search=${encodeURIComponent(search)}`)).body.items.find((c: { id: string }) => c.id === profile.id)
    expect(await find(input.email)).toMatchObject({ orderCount: 0, latestOrder: null })
    await newOrder(profile.id, { firearmMake: 'Ruger', firearmModel: 'GP100' })
    const latest = await newOrder(profile.id, { firearmMake: 'Smith & Wesson', firearmModel: '686' })
    expect((await admin(`/api/admin/orders/${latest.id}/receive`, { method: 'POST', body: intakeBody(latest.version, latest) })).status).toBe(200)
    expect((await admin(`/api/admin/orders/${latest.id}/updates`, { method: 'POST', body: { status: 'evaluating' } })).status).toBe(201)
    const row = await find(`nia ${input.lastName}`)
    expect(row).toMatchObject({ orderCount: 2, latestOrder: { id: latest.id, firearmMake: 'Smith & Wesson', firearmModel: '686', currentStatus: 'evaluating', createdAt: latest.createdAt } })
    expect(await find(input.phone.slice(3))).toMatchObject({ id: profile.id })
    expect(await find(input.email.toUpperCase())).toMatchObject({ id: profile.id })
    expect(await find('no-such-customer-xyz')).toBeUndefined()
    const all = (await admin('/api/admin/customers')).body.items as { email: string; role: string }[]
    expect(all.some((c) => c.email === ADMIN.email)).toBe(false)
    expect(all.every((c) => c.role === 'customer')).toBe(true)
  })

  it('edits names, phone and SMS flag but never the email', async () => {
    const { input, profile } = await newCustomer()
    const res = await admin(`/api/admin/customers/${profile.id}`, { method: 'PATCH', body: { firstName: ' Nora ', lastName: 'Vale', phone: '', enableSmsNotifications: true } })
    expect(res).toMatchObject({ status: 200, body: { id: profile.id, email: input.email, firstName: 'Nora', lastName: 'Vale', phone: null, enableSmsNotifications: true } })
    expect((await admin(`/api/admin/customers/${profile.id}`, { method: 'PATCH', body: { email: 'other@example.com' } })).status).toBe(400)
    expect((await admin(`/api/admin/customers/${profile.id}`, { method: 'PATCH', body: { password: 'Password2' } })).status).toBe(400)
    expect((await admin(`/api/admin/customers/${randomUUID()}`, { method: 'PATCH', body: { firstName: 'X' } })).status).toBe(404)
  })

  it('delete archives the customer: their token gets the inactive 403 and they leave the list', async () => {
    const { input, profile } = await newCustomer()
    const { AccessToken } = await signIn(input.email, input.password)
    expect((await api('/api/me', { token: AccessToken })).status).toBe(200)
    expect(await admin(`/api/admin/customers/${profile.id}`, { method: 'DELETE' })).toMatchObject({ status: 200, body: { id: profile.id, isActive: false } })
    expect(await api('/api/me', { token: AccessToken })).toMatchObject({ status: 403, body: { error: { code: 'forbidden', message: INACTIVE } } })
    const items = (await admin(`/api/admin/customers?search=${input.email}`)).body.items
    expect(items).toEqual([])
    expect((await admin(`/api/admin/customers/${profile.id}`, { method: 'DELETE' })).status).toBe(404)
    expect((await admin('/api/admin/orders', { method: 'POST', body: orderInput(profile.id) })).body.error.message).toBe('Customer not found')
  })

  it('does not delete an admin through the customer routes', async () => {
    const me = (await admin('/api/me')).body
    expect((await admin(`/api/admin/customers/${me.id}`, { method: 'DELETE' })).status).toBe(404)
    expect((await admin('/api/me')).status).toBe(200)
  })
})

/** A customer of its own (the seeded one belongs to the demo-data tests), signed in. */
async function signedInCustomer() {
  const { input, profile } = await newCustomer({ firstName: 'Quinn', lastName: `Owner${tag()}` })
  return { customerId: profile.id as string, email: input.email, token: (await signIn(input.email, input.password)).AccessToken }
}

describe('admin orders', () => {
  let customerId: string
  let ownerToken: string
  let ownerEmail: string

  beforeAll(async () => {
    ;({ customerId, token: ownerToken, email: ownerEmail } = await signedInCustomer())
  })

  it('creates an order at order_created with a GS number and the first update "Order created"', async () => {
    const order = await newOrder(customerId, { inboundTrackingNumber: '1Z999' })
    expect(order).toMatchObject({ currentStatus: 'order_created', customerId, customerName: expect.stringMatching(/^Quinn Owner/), customerEmail: ownerEmail, firearmCaliber: '.357', inboundTrackingNumber: '1Z999', version: 1 })
    expect(order.orderNumber).toMatch(/^GS-\d{6}$/)
    expect(order.invoice).toMatchObject({ serviceCents: 15000, partsCents: 0, taxCents: 0, shippingCents: 2500, totalCents: 17500 })
    const detail = (await admin(`/api/admin/orders/${order.id}`)).body
    expect(detail.updates.map((u: { status: string; notes: string; authorLabel: string }) => [u.status, u.notes, u.authorLabel])).toEqual([['order_created', 'Order created', 'Admin']])
    const mine = (await api('/api/orders', { token: ownerToken })).body.items.map((o: { id: string }) => o.id)
    expect(mine).toContain(order.id)
  })

  it.each([
    [{ customerId: '' }, 'customerId', 'Please select a customer'],
    [{ customerId: undefined }, 'customerId', 'Please select a customer'],
    [{ firearmMake: ' ' }, 'firearmMake', 'Firearm make is required'],
    [{ firearmModel: undefined }, 'firearmModel', 'Firearm model is required'],
    [{ serialNumber: '' }, 'serialNumber', 'Serial number is required'],
    [{ serviceType: '' }, 'serviceType', 'Service type is required'],
    [{ description: '' }, 'description', 'Description is required'],
    [{ estimatedCostCents: -1 }, 'estimatedCostCents', 'Please enter a valid estimated cost'],
    [{ estimatedCostCents: 12.5 }, 'estimatedCostCents', 'Please enter a valid estimated cost'],
    [{ estimatedCostCents: 'abc' }, 'estimatedCostCents', 'Please enter a valid estimated cost'],
  ])('validates the create form %j', async (over, field, message) => {
    const res = await admin('/api/admin/orders', { method: 'POST', body: orderInput(customerId, over) })
    expect(res).toMatchObject({ status: 400, body: { error: { message, fields: { [field]: message } } } })
  })

  it('refuses an unknown customer and unknown fields', async () => {
    expect(await admin('/api/admin/orders', { method: 'POST', body: orderInput(randomUUID()) })).toMatchObject({ status: 404, body: { error: { message: 'Customer not found' } } })
    expect((await admin('/api/admin/orders', { method: 'POST', body: { ...orderInput(customerId), currentStatus: 'shipped' } })).status).toBe(400)
  })

  it('edits with the loaded version; a stale version is a 409; a status change adds the default update', async () => {
    const order = await newOrder(customerId)
    const edited = await admin(`/api/admin/orders/${order.id}`, {
      method: 'PATCH',
      body: { version: 1, currentStatus: 'label_created', firearmModel: 'King Cobra', outboundTrackingNumber: '9400', estimatedCostCents: 20000 },
    })
    expect(edited).toMatchObject({ status: 200, body: { currentStatus: 'label_created', firearmModel: 'King Cobra', outboundTrackingNumber: '9400', version: 2, invoice: { serviceCents: 20000 } } })
    const stale = await admin(`/api/admin/orders/${order.id}`, { method: 'PATCH', body: { version: 1, description: 'lost update' } })
    expect(stale).toMatchObject({ status: 409, body: { error: { code: 'conflict', message: 'This order was changed by someone else. Reload it and apply your changes again.' } } })
    const detail = (await admin(`/api/admin/orders/${order.id}`)).body
    expect(detail.description).toBe('Timing is off')
    expect(detail.updates[0]).toMatchObject({ status: 'label_created', notes: 'Status updated to label created - Admin', authorLabel: 'Admin', isCustomerNote: false })
    expect((await admin(`/api/admin/orders/${order.id}`, { method: 'PATCH', body: { version: 2, firearmMake: '' } })).body.error.message).toBe('Firearm make is required')
    expect((await admin(`/api/admin/orders/${order.id}`, { method: 'PATCH', body: { version: 2, currentStatus: 'teleported' } })).status).toBe(400)
    expect((await admin(`/api/admin/orders/${order.id}`, { method: 'PATCH', body: { description: 'no version' } })).status).toBe(400)
  })

  it('requests approval of itemized lines; the customer sees the notification and that request, approves, and only then is it billed', async () => {
    const order = await newOrder(customerId)
    expect((await admin(`/api/admin/orders/${order.id}/approval-request`, { method: 'POST', body: { reason: '  ' } })).body.error.message).toBe('Please provide a reason for the additional costs')
    // A billed part first: a later request never un-bills it.
    await admin(`/api/admin/orders/${order.id}/lines`, { method: 'POST', body: { name: 'Hammer spring', unitCents: 1000, quantity: 1 } })
    const reason = `New firing pin ${tag()}`
    const res = await admin(`/api/admin/orders/${order.id}/approval-request`, {
      method: 'POST',
      body: { reason, lines: [{ name: 'Firing pin', unitCents: 4000, quantity: 1 }, { kind: 'labor', name: 'Fit and test', unitCents: 2500, quantity: 1 }] },
    })
    expect(res).toMatchObject({ status: 200, body: { additionalCostApprovalStatus: 'pending', additionalCostApprovalNote: reason, additionalCostCents: 6500, invoice: { partsCents: 1000, laborCents: 0, pendingApprovalCents: 6500 } } })
    const request = res.body.approvalRequests[0]
    expect(request).toMatchObject({ reason, status: 'pending', subtotalCents: 6500, taxCents: 310, totalCents: 6810 })
    const notes = (await api('/api/notifications', { token: ownerToken })).body.items
    // The spec's title and message, naming the firearm and the order, the items and the total.
    expect(notes).toContainEqual(expect.objectContaining({ orderId: order.id, title: expect.stringMatching(/^Action Required: Additional Costs — .+, order GS-\d{6}$/), message: expect.stringContaining(`Your order requires approval for additional costs: ${reason}\n\n- Firing pin × 1: $40.00\n- Fit and test × 1: $25.00\nTotal: $68.10`), read: false }))
    // A second request while this one waits is refused and changes nothing.
    const second = await admin(`/api/admin/orders/${order.id}/approval-request`, { method: 'POST', body: { reason: 'More', lines: [{ name: 'Spring', unitCents: 100, quantity: 1 }] } })
    expect(second.status).toBe(409)
    const seen = await api(`/api/orders/${order.id}`, { token: ownerToken })
    expect(seen.body.approvalRequests.map((r: { reason: string }) => r.reason)).toEqual([reason])
    const approved = await api(`/api/orders/${order.id}/approval`, { method: 'POST', token: ownerToken, body: { decision: 'approve', requestId: request.id } })
    expect(approved.body.invoice).toMatchObject({ partsCents: 5000, laborCents: 2500, taxCents: 388, pendingApprovalCents: 0, totalCents: 15000 + 5000 + 2500 + 388 + 2500 })
  })

  it('refuses a request for $0 with a clear message and changes nothing', async () => {
    const order = await newOrder(customerId)
    for (const body of [{ reason: 'Parts' }, { reason: 'Parts', lines: [{ name: 'Free check', unitCents: 0, quantity: 1 }] }]) {
      const res = await admin(`/api/admin/orders/${order.id}/approval-request`, { method: 'POST', body })
      expect(res.status).toBe(400)
      expect(res.body.error.message).toBe('An approval request needs extra work costing more than $0.00: choose or add the parts or labor to approve')
    }
    const after = (await admin(`/api/admin/orders/${order.id}`)).body
    expect(after).toMatchObject({ version: 1, approvalRequests: [], lines: [], additionalCostApprovalStatus: 'not_required' })
  })

  it('refuses to release the firearm while a balance is due, naming the balance, unless an override reason is given (recorded)', async () => {
    const order = await newOrder(customerId)
    const received = await admin(`/api/admin/orders/${order.id}/receive`, { method: 'POST', body: intakeBody(order.version, order) })
    expect(received.status).toBe(200)
    const v = received.body.version
    const res = await admin(`/api/admin/orders/${order.id}`, { method: 'PATCH', body: { version: v, currentStatus: 'ready_for_pickup' } })
    expect(res.status).toBe(400)
    expect(res.body.error.message).toContain('balance due of $175.00')
    expect(res.body.error.fields).toHaveProperty('currentStatus')
    expect((await admin(`/api/admin/orders/${order.id}/updates`, { method: 'POST', body: { status: 'ready_for_pickup' } })).status).toBe(400)
    // Leaving is Release Firearm's (with the same rule and its disposition entry), never a status change.
    for (const status of ['shipped', 'delivered', 'order_closed']) {
      expect(await admin(`/api/admin/orders/${order.id}`, { method: 'PATCH', body: { version: v, currentStatus: status, releaseOverrideReason: 'x' } })).toMatchObject({ status: 400, body: { error: { message: bookMessages.releaseFirst } } })
    }
    expect((await admin(`/api/admin/orders/${order.id}`)).body).toMatchObject({ version: v, currentStatus: 'firearm_received' })
    const ok = await admin(`/api/admin/orders/${order.id}`, { method: 'PATCH', body: { version: v, currentStatus: 'ready_for_pickup', releaseOverrideReason: 'Customer pays cash on pickup' } })
    expect(ok).toMatchObject({ status: 200, body: { currentStatus: 'ready_for_pickup' } })
    const updates = (await admin(`/api/admin/orders/${order.id}`)).body.updates
    expect(updates.map((u: { status: string; notes: string }) => [u.status, u.notes]).slice(0, 2)).toEqual([
      ['release_override', 'Released with a balance due of $175.00: Customer pays cash on pickup'],
      ['ready_for_pickup', 'Status updated to ready for pickup - Admin'],
    ])
  })

  it('adds and removes lines; the invoice follows at once (tax 7.75 % on parts only, half up, never on labor)', async () => {
    const order = await newOrder(customerId)
    const a = await admin(`/api/admin/orders/${order.id}/lines`, { method: 'POST', body: { name: 'Hammer spring', description: 'Wolff', unitCents: 1250, quantity: 2 } })
    expect(a.status).toBe(201)
    const hammer = a.body.lines.find((l: { name: string }) => l.name === 'Hammer spring')
    expect(hammer).toMatchObject({ kind: 'part', description: 'Wolff', unitCents: 1250, quantity: 2, lineTotalCents: 2500, state: 'billed', taxable: true })
    await admin(`/api/admin/orders/${order.id}/lines`, { method: 'POST', body: { name: 'Pin', unitCents: 399, quantity: 3 } })
    await admin(`/api/admin/orders/${order.id}/lines`, { method: 'POST', body: { kind: 'labor', name: 'Fitting', unitCents: 3000, quantity: 1 } })
    let invoice = (await admin(`/api/admin/orders/${order.id}`)).body.invoice
    // parts 2500 + 1197 = 3697; 7.75 % = 286.5175 → 287; labor untaxed
    expect(invoice).toMatchObject({ serviceCents: 15000, partsCents: 3697, laborCents: 3000, taxCents: 287, shippingCents: 2500, totalCents: 24484, balanceDueCents: 24484 })
    const removed = await admin(`/api/admin/orders/${order.id}/lines/${hammer.id}`, { method: 'DELETE' })
    expect(removed).toMatchObject({ status: 200, body: { invoice: { partsCents: 1197, taxCents: 93 } } })
    invoice = (await api(`/api/orders/${order.id}`, { token: ownerToken })).body.invoice
    expect(invoice).toMatchObject({ partsCents: 1197, taxCents: 93, totalCents: 15000 + 1197 + 3000 + 93 + 2500 })
    expect((await admin(`/api/admin/orders/${order.id}/lines/${hammer.id}`, { method: 'DELETE' })).status).toBe(404)
    const list = (await admin('/api/admin/orders?view=active&limit=100')).body.items.find((o: { id: string }) => o.id === order.id)
    expect(list).toMatchObject({ invoiceBalanceDueCents: 15000 + 1197 + 3000 + 93 + 2500, invoicePaymentStatus: 'payment_due' })
    // A row is what the list shows (the editor reads the whole order): the same invoice and extra work as the detail.
    const detail = (await admin(`/api/admin/orders/${order.id}`)).body
    expect(Object.keys(list).sort()).toEqual([
      'additionalCostApprovalStatus', 'additionalCostCents', 'archivedAt', 'assignedTo', 'assignedToName', 'createdAt', 'currentStatus', 'customerEmail',
      'customerId', 'customerName', 'estimatedCostCents', 'firearmMake', 'firearmModel', 'id', 'inboxSince', 'invoice', 'invoiceBalanceDueCents',
      'invoicePaymentStatus', 'isArchived', 'orderNumber', 'overdue', 'promisedDate', 'serialNumber', 'serviceType', 'updatedAt', 'version',
    ])
    // `overdue` is the list's own flag (the promised date against today), not a field of the order.
    for (const key of Object.keys(list).filter((k) => (!k.startsWith('invoice') || k === 'invoice') && k !== 'overdue')) expect(list[key], key).toEqual(detail[key])
    expect(list.additionalCostCents).toBe(3000 + 1197)
  })

  it.each([
    [{ name: '', unitCents: 100, quantity: 1 }, 'Name is required'],
    [{ name: 'x', unitCents: -1, quantity: 1 }, 'Please enter a valid cost'],
    [{ name: 'x', unitCents: 100, quantity: 0 }, 'Please enter a valid quantity'],
    [{ name: 'x', unitCents: 100, quantity: 1.5 }, 'Please enter a valid quantity'],
    [{ name: 'x', kind: 'tip', unitCents: 100, quantity: 1 }, 'Please choose part, labor or other'],
    [{ name: 'x', unitCents: 100_000_000, quantity: 2 }, 'A line cannot total more than $1,000,000.00'],
  ])('validates a line %j', async (body, message) => {
    const order = await newOrder(customerId)
    expect((await admin(`/api/admin/orders/${order.id}/lines`, { method: 'POST', body })).body.error.message).toBe(message)
  })

  it('archives, unarchives and soft deletes, moving the order between lists', async () => {
    const order = await newOrder(customerId)
    const ids = async (view: string) => (await admin(`/api/admin/orders?view=${view}&limit=100`)).body.items.map((o: { id: string }) => o.id)
    expect(await ids('active')).toContain(order.id)
    expect(await admin(`/api/admin/orders/${order.id}/archive`, { method: 'POST' })).toMatchObject({ status: 200, body: { isArchived: true } })
    expect(await ids('archived')).toContain(order.id)
    expect(await ids('active')).not.toContain(order.id)
    expect(await admin(`/api/admin/orders/${order.id}/unarchive`, { method: 'POST' })).toMatchObject({ status: 200, body: { isArchived: false, archivedAt: null } })
    expect(await ids('active')).toContain(order.id)
    expect((await admin(`/api/admin/orders/${order.id}`, { method: 'DELETE' })).status).toBe(200)
    expect(await ids('active')).not.toContain(order.id)
    expect(await ids('archived')).not.toContain(order.id)
    expect((await admin(`/api/admin/orders/${order.id}`)).status).toBe(404)
    expect((await api('/api/orders', { token: ownerToken })).body.items.map((o: { id: string }) => o.id)).not.toContain(order.id)
  })

  it('lists newest first with a cursor, and rejects a bad view', async () => {
    await newOrder(customerId)
    await newOrder(customerId)
    const first = (await admin('/api/admin/orders?limit=2')).body
    expect(first.items).toHaveLength(2)
    expect(first.items[0].createdAt >= first.items[1].createdAt).toBe(true)
    expect(typeof first.cursor).toBe('string')
    const next = (await admin(`/api/admin/orders?limit=2&cursor=${encodeURIComponent(first.cursor)}`)).body
    expect(next.items[0].createdAt <= first.items[1].createdAt).toBe(true)
    expect((await admin('/api/admin/orders?view=trash')).status).toBe(400)
    expect((await admin('/api/admin/orders?cursor=garbage')).status).toBe(400)
  })

  it('soft-deleting the latest order moves the customer list to the previous one', async () => {
    const { profile } = await newCustomer()
    const older = await newOrder(profile.id, { firearmModel: 'Older' })
    const newer = await newOrder(profile.id, { firearmModel: 'Newer' })
    await admin(`/api/admin/orders/${newer.id}`, { method: 'DELETE' })
    const row = (await admin(`/api/admin/customers?search=${profile.email}`)).body.items[0]
    expect(row).toMatchObject({ orderCount: 1, latestOrder: { id: older.id, firearmModel: 'Older' } })
  })
})

describe('status messages', () => {
  it('posts, edits and deletes staff messages; customer notes cannot be edited or deleted', async () => {
    const { customerId, token: ownerToken } = await signedInCustomer()
    const order = await newOrder(customerId)
    expect((await admin(`/api/admin/orders/${order.id}/receive`, { method: 'POST', body: intakeBody(order.version, order) })).status).toBe(200)
    const posted = await admin(`/api/admin/orders/${order.id}/updates`, { method: 'POST', body: { status: 'in_progress' } })
    expect(posted).toMatchObject({ status: 201, body: { status: 'in_progress', notes: 'Status updated to in progress - Admin', authorLabel: 'Admin', isCustomerNote: false } })
    expect((await admin(`/api/admin/orders/${order.id}`)).body.currentStatus).toBe('in_progress')
    const edited = await admin(`/api/admin/orders/${order.id}/updates/${posted.body.id}`, { method: 'PATCH', body: { notes: 'Barrel off, cleaning' } })
    expect(edited).toMatchObject({ status: 200, body: { notes: 'Barrel off, cleaning' } })
    expect((await admin(`/api/admin/orders/${order.id}/updates/${posted.body.id}`, { method: 'PATCH', body: { notes: '  ' } })).body.error.message).toBe('Message cannot be empty')
    expect((await admin(`/api/admin/orders/${order.id}/updates`, { method: 'POST', body: { status: 'customer_note', notes: 'x' } })).status).toBe(400)

    const note = await api(`/api/orders/${order.id}/notes`, { token: ownerToken, method: 'POST', body: { text: 'Please call me' } })
    expect(note.status).toBe(201)
    for (const req of [
      admin(`/api/admin/orders/${order.id}/updates/${note.body.id}`, { method: 'PATCH', body: { notes: 'rewritten' } }),
      admin(`/api/admin/orders/${order.id}/updates/${note.body.id}`, { method: 'DELETE' }),
    ]) {
      expect(await req).toMatchObject({ status: 403, body: { error: { code: 'forbidden', message: 'Customer notes cannot be edited or deleted' } } })
    }

    expect((await admin(`/api/admin/orders/${order.id}/updates/${posted.body.id}`, { method: 'DELETE' })).status).toBe(204)
    const updates = (await admin(`/api/admin/orders/${order.id}`)).body.updates.map((u: { id: string; notes: string }) => u.notes)
    expect(updates).toEqual(['Please call me', 'Status updated to firearm received - Admin', 'Order created'])
    expect((await admin(`/api/admin/orders/${order.id}/updates/${posted.body.id}`, { method: 'DELETE' })).status).toBe(404)
  })
})

describe('settings', () => {
  it('returns defaults, saves what is sent and returns the saved values', async () => {
    const before = (await admin('/api/admin/settings')).body
    expect(before).toMatchObject({ defaultTaxRate: expect.any(Number), address: expect.any(String), laborRateCents: expect.any(Number), minimumServiceFeeCents: expect.any(Number) })
    // The sender is the deployment's (EMAIL_FROM), shown read-only; the SMTP fields of the old Email tab are gone.
    expect(before).toHaveProperty('emailSender')
    expect(before).not.toHaveProperty('smtpServer')
    // The minimum fee stays 0 on the shared table: above 0 it bills the orders other files create meanwhile (service-types.test.ts sets one on its own table).
    const body = { businessName: 'Iron Sights Gunsmithing', phone: '555-010-0100', email: 'shop@example.com', address: '12 Main St\nSpringfield, IL 62701', defaultTaxRate: 7.75, laborRateCents: 9000, minimumServiceFeeCents: 0 }
    expect(await admin('/api/admin/settings', { method: 'PUT', body })).toMatchObject({ status: 200, body })
    expect((await admin('/api/admin/settings')).body).toMatchObject(body)
    expect(await admin('/api/admin/settings', { method: 'PUT', body: { laborRateCents: 9500 } })).toMatchObject({ status: 200, body: { ...body, laborRateCents: 9500 } })
    expect(await admin('/api/admin/settings', { method: 'PUT', body: { smtpPort: 465 } })).toMatchObject({ status: 400, body: { error: { fields: { smtpPort: 'Unknown field: smtpPort' } } } })
    expect((await admin('/api/admin/settings', { method: 'PUT', body: { address: '1\n2\n3\n4\n5\n6\n7' } })).status).toBe(400)
    expect((await admin('/api/admin/settings', { method: 'PUT', body: { defaultTaxRate: -1 } })).status).toBe(400)
  })

  it('GET /api/shop: anyone reads the shop identity the settings hold, in the display format, and nothing else', async () => {
    await admin('/api/admin/settings', { method: 'PUT', body: { businessName: ' Iron Sights Gunsmithing ', phone: '555-010-0100', email: 'shop@example.com', address: ' 12 Main St \n\nSpringfield, IL 62701', fflNumber: ' 1-23-456-07-8a-12345 ' } })
    const shop = await api('/api/shop')
    expect(shop).toMatchObject({ status: 200, body: { name: 'Iron Sights Gunsmithing', phone: '(555) 010-0100', email: 'shop@example.com', address: '12 Main St\nSpringfield, IL 62701', fflNumber: '1-23-456-07-8A-12345' } })
    expect(Object.keys(shop.body).sort()).toEqual(['address', 'email', 'fflNumber', 'name', 'phone'])
    const badFfl = await admin('/api/admin/settings', { method: 'PUT', body: { fflNumber: '12345' } })
    expect(badFfl).toMatchObject({ status: 400, body: { error: { fields: { fflNumber: 'Enter the FFL number as printed on the license (e.g. 1-23-456-07-8A-12345)' } } } })
    expect((await api('/api/shop')).body.fflNumber).toBe('1-23-456-07-8A-12345')
    await admin('/api/admin/settings', { method: 'PUT', body: { businessName: '', phone: '' } })
    expect((await api('/api/shop')).body).toMatchObject({ name: 'Gunsmith Portal', phone: '(555) 010-0199' })
  })
})

describe('every /api/admin route', () => {
  const adminRoutes = routes.filter((r) => isStaffRoute(r))
  const concrete = (path: string) => path.replace(/\{[^}]+\}/g, () => randomUUID())

  it('covers the whole admin table', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(20)
  })

  it.each(adminRoutes.map((r) => [r.method, r.path]))('%s %s: anonymous 401, customer 403', async (method, path) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : {}
    expect((await api(concrete(path), { method, body })).status).toBe(401)
    expect(await api(concrete(path), { method, body, token: customerToken })).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
  })
})
