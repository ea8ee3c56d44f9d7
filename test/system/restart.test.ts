/**
 * A restart of `npm start` in the middle of use loses nothing: Ctrl-C, `kill -9` of the whole tree and `kill <pid>`
 * while requests are in flight, then every acknowledged write is there (docs/architecture.md, "What the quality
 * suites rely on").
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type * as Api from '@gs/shared/api-types'
import { DEV_SUCCESS_CARD, paymentMessages } from '@gs/shared/payment-messages'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../infra/local/ports.ts'
import { auditInvoice } from '../../scripts/invoice-audit.ts'
import { connectPortal, type PortalClient } from '../../scripts/portal-client.ts'
import { ADMIN, CUSTOMER } from '../integration/helpers.ts'
import { groupProcesses, killGroup, startPortal, type Portal } from './portal-process.ts'

const SEEDED = 'seeded just now'
const PASSWORD = 'RestartPass123!'

/** Everything the server acknowledged, which every later start must still show. */
const acked = {
  customer: { id: '', email: `restart-${randomUUID().slice(0, 8)}@example.com` },
  orders: new Map<string, string>(), // id → orderNumber
  notes: new Map<string, string>(), // text → orderId
  readNotifications: new Set<string>(),
  notifications: new Set<string>(),
  /** Confirmed with a 200: their allocations are paid. */
  paid: new Map<string, Array<{ orderId: string; amountCents: number }>>(),
  approvedOrderId: '',
  seededCustomerOrders: 0,
}
/** Which stop an acknowledgement came before, for the failure messages. */
let phase = 'before Ctrl-C'
const ackedWhen = new Map<string, string>()
/** Created (201) but the confirmation never answered: after a restart it may be paid or not, but never half. */
const cutOff = new Map<string, Array<{ orderId: string; amountCents: number }>>()
/** Orders whose 201 came too close before a kill -9 to be owed (see KILL_GRACE_MS): there whole, or not at all. */
const maybeOrders = new Map<string, string>()
/**
 * DynamoDB Local can lose a TransactWriteItems it has already answered when it is killed (-9) while other
 * transactions are running: measured against DynamoDB Local alone, 5 of 591 lost, answered up to 0.11 s before
 * the kill, each whole, never half; none when the writes had stopped before the kill, none of 147 single
 * PutItems. Ctrl-C and `kill <pid>` stop it cleanly and lose nothing. So after a kill -9, what was acknowledged
 * in its last KILL_GRACE_MS (generous: CI machines are loaded) is owed only "whole or not at all".
 */
const KILL_GRACE_MS = 2_000
/** Each acknowledgement, with how to demote it to "in flight" when it came within KILL_GRACE_MS of a kill -9. */
let recent: Array<{ at: number; demote: () => void }> = []
const remember = (demote: () => void) => recent.push({ at: performance.now(), demote })

let dataDir: string
let port: number
let cognitoPort: number
const pids: number[] = []

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'gs-restart-'))
  port = await freePort()
  do cognitoPort = await freePort()
  while (cognitoPort === port)
})

afterAll(() => {
  for (const pid of pids) killGroup(pid)
  rmSync(dataDir, { recursive: true, force: true })
})

async function start() {
  // A test that failed half-way leaves its portal running: stop it, so the next one fails for its own reason, not "port in use".
  for (const pid of pids) {
    killGroup(pid)
    for (let i = 0; i < 200 && groupProcesses(pid).length; i++) await new Promise((r) => setTimeout(r, 50))
  }
  const portal = await startPortal({ port, cognitoPort, dataDir })
  pids.push(portal.pid)
  return portal
}

/** Every 5xx with the time it was answered: one before the stop signal is a bug, not the stop. */
let fiveHundreds: Array<{ at: number; what: string }> = []
const connect = (url: string) =>
  connectPortal({ baseUrl: url, onResult: (label, r) => r.status >= 500 && fiveHundreds.push({ at: performance.now(), what: `${label} ${r.status} ${JSON.stringify(r.body)}` }) })

async function ok<T = any>(p: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const r = await p
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  return r.body
}

/** Every page of the customer's notifications (each status change notifies: more than a page of 20). */
async function allNotifications(client: PortalClient, token: string): Promise<Api.Notification[]> {
  const out: Api.Notification[] = []
  for (let cursor: string | null = null, pages = 0; pages === 0 || cursor; pages++) {
    if (pages > 50) throw new Error('more than 50 pages of notifications')
    const page = (await ok(client.api(`/api/notifications?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token }))) as Api.NotificationList
    out.push(...page.items)
    cursor = page.cursor
  }
  return out
}

async function pay(client: PortalClient, token: string, body: { orderIds: string[]; amountCents?: number }) {
  const intent = await ok(client.api('/api/payments/intents', { token, method: 'POST', body: { includeShipping: true, ...body } }), 201)
  cutOff.set(intent.paymentIntentId, intent.allocations)
  const confirmed = await client.api(`/api/dev/payments/${intent.paymentIntentId}/confirm`, { token, method: 'POST', body: { cardNumber: DEV_SUCCESS_CARD } })
  // Staff added a part to the order meanwhile: a price change cancels the open intent (docs/business-rules.md), so it is
  // never paid; the customer starts again. (The restart checks find no payment for it: "payments nobody confirmed".)
  if (confirmed.status === 400 && confirmed.body?.error?.message === paymentMessages.intentCanceled) return void cutOff.delete(intent.paymentIntentId)
  // Any other answer while stopping (a 5xx of a gateway going away) says nothing of the card: the provider may have
  // charged it before the stop. It stays cut off, for the restart's checks to finish and count it.
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
  cutOff.delete(intent.paymentIntentId)
  acked.paid.set(intent.paymentIntentId, intent.allocations)
  remember(() => {
    acked.paid.delete(intent.paymentIntentId)
    cutOff.set(intent.paymentIntentId, intent.allocations)
  })
}

async function newOrder(client: PortalClient, adminToken: string, estimatedCostCents: number): Promise<Api.Order> {
  const order = await ok<Api.Order>(
    client.api('/api/admin/orders', {
      token: adminToken,
      method: 'POST',
      body: { customerId: acked.customer.id, firearmMake: 'Colt', firearmModel: 'Python', serialNumber: `RS-${randomUUID().slice(0, 6)}`, serviceType: 'Repair', description: 'Timing', estimatedCostCents },
    }),
    201,
  )
  acked.orders.set(order.id, order.orderNumber)
  ackedWhen.set(order.id, `${phase}, ${new Date().toISOString()}`)
  remember(() => {
    acked.orders.delete(order.id)
    maybeOrders.set(order.id, order.orderNumber)
  })
  return order
}

/**
 * Keeps writing as a busy shop and customer would (notes, small payments,
 * new orders, parts, sign-ins) until the portal goes away, then sends `stop`
 * once enough has been acknowledged: the stop lands on requests in flight.
 */
async function busyUntilStopped(client: PortalClient, stop: () => Promise<unknown>) {
  const adminToken = (await client.signIn(ADMIN.email, ADMIN.password)).accessToken
  const token = (await client.signIn(acked.customer.email, PASSWORD)).accessToken
  const [noteOrder, payOrder] = [...acked.orders.keys()].slice(1, 3)
  recent = []
  let acks = 0
  let n = 0
  let stopping = false
  let failure: unknown
  const loop = async (step: () => Promise<unknown>, times = 500) => {
    for (let i = 0; i < times && !failure; i++) {
      try {
        await step()
        acks += 1
      } catch (err) {
        // Before the stop every request must succeed; after it, whatever was cut off is simply not acknowledged.
        if (!stopping) failure ??= err
        return
      }
    }
  }
  const workers = [
    // A customer may send 20 notes an hour (docs/business-rules.md): 6 in each of the three runs, with the first one.
    loop(async () => {
      const text = `Note ${++n} before the stop (${randomUUID().slice(0, 6)})`
      await ok(client.api(`/api/orders/${noteOrder}/notes`, { token, method: 'POST', body: { text } }), 201)
      acked.notes.set(text, noteOrder)
      remember(() => acked.notes.delete(text))
    }, 6),
    // An order's detail carries at most 100 ledger entries: at most 25 payments in each run keep them all in it.
    loop(() => pay(client, token, { orderIds: [payOrder], amountCents: 100 }), 25),
    // Parts on the order being paid: the payment's transaction meets concurrent order writes.
    loop(() => ok(client.api(`/api/admin/orders/${payOrder}/lines`, { token: adminToken, method: 'POST', body: { name: 'Pin', unitCents: 150, quantity: 1 } }), 201)),
    // A few only: the customer's order list (one page of 100) must still hold them all at the end.
    loop(() => newOrder(client, adminToken, 9_000), 15),
    loop(() => client.signIn(acked.customer.email, PASSWORD)),
  ]
  // Long enough that a kill -9 also has acknowledgements older than its grace period to check.
  const since = performance.now()
  while ((acks < 20 || performance.now() - since < 2 * KILL_GRACE_MS) && !failure) await new Promise((r) => setTimeout(r, 20))
  if (failure) throw failure
  stopping = true
  const stoppedAt = performance.now()
  const ackedBefore = acks
  const [stopped] = (await Promise.all([stop(), ...workers])) as [Awaited<ReturnType<Portal['stop']>>]
  expect(fiveHundreds.filter((f) => f.at < stoppedAt).map((f) => f.what), '5xx before the stop').toEqual([])
  const late = stopped.signal === 'SIGKILL' ? recent.filter((r) => r.at > stoppedAt - KILL_GRACE_MS) : []
  for (const r of late) r.demote()
  console.log(
    `${stopped.signal ?? `exit ${stopped.code}`} after ${ackedBefore} acknowledged writes and sign-ins (${acks - ackedBefore} more while stopping), ` +
      `all ${stopped.processes} processes gone in ${stopped.ms} ms; ${fiveHundreds.length} answers were 5xx while stopping; ${cutOff.size} payment(s) cut off before their confirmation answered` +
      (late.length ? `; ${late.length} writes acknowledged in the last ${KILL_GRACE_MS} ms before the kill owed only whole-or-nothing` : ''),
  )
  fiveHundreds = []
  recent = []
  return stopped
}

/** After a start: everything acknowledged is there and consistent; open intents can be finished, exactly once. */
async function expectNothingLost(p: Portal) {
  expect(p.output()).not.toContain(SEEDED)
  const client = await connect(p.url)
  const admin = await client.signIn(ADMIN.email, ADMIN.password)
  const adminToken = admin.accessToken
  expect((await ok(client.api('/api/me', { token: adminToken }))).id).toBe(admin.sub)
  const seeded = await client.signIn(CUSTOMER.email, CUSTOMER.password)
  expect((await ok(client.api('/api/me', { token: seeded.accessToken }))).id).toBe(seeded.sub)
  expect((await ok(client.api('/api/orders?limit=100', { token: seeded.accessToken }))).items).toHaveLength(acked.seededCustomerOrders)
  expect((await ok(client.api(`/api/admin/customers?search=${encodeURIComponent(CUSTOMER.email)}`, { token: adminToken }))).items).toHaveLength(1)

  const me = await client.signIn(acked.customer.email, PASSWORD)
  expect(me.sub).toBe(acked.customer.id)
  expect(await ok(client.api('/api/me', { token: me.accessToken }))).toMatchObject({ id: acked.customer.id, email: acked.customer.email })
  const token = me.accessToken

  // Intents cut off by the stop: confirming again finishes them (or they were finished), never twice.
  // (One that staff's part closed before the stop stays unpaid: canceled, as the provider would have it.)
  for (const [id, allocations] of cutOff) {
    const confirmed = await client.api(`/api/dev/payments/${id}/confirm`, { token, method: 'POST', body: { cardNumber: DEV_SUCCESS_CARD } })
    if (confirmed.status === 400 && confirmed.body?.error?.message === paymentMessages.intentCanceled) continue
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
    expect(confirmed.body).toMatchObject({ status: 'succeeded' })
    acked.paid.set(id, allocations)
  }
  cutOff.clear()

  const listed = new Map<string, string>(((await ok(client.api('/api/orders?limit=100', { token }))).items as Api.Order[]).map((o) => [o.id, o.orderNumber]))
  const dropped = [...maybeOrders].filter(([id]) => !listed.has(id))
  if (maybeOrders.size) console.log(`of ${maybeOrders.size} order(s) answered just before the kill -9, ${dropped.length} did not survive it: ${dropped.map(([, n]) => n).join(', ') || 'none'}`)
  for (const [id, number] of maybeOrders) if (listed.has(id)) acked.orders.set(id, number)
  maybeOrders.clear()
  for (const [id, number] of acked.orders) {
    if (listed.get(id) === number) continue
    const direct = await client.api(`/api/admin/orders/${id}`, { token: adminToken })
    expect.fail(`order ${number} (acknowledged ${ackedWhen.get(id)}) is not in its customer's list after the restart; GET by id: ${direct.status}`)
  }

  const payments = new Map<string, Api.Payment[]>()
  const updates: Api.StatusUpdate[] = []
  for (const id of listed.keys()) {
    const o = await ok<Api.OrderDetail>(client.api(`/api/admin/orders/${id}`, { token: adminToken }))
    expect(auditInvoice(o, { paidMeansReceived: true }), o.orderNumber).toEqual([])
    for (const pay of o.payments) payments.set(pay.paymentIntentId, [...(payments.get(pay.paymentIntentId) ?? []), pay])
    updates.push(...o.updates)
    // The detail holds the newest page of the history; the older pages follow its cursor.
    for (let cursor = o.updatesCursor ?? null; cursor; ) {
      const older = await ok<Api.Page<Api.StatusUpdate>>(client.api(`/api/admin/orders/${id}/updates?cursor=${encodeURIComponent(cursor)}`, { token: adminToken }))
      updates.push(...older.items)
      cursor = older.cursor
    }
    if (id === acked.approvedOrderId) expect(o.additionalCostApprovalStatus).toBe('approved')
  }
  for (const [id, allocations] of acked.paid) {
    expect(payments.get(id)?.map((x) => ({ orderId: x.orderId, amountCents: x.amountCents })).sort((a, b) => a.orderId.localeCompare(b.orderId)), id).toEqual(
      [...allocations].sort((a, b) => a.orderId.localeCompare(b.orderId)),
    )
  }
  expect([...payments.keys()].filter((id) => !acked.paid.has(id)), 'payments nobody confirmed').toEqual([])
  const noteTexts = new Set(updates.filter((u) => u.isCustomerNote).map((u) => u.notes))
  for (const text of acked.notes.keys()) expect(noteTexts.has(text), text).toBe(true)

  const notifications = await allNotifications(client, token)
  const byId = new Map(notifications.map((x) => [x.id, x]))
  for (const id of acked.notifications) expect(byId.has(id), `notification ${id}`).toBe(true)
  for (const id of acked.readNotifications) expect(byId.get(id)?.read).toBe(true)
  for (const x of notifications) acked.notifications.add(x.id)

  // The order counter went on where it was: a new number, never one given out before.
  const numbers = [...acked.orders.values()]
  const fresh = await newOrder(client, adminToken, 5_000)
  expect(numbers).not.toContain(fresh.orderNumber)
  expect(fresh.orderNumber > numbers.sort().at(-1)!).toBe(true)
  return client
}

describe('npm start restarted in the middle of use', () => {
  it('keeps everything acknowledged across Ctrl-C, and stops every process it started', async () => {
    const p = await start()
    expect(p.output()).toContain(SEEDED)
    const client = await connect(p.url)
    const admin = await client.signIn(ADMIN.email, ADMIN.password)
    const adminToken = admin.accessToken
    const seeded = await client.signIn(CUSTOMER.email, CUSTOMER.password)
    acked.seededCustomerOrders = (await ok(client.api('/api/orders?limit=100', { token: seeded.accessToken }))).items.length
    expect(acked.seededCustomerOrders).toBeGreaterThan(0)

    const profile = await ok(
      client.api('/api/admin/customers', { token: adminToken, method: 'POST', body: { email: acked.customer.email, password: PASSWORD, firstName: 'Rita', lastName: 'Restart' } }),
      201,
    )
    acked.customer.id = profile.id
    const me = await client.signIn(acked.customer.email, PASSWORD)
    expect(me.sub).toBe(profile.id)
    const token = me.accessToken

    const [o1, o2, , o4] = [await newOrder(client, adminToken, 20_000), await newOrder(client, adminToken, 15_000), await newOrder(client, adminToken, 30_000), await newOrder(client, adminToken, 8_000)]
    await ok(client.api(`/api/admin/orders/${o1.id}/approval-request`, { token: adminToken, method: 'POST', body: { reason: 'The barrel is pitted', lines: [{ name: 'New barrel', unitCents: 4_000, quantity: 1 }] } }))
    const notifications = await allNotifications(client, token)
    const approval = notifications.find((n) => n.orderId === o1.id && n.kind === 'approval_requested')
    expect(approval?.title).toMatch(/^Action Required: Additional Costs — /)
    await ok(client.api(`/api/notifications/${approval!.id}/read`, { token, method: 'POST' }))
    acked.readNotifications.add(approval!.id)

    const noteText = 'Go ahead with the barrel.'
    await ok(client.api(`/api/orders/${o1.id}/notes`, { token, method: 'POST', body: { text: noteText } }), 201)
    acked.notes.set(noteText, o1.id)
    expect(await ok(client.api(`/api/orders/${o1.id}/approval`, { token, method: 'POST', body: { decision: 'approve' } }))).toMatchObject({ additionalCostApprovalStatus: 'approved' })
    acked.approvedOrderId = o1.id

    await pay(client, token, { orderIds: [o2.id], amountCents: 5_000 })
    await pay(client, token, { orderIds: [o1.id, o4.id] })
    for (const n of (await ok(client.api('/api/notifications', { token }))).items as Api.Notification[]) acked.notifications.add(n.id)
    expect(acked.notifications.size).toBeGreaterThanOrEqual(3) // the approval request and two "Payment Received"

    const stopped = await busyUntilStopped(client, () => p.stop('ctrl-c'))
    expect(stopped.code, p.output().slice(-2000)).toBe(0)
    expect(p.output()).toContain('SIGINT: stopping the local stack')
  })

  it('comes back with all of it, and keeps what was acknowledged before a kill -9 of the whole tree', async () => {
    const p = await start()
    const client = await expectNothingLost(p)
    phase = 'before kill -9'
    const stopped = await busyUntilStopped(client, () => p.stop('kill -9'))
    expect(stopped.signal).toBe('SIGKILL')
  })

  it('comes back after the kill -9 with all of it, and `kill <pid>` of npm start stops every process', async () => {
    const p = await start()
    await expectNothingLost(p)
    phase = 'after the last restart'
    const stopped = await p.stop('kill')
    expect(stopped.code, p.output().slice(-2000)).toBe(0)
    expect(p.output()).toContain('SIGTERM: stopping the local stack')
  })
})
