import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { ADMIN, api, newCustomer as registerCustomer, signIn, useStackTable } from './helpers.ts'
import { balanceOf, confirm, createIntent, deliver, intentEvent, orderRepo, seedOrder } from './payments-fixtures.ts'
import { billedExtra } from '../support/extra-work.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { createDevGateway } from '../../functions/payments/dev-gateway.ts'
import { createDevIntentRepository } from '../../functions/db/repositories/dev-intents.ts'

type Customer = Awaited<ReturnType<typeof registerCustomer>>
const newCustomer = () => registerCustomer('payer')


let a: Customer
let b: Customer
let adminToken: string

beforeAll(async () => {
  useStackTable()
  ;[a, b] = await Promise.all([newCustomer(), newCustomer()])
  adminToken = (await signIn(ADMIN.email, ADMIN.password)).AccessToken
})

describe('POST /api/payments/intents: validation and ownership', () => {
  it('needs an order id', async () => {
    for (const body of [{ orderIds: [] }, {}, { orderIds: [''] }]) {
      const res = await createIntent(a.token, body)
      expect(res.status).toBe(400)
      expect(res.body.error.message).toBe('Missing order ID')
    }
  })

  it('needs an amount above zero, in whole cents, and only with one order', async () => {
    const o = await seedOrder(a.id)
    for (const amountCents of [0, -5]) {
      const res = await createIntent(a.token, { orderIds: [o.orderId], amountCents })
      expect(res.status).toBe(400)
      expect(res.body.error.message).toBe('Payment amount must be greater than zero')
    }
    expect((await createIntent(a.token, { orderIds: [o.orderId], amountCents: 10.5 })).status).toBe(400)
    const two = await createIntent(a.token, { orderIds: [o.orderId, (await seedOrder(a.id)).orderId], amountCents: 100 })
    expect(two.status).toBe(400)
    expect(two.body.error.message).toBe('A partial amount can only be paid on a single order')
    // the client never sends a price
    expect((await createIntent(a.token, { orderIds: [o.orderId], totalCents: 1 })).status).toBe(400)
  })

  it('refuses an amount above the balance', async () => {
    const o = await seedOrder(a.id)
    const res = await createIntent(a.token, { orderIds: [o.orderId], amountCents: balanceOf(o) + 1 })
    expect(res.status).toBe(400)
    expect(res.body.error.message).toBe('Payment amount cannot exceed the balance due of $125.00')
  })

  it("refuses a charge under Stripe's $0.50 minimum, or one leaving less than $0.50 owing, and so does the dev gateway", async () => {
    const o = await seedOrder(a.id)
    const tiny = await createIntent(a.token, { orderIds: [o.orderId], amountCents: 25 })
    expect(tiny).toMatchObject({ status: 400, body: { error: { message: 'A card payment must be at least $0.50.', fields: { amountCents: 'A card payment must be at least $0.50.' } } } })
    const leaves = await createIntent(a.token, { orderIds: [o.orderId], amountCents: balanceOf(o) - 25 })
    expect(leaves.body.error.message).toBe('A partial payment must leave at least $0.50 owing. Pay the full balance of $125.00, or at most $124.50.')
    expect((await createIntent(a.token, { orderIds: [o.orderId], amountCents: 50 })).status).toBe(201)
    // The gateway itself, as Stripe does, whatever the caller checked.
    const gateway = createDevGateway({ intents: createDevIntentRepository(defaultTable()) })
    await expect(gateway.createIntent({ amountCents: 49, idempotencyKey: `k-${randomUUID()}`, description: 'x', metadata: {} })).rejects.toMatchObject({ statusCode: 400, message: 'Invalid request: Amount must be at least $0.50 usd' })
  })

  it("is a 404 for another customer's order, even in a batch, and changes nothing", async () => {
    const mine = await seedOrder(a.id)
    const theirs = await seedOrder(b.id)
    const res = await createIntent(a.token, { orderIds: [theirs.orderId], includeShipping: false })
    expect(res.status).toBe(404)
    expect(res.body.error.code).toBe('not_found')
    const batch = await createIntent(a.token, { orderIds: [mine.orderId, theirs.orderId], includeShipping: false })
    expect(batch.status).toBe(404)
    for (const o of [mine, theirs]) expect(await orderRepo().getOrder(o.orderId)).toMatchObject({ version: 1, shippingSelected: true })
    expect((await createIntent(a.token, { orderIds: [randomUUID()] })).status).toBe(404)
  })

  it('refuses deleted, archived and fully paid orders', async () => {
    expect((await createIntent(a.token, { orderIds: [(await seedOrder(a.id, { isDeleted: true })).orderId] })).status).toBe(404)
    const archived = await createIntent(a.token, { orderIds: [(await seedOrder(a.id, { isArchived: true })).orderId] })
    expect(archived.status).toBe(400)
    expect(archived.body.error.message).toBe('This order cannot be paid')
    const paid = await createIntent(a.token, { orderIds: [(await seedOrder(a.id, { amountPaidCents: 12_500 })).orderId] })
    expect(paid.status).toBe(400)
    expect(paid.body.error.message).toBe('This order has no balance due')
  })
})

describe('paying in dev mode', () => {
  it('charges the whole balance, keeps the shipping choice on the checkout (not the order) and reuses the intent on a double click', async () => {
    const o = await seedOrder(a.id, { ...billedExtra(1000) })
    const body = { orderIds: [o.orderId], includeShipping: false }
    const res = await createIntent(a.token, body)
    expect(res.status).toBe(201)
    const due = 10_000 + 1000 + 78
    expect(res.body).toEqual({
      paymentIntentId: expect.stringMatching(/^pi_dev_/),
      clientSecret: expect.stringMatching(/_secret_/),
      amountCents: due,
      allocations: [{ orderId: o.orderId, amountCents: due }],
      mode: 'dev',
    })
    const stored = await orderRepo().getOrder(o.orderId)
    // An abandoned checkout must not drop the $25 fee: the choice reaches the order only with the payment.
    expect(stored).toMatchObject({ shippingSelected: true, version: 2, openCheckout: { paymentIntentId: res.body.paymentIntentId, amountCents: due, includeShipping: false } })
    const again = await createIntent(a.token, body)
    expect(again.body.paymentIntentId).toBe(res.body.paymentIntentId)
    expect(again.body.clientSecret).toBe(res.body.clientSecret)
    expect((await api(`/api/payments/intents/${res.body.paymentIntentId}`, { token: a.token })).body).toMatchObject({ status: 'pending', payments: [], receiptUrl: null })
  })

  it('gives a fresh intent after the provider canceled the open one (payment_intent.canceled), and that one can be paid', async () => {
    const o = await seedOrder(a.id)
    const body = { orderIds: [o.orderId], includeShipping: true }
    const first = await createIntent(a.token, body)
    expect(first.status).toBe(201)
    const id = first.body.paymentIntentId as string
    // Canceled at the provider (the dashboard, an expiry), then Stripe's signed event.
    const intents = createDevIntentRepository(defaultTable())
    expect(await intents.markCanceled((await intents.get(id))!, { canceled_at: Math.floor(Date.now() / 1000), cancellation_reason: 'abandoned' })).toBe(true)
    const canceled = await deliver(intentEvent('payment_intent.canceled', id, first.body.amountCents))
    expect(canceled.body.outcome).toBe('updated')
    expect((await api(`/api/payments/intents/${id}`, { token: a.token })).body).toMatchObject({ status: 'failed', failureMessage: 'This payment was canceled. Please start the payment again.' })

    // The same payment asked again: never the canceled intent back.
    const second = await createIntent(a.token, body)
    expect(second.status, JSON.stringify(second.body)).toBe(201)
    expect(second.body.paymentIntentId).not.toBe(id)
    expect(second.body.amountCents).toBe(first.body.amountCents)
    expect((await orderRepo().getOrder(o.orderId))?.openCheckout?.paymentIntentId).toBe(second.body.paymentIntentId)
    expect((await confirm(a.token, id)).status).toBe(400)
    expect((await confirm(a.token, second.body.paymentIntentId)).status).toBe(200)
    expect((await orderRepo().getOrder(o.orderId))?.amountPaidCents).toBe(first.body.amountCents)
  })

  it('a new payment over an open intent paid before its webhook came: recorded on the spot, once, and the new one refused', async () => {
    const o = await seedOrder(a.id)
    const first = (await createIntent(a.token, { orderIds: [o.orderId], amountCents: 5000 })).body
    // Paid at the provider; its webhook has not arrived (delayed, or the process stopped between the two).
    const intents = createDevIntentRepository(defaultTable())
    const open = (await intents.get(first.paymentIntentId))!
    expect(await intents.transition(open, { ...open, status: 'succeeded', latest_charge: 'ch_dev_paid_before_webhook', last_payment_error: null })).toBe(true)
    expect((await orderRepo().getOrder(o.orderId))?.amountPaidCents ?? 0).toBe(0)

    const again = await createIntent(a.token, { orderIds: [o.orderId], amountCents: 6000 })
    expect(again).toMatchObject({ status: 409, body: { error: { message: 'This payment has already been completed.' } } })
    const order = (await api(`/api/orders/${o.orderId}`, { token: a.token })).body
    expect(order.invoice).toMatchObject({ amountPaidCents: 5000, balanceDueCents: 12_500 - 5000 })
    expect(order.payments.map((p: { paymentIntentId: string; amountCents: number }) => [p.paymentIntentId, p.amountCents])).toEqual([[first.paymentIntentId, 5000]])

    // The webhook's delivery later finds it recorded; the next payment starts on the new balance.
    const late = await deliver(intentEvent('payment_intent.succeeded', first.paymentIntentId, 5000))
    expect(late.status).toBe(200)
    expect(late.body.outcome).not.toBe('recorded')
    expect((await orderRepo().getOrder(o.orderId))?.amountPaidCents).toBe(5000)
    const rest = await createIntent(a.token, { orderIds: [o.orderId] })
    expect(rest).toMatchObject({ status: 201, body: { amountCents: 12_500 - 5000 } })
  })

  it('confirms 4242… through the signed webhook: the intent succeeds and the payment appears in the history', async () => {
    const o = await seedOrder(a.id)
    const intent = (await createIntent(a.token, { orderIds: [o.orderId], amountCents: 5000 })).body
    expect(intent.allocations).toEqual([{ orderId: o.orderId, amountCents: 5000 }])
    const res = await confirm(a.token, intent.paymentIntentId, '4242 4242 4242 4242')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ paymentIntentId: intent.paymentIntentId, status: 'succeeded' })

    // The dev route answers after the signed webhook delivery was applied: no waiting.
    const polled = (await api(`/api/payments/intents/${intent.paymentIntentId}`, { token: a.token })).body
    expect(polled).toMatchObject({ paymentIntentId: intent.paymentIntentId, status: 'succeeded', amountCents: 5000, allocations: [{ orderId: o.orderId, amountCents: 5000 }] })
    expect(polled.payments).toHaveLength(1)
    expect(polled.payments[0]).toMatchObject({ orderId: o.orderId, orderNumber: o.orderNumber, amountCents: 5000, paymentStatus: 'successful', paymentMethod: 'Credit Card', paymentIntentId: intent.paymentIntentId })

    const history = await api('/api/payments', { token: a.token })
    expect(history.status).toBe(200)
    expect(history.body.items[0]).toMatchObject({ paymentIntentId: intent.paymentIntentId, amountCents: 5000 })
    expect((await api('/api/payments', { token: b.token })).body.items.find((p: { paymentIntentId: string }) => p.paymentIntentId === intent.paymentIntentId)).toBeUndefined()

    const order = await api(`/api/orders/${o.orderId}`, { token: a.token })
    expect(order.body.invoice).toMatchObject({ amountPaidCents: 5000, balanceDueCents: 12_500 - 5000, paymentStatus: 'partially_paid' })
    expect(order.body.payments).toHaveLength(1)

    // a second confirm is idempotent; nothing is recorded twice
    expect((await confirm(a.token, intent.paymentIntentId, '4242424242424242')).body.status).toBe('succeeded')
    expect((await orderRepo().getOrder(o.orderId))?.amountPaidCents).toBe(5000)
  })

  it('declines 4000…0002 with 402 and records no payment; the same intent can then be paid', async () => {
    const o = await seedOrder(a.id)
    const intent = (await createIntent(a.token, { orderIds: [o.orderId] })).body
    const res = await confirm(a.token, intent.paymentIntentId, '4000000000000002')
    expect(res.status).toBe(402)
    expect(res.body.error).toEqual({ code: 'payment_failed', message: 'Your card was declined.' })
    const polled = (await api(`/api/payments/intents/${intent.paymentIntentId}`, { token: a.token })).body
    expect(polled).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.', payments: [] })
    expect((await orderRepo().getOrder(o.orderId))?.amountPaidCents).toBe(0)

    const other = await confirm(a.token, intent.paymentIntentId, '4111111111111111')
    expect(other.status).toBe(400)
    expect(other.body.error.message).toBe('Use test card 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline)')

    expect((await confirm(a.token, intent.paymentIntentId, '4242424242424242')).status).toBe(200)
    const paid = (await api(`/api/orders/${o.orderId}`, { token: a.token })).body
    expect(paid.invoice).toMatchObject({ balanceDueCents: 0, paymentStatus: 'paid' })
    expect(paid.currentStatus).toBe('payment_received')
    expect(paid.updates[0].notes).toBe('Payment received in full')
  })

  it("hides another customer's intent (GET and confirm are 404)", async () => {
    const o = await seedOrder(a.id)
    const intent = (await createIntent(a.token, { orderIds: [o.orderId] })).body
    expect((await api(`/api/payments/intents/${intent.paymentIntentId}`, { token: b.token })).status).toBe(404)
    expect((await confirm(b.token, intent.paymentIntentId, '4242424242424242')).status).toBe(404)
    expect((await api('/api/payments/intents/pi_dev_nope', { token: a.token })).status).toBe(404)
  })

  it('splits a batch in proportion to the balances, cents summing exactly, and pays all three', async () => {
    const orders = await Promise.all([seedOrder(a.id, { estimatedCostCents: 3333 }), seedOrder(a.id, { estimatedCostCents: 1, ...billedExtra(999) }), seedOrder(a.id, { estimatedCostCents: 7777 })])
    const res = await createIntent(a.token, { orderIds: orders.map((o) => o.orderId), includeShipping: true })
    expect(res.status).toBe(201)
    const balances = orders.map(balanceOf)
    expect(res.body.amountCents).toBe(balances.reduce((x, y) => x + y, 0))
    expect(res.body.allocations).toEqual(orders.map((o, i) => ({ orderId: o.orderId, amountCents: balances[i] })))
    expect((await confirm(a.token, res.body.paymentIntentId, '4242424242424242')).status).toBe(200)
    const polled = (await api(`/api/payments/intents/${res.body.paymentIntentId}`, { token: a.token })).body
    expect(polled.payments).toHaveLength(3)
    expect(polled.payments.reduce((s: number, p: { amountCents: number }) => s + p.amountCents, 0)).toBe(res.body.amountCents)
  })
})

describe('admin payments and invoices', () => {
  it('lists payments with stats, search, filter, sort and pages of 15 (admins only)', async () => {
    expect((await api('/api/admin/payments', { token: a.token })).status).toBe(403)
    const c = await newCustomer()
    const serial = `SER-${randomUUID().slice(0, 8)}`
    const o = await seedOrder(c.id, { serialNumber: serial })
    const intent = (await createIntent(c.token, { orderIds: [o.orderId], amountCents: 777 })).body
    // A declined card first: staff see the attempt, with its reason, and it counts against the success rate.
    expect((await confirm(c.token, intent.paymentIntentId, '4000000000000002')).status).toBe(402)
    await confirm(c.token, intent.paymentIntentId, '4242424242424242')

    const res = await api('/api/admin/payments', { token: adminToken })
    expect(res.status).toBe(200)
    expect(res.body.pageSize).toBe(15)
    expect(res.body.items.length).toBeLessThanOrEqual(15)
    const { count, successfulCount, successRate } = res.body.stats
    expect(count).toBe(res.body.total)
    expect(successfulCount).toBeLessThan(count)
    expect(successRate).toBe(Math.round((successfulCount / count) * 1000) / 10)
    const failed = await api(`/api/admin/payments?status=failed&search=${serial}`, { token: adminToken })
    expect(failed.body.items).toEqual([expect.objectContaining({ orderId: o.orderId, paymentStatus: 'failed', amountCents: 777, notes: 'Your card was declined.', paymentIntentId: intent.paymentIntentId })])
    expect(res.body.stats.last30DaysCount).toBeGreaterThanOrEqual(1)
    expect(res.body.stats.revenueCents).toBeGreaterThanOrEqual(777)
    // Newest first by default (other files write payments to this table at the same time: the order, not the first row).
    const dates = res.body.items.map((p: { paymentDate: string }) => p.paymentDate)
    expect(dates).toEqual([...dates].sort().reverse())
    expect((await api(`/api/admin/payments?search=${serial}`, { token: adminToken })).body.items.map((p: { paymentStatus: string }) => p.paymentStatus)).toEqual(['successful', 'failed'])

    const found = await api(`/api/admin/payments?search=${serial.toLowerCase()}&status=successful`, { token: adminToken })
    expect(found.body.total).toBe(1)
    expect(found.body.items[0]).toMatchObject({ orderId: o.orderId, amountCents: 777, serialNumber: serial, customerName: 'Pat Payer', firearmMake: 'Colt', firearmModel: '1911' })
    // The first characters of an order id, as the table shows them: a text search (no total), newest first.
    expect((await api(`/api/admin/payments?search=${o.orderId.slice(0, 8).toUpperCase()}`, { token: adminToken })).body).toMatchObject({ total: null, items: [{ orderId: o.orderId }, { orderId: o.orderId }] })
    expect((await api(`/api/admin/payments?search=${serial}&status=pending`, { token: adminToken })).body.total).toBe(0)

    const byAmount = (await api('/api/admin/payments?sort=amount&direction=asc', { token: adminToken })).body.items.map((p: { amountCents: number }) => p.amountCents)
    expect(byAmount).toEqual([...byAmount].sort((x, y) => x - y))
    expect((await api('/api/admin/payments?sort=price', { token: adminToken })).status).toBe(400)
    expect((await api('/api/admin/payments?cursor=999', { token: adminToken })).status).toBe(400)
    // The next page (when the ledger has one) goes on from the cursor: no entry twice.
    if (res.body.cursor) {
      const second = (await api(`/api/admin/payments?cursor=${encodeURIComponent(res.body.cursor)}`, { token: adminToken })).body.items.map((p: { paymentId: string }) => p.paymentId)
      expect(second.filter((id: string) => res.body.items.some((p: { paymentId: string }) => p.paymentId === id))).toEqual([])
    }
  })

  it('looks up, refreshes and directly fixes an invoice', async () => {
    const o = await seedOrder(a.id, { ...billedExtra(2000), amountPaidCents: 1000 })
    expect((await api('/api/admin/invoices', { token: adminToken })).body.error.message).toBe('Please enter an order ID')
    const unknown = await api(`/api/admin/invoices?orderId=${randomUUID()}`, { token: adminToken })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.message).toMatch(/^Order not found: /)

    const look = await api(`/api/admin/invoices?orderId=${o.orderId}`, { token: adminToken })
    expect(look.status).toBe(200)
    expect(look.body).toMatchObject({ orderId: o.orderId, version: 1, invoice: { invoiceId: o.invoiceId, invoiceNumber: o.invoiceNumber, serviceCents: 10_000, partsCents: 2000, taxCents: 155, shippingCents: 2500, totalCents: 14_655, balanceDueCents: 13_655 } })
    // The order number works wherever an order id is asked, in any case.
    const byNumber = await api(`/api/admin/invoices?orderId=${o.orderNumber.toLowerCase()}`, { token: adminToken })
    expect(byNumber.body).toMatchObject({ orderId: o.orderId, invoice: { totalCents: 14_655 } })

    const noOrder = await api(`/api/admin/invoices/${o.invoiceId}/fix`, { token: adminToken, method: 'POST', body: { orderId: ' ', preview: true } })
    expect(noOrder.status).toBe(400)
    expect(noOrder.body.error.message).toBe('Please enter both order ID and invoice ID')
    const wrong = await api(`/api/admin/invoices/${randomUUID()}/fix`, { token: adminToken, method: 'POST', body: { orderId: o.orderId, preview: true } })
    expect(wrong.status).toBe(404)
    expect(wrong.body.error.message).toMatch(/^Invoice not found: /)

    // The stored paid amount (1000) has no payment behind it: the fix re-reads the ledger (none) with the same calculator.
    const preview = await api(`/api/admin/invoices/${o.invoiceId}/fix`, { token: adminToken, method: 'POST', body: { orderId: o.orderNumber, preview: true } })
    expect(preview.body).toMatchObject({ applied: false, version: 1, before: { totalCents: 14_655, amountPaidCents: 1000, balanceDueCents: 13_655 }, after: { totalCents: 14_655, amountPaidCents: 0, balanceDueCents: 14_655 } })
    expect((await api(`/api/orders/${o.orderId}`, { token: a.token })).body.invoice.amountPaidCents).toBe(1000)
    // Applying needs the previewed version: no silent change.
    expect((await api(`/api/admin/invoices/${o.invoiceId}/fix`, { token: adminToken, method: 'POST', body: { orderId: o.orderId } })).status).toBe(400)
    expect((await api(`/api/admin/invoices/${o.invoiceId}/fix`, { token: adminToken, method: 'POST', body: { orderId: o.orderId, version: 7 } })).status).toBe(409)
    const fixed = await api(`/api/admin/invoices/${o.invoiceId}/fix`, { token: adminToken, method: 'POST', body: { orderId: o.orderId, version: 1 } })
    expect(fixed.body).toMatchObject({ applied: true, version: 2, after: { totalCents: 14_655, amountPaidCents: 0, balanceDueCents: 14_655 } })
    const seen = (await api(`/api/orders/${o.orderId}`, { token: a.token })).body
    expect(seen.invoice).toMatchObject({ totalCents: 14_655, amountPaidCents: 0 })
    expect(seen.updates[0]).toMatchObject({ status: 'invoice_repaired', notes: 'Invoice repaired: total $146.55 → $146.55, paid $10.00 → $0.00' })

    expect((await api('/api/admin/invoices/refresh', { token: adminToken, method: 'POST', body: {} })).body.error.message).toBe('Please enter an order ID')
    const refreshed = await api('/api/admin/invoices/refresh', { token: adminToken, method: 'POST', body: { orderId: o.orderId } })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body).toMatchObject({ shippingCents: 2500, totalCents: 14_655, balanceDueCents: 14_655 })
    expect((await api('/api/admin/invoices/refresh', { token: a.token, method: 'POST', body: { orderId: o.orderId } })).status).toBe(403)
  })
})
