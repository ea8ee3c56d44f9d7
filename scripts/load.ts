/**
 * `npm run load` (README, "Tests"): concurrent customers browsing and paying through the local gateway for a fixed
 * time, then every invoice checked against its payments; exit 1 on any inconsistency, 5xx or failed request.
 * Loopback only. Options: --url, --customers, --concurrency, --duration (or LOAD_URL, LOAD_CUSTOMERS,
 * LOAD_CONCURRENCY, LOAD_DURATION_S; LOAD_ADMIN_EMAIL, LOAD_ADMIN_PASSWORD for a running `npm start`).
 */
import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import type * as Api from '@gs/shared/api-types'
import { DEV_DECLINE_CARD, DEV_SUCCESS_CARD } from '@gs/shared/payment-messages'
import { auditInvoice } from './invoice-audit.ts'
import { connectPortal, type ApiResult, type PortalClient } from './portal-client.ts'

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.LOAD_URL },
    customers: { type: 'string', default: process.env.LOAD_CUSTOMERS ?? '50' },
    concurrency: { type: 'string', default: process.env.LOAD_CONCURRENCY },
    duration: { type: 'string', default: process.env.LOAD_DURATION_S ?? '30' },
    'orders-per-customer': { type: 'string', default: '3' },
    'admin-email': { type: 'string', default: process.env.LOAD_ADMIN_EMAIL ?? 'admin@example.com' },
    'admin-password': { type: 'string', default: process.env.LOAD_ADMIN_PASSWORD ?? 'AdminPass123!' },
    // Staff sign in with an authenticator code: the key of that admin's app (the seeded admin's local key by default).
    'admin-totp-key': { type: 'string', default: process.env.LOAD_ADMIN_TOTP_KEY },
  },
})

function count(name: string, raw: string | undefined, max: number) {
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1 || n > max) {
    console.error(`load: --${name} must be a whole number from 1 to ${max} (got ${raw})`)
    process.exit(2)
  }
  return n
}
const CUSTOMERS = count('customers', args.customers, 500)
const CONCURRENCY = count('concurrency', args.concurrency ?? String(CUSTOMERS), 500)
const DURATION_S = count('duration', args.duration, 600)
const ORDERS_EACH = count('orders-per-customer', args['orders-per-customer'], 20)
const PASSWORD = 'LoadPass123!'
const RUN = randomBytes(3).toString('hex')

/** Traffic only to this machine (a load test never targets another host). */
function assertLoopback(url: string) {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  if (!(host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host))) {
    console.error(`load: ${url} is not on this machine; only loopback addresses (localhost, 127.0.0.0/8, ::1) are allowed`)
    process.exit(2)
  }
}

// ---- outcomes -------------------------------------------------------------------------------------------

const latencies = new Map<string, number[]>()
const byClass = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 }
const fourXX = new Map<string, number>()
const failures: string[] = []
let networkErrors = 0

function record(label: string, r: ApiResult) {
  let l = latencies.get(label)
  if (!l) latencies.set(label, (l = []))
  l.push(r.ms)
  const cls = `${Math.floor(r.status / 100)}xx` as keyof typeof byClass
  if (cls in byClass) byClass[cls] += 1
  if (r.status >= 400 && r.status < 500) fourXX.set(`${label} ${r.status}`, (fourXX.get(`${label} ${r.status}`) ?? 0) + 1)
  if (r.status >= 500 && failures.length < 20) failures.push(`${label} → ${r.status} ${JSON.stringify(r.body)?.slice(0, 200)}`)
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0)
const ms = (n: number) => Math.round(n)

const rnd = (n: number) => Math.floor(Math.random() * n)
const chance = (p: number) => Math.random() < p
const pick = <T>(xs: readonly T[]) => xs[rnd(xs.length)]

/** Runs `fn` over `items` with at most `limit` at a time. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await fn(items[i], i)
      }
    }),
  )
  return out
}

const expectStatus = (r: ApiResult, status: number, what: string) => {
  if (r.status !== status) throw new Error(`${what}: expected ${status}, got ${r.status} ${JSON.stringify(r.body)?.slice(0, 300)}`)
  return r.body
}

// ---- the run --------------------------------------------------------------------------------------------

interface Customer {
  id: string
  email: string
}

/** What the clients were told: a 200 from the confirm route means the intent's allocations are paid. */
const intents = new Map<string, { allocations: Array<{ orderId: string; amountCents: number }>; succeeded: boolean }>()
const orderIds = new Set<string>()
const stats = { iterations: 0, intents: 0, batches: 0, succeeded: 0, declined: 0, doubleConfirms: 0, adminWrites: 0 }

async function setup(portal: PortalClient, adminToken: string): Promise<Customer[]> {
  const admin = (path: string, body?: unknown) => portal.api(path, { token: adminToken, method: body === undefined ? 'GET' : 'POST', body })
  return pool(Array.from({ length: CUSTOMERS }, (_, i) => i), 10, async (i) => {
    const email = `load-${RUN}-${i}@example.com`
    const profile = expectStatus(await admin('/api/admin/customers', { email, password: PASSWORD, firstName: 'Load', lastName: `Customer ${i}` }), 201, `creating ${email}`) as { id: string }
    await Promise.all(Array.from({ length: ORDERS_EACH }, (_, k) => createOrder(admin, profile.id, k % 2 === 0)))
    return { id: profile.id, email }
  })
}

async function createOrder(admin: (path: string, body?: unknown) => Promise<ApiResult>, customerId: string, withPart: boolean) {
  const order = expectStatus(
    await admin('/api/admin/orders', {
      customerId,
      firearmMake: pick(['Colt', 'Glock', 'Ruger', 'Sig Sauer']),
      firearmModel: 'Load test',
      serialNumber: `LD-${randomBytes(4).toString('hex')}`,
      serviceType: 'Repair',
      description: 'Load test order',
      estimatedCostCents: 5_000 + rnd(30_000),
    }),
    201,
    'creating an order',
  ) as Api.Order
  orderIds.add(order.id)
  if (withPart) expectStatus(await admin(`/api/admin/orders/${order.id}/lines`, { kind: 'part', name: 'Spring kit', unitCents: 500 + rnd(5_000), quantity: 1 + rnd(3) }), 201, 'adding a part')
  return order
}

/** One customer's visit, over and over until the deadline: sign in, browse, pay something (sometimes declined). */
async function virtualCustomer(portal: PortalClient, c: Customer, deadline: number) {
  while (Date.now() < deadline) {
    stats.iterations += 1
    const { accessToken: token } = await portal.signIn(c.email, PASSWORD)
    const list = await portal.api<{ items: Api.Order[] }>('/api/orders?limit=100', { token })
    if (list.status !== 200) continue
    const orders = list.body.items
    if (orders.length) await portal.api(`/api/orders/${pick(orders).id}`, { token })
    const notes = await portal.api<{ items: Api.Notification[] }>('/api/notifications', { token })
    const unread = notes.status === 200 ? notes.body.items.filter((n) => !n.read) : []
    if (unread.length && chance(0.2)) await portal.api(`/api/notifications/${pick(unread).id}/read`, { token, method: 'POST' })

    const payable = orders.filter((o) => o.invoice.balanceDueCents > 0 && !o.isArchived)
    if (!payable.length) continue
    let body: { orderIds: string[]; amountCents?: number; includeShipping: boolean }
    if (payable.length >= 2 && chance(0.3)) {
      const batch = [...payable].sort(() => Math.random() - 0.5).slice(0, 2 + rnd(Math.min(2, payable.length - 1)))
      body = { orderIds: batch.map((o) => o.id), includeShipping: true }
      stats.batches += 1
    } else {
      const o = pick(payable)
      const balance = o.invoice.balanceDueCents
      body = chance(0.25) ? { orderIds: [o.id], includeShipping: true } : { orderIds: [o.id], amountCents: 1 + rnd(Math.max(1, Math.floor(balance / 2))), includeShipping: true }
    }
    const created = await portal.api('/api/payments/intents', { token, method: 'POST', body })
    if (created.status !== 201) continue
    stats.intents += 1
    const id = created.body.paymentIntentId as string
    // The same orders, versions and amount give the same intent again (a retry after a decline): one entry.
    const known = intents.get(id) ?? { allocations: created.body.allocations, succeeded: false }
    intents.set(id, known)
    const confirm = (cardNumber: string) => portal.api(`/api/dev/payments/${id}/confirm`, { token, method: 'POST', body: { cardNumber } })

    if (chance(0.15)) {
      const declined = await confirm(DEV_DECLINE_CARD)
      if (declined.status === 402) stats.declined += 1
      if (chance(0.5)) continue // gives up; the next visit starts over
    }
    // A double click now and then: two confirms at once must still pay once.
    const double = chance(0.05)
    if (double) stats.doubleConfirms += 1
    const results = await Promise.all(double ? [confirm(DEV_SUCCESS_CARD), confirm(DEV_SUCCESS_CARD)] : [confirm(DEV_SUCCESS_CARD)])
    if (results.some((r) => r.status === 200 && r.body?.status === 'succeeded')) {
      if (!known.succeeded) stats.succeeded += 1
      known.succeeded = true
    }
  }
}

/** The shop at the same time: parts added to orders (the invoices change under the payments) and new orders. */
async function virtualAdmin(portal: PortalClient, token: string, customers: Customer[], deadline: number) {
  const admin = (path: string, body?: unknown) => portal.api(path, { token, method: body === undefined ? 'GET' : 'POST', body })
  while (Date.now() < deadline) {
    if (chance(0.4)) await createOrder(admin, pick(customers).id, false).catch(() => undefined)
    else await admin(`/api/admin/orders/${pick([...orderIds])}/lines`, { kind: 'part', name: 'Extra part', unitCents: 100 + rnd(2_000), quantity: 1 })
    stats.adminWrites += 1
    await new Promise((r) => setTimeout(r, 150))
  }
}

/** Every order of the run read back through the admin API, each invoice checked against its payments. */
async function audit(portal: PortalClient, token: string, customers: Customer[]) {
  const problems: string[] = []
  const ours = new Set(customers.map((c) => c.id))
  const listed = new Set<string>()
  for (let cursor: string | null = null, first = true; first || cursor; first = false) {
    const page: ApiResult<{ items: Api.AdminListOrder[]; cursor: string | null }> = await portal.api(`/api/admin/orders?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token })
    if (page.status !== 200) throw new Error(`admin order list answered ${page.status}`)
    for (const o of page.body.items) if (ours.has(o.customerId)) listed.add(o.id)
    cursor = page.body.cursor
  }
  for (const id of orderIds) if (!listed.has(id)) problems.push(`order ${id} is missing from the admin order list`)

  const details = await pool([...listed], 8, async (id) => {
    const r = await portal.api<Api.OrderDetail>(`/api/admin/orders/${id}`, { token })
    if (r.status !== 200) throw new Error(`admin order ${id} answered ${r.status}`)
    return r.body
  })
  // What each intent put on each order: its payment and, above the bill, its credit (declines and refunds are other entries).
  const paid = new Map<string, number>()
  let entries = 0
  for (const o of details) {
    problems.push(...auditInvoice(o, { paidMeansReceived: true }))
    entries += o.payments.length
    for (const p of o.payments) {
      if (!p.paymentIntentId || p.paymentStatus !== 'successful' || (p.kind !== 'payment' && p.kind !== 'credit')) continue
      const key = `${p.paymentIntentId} ${p.orderId}`
      paid.set(key, (paid.get(key) ?? 0) + p.amountCents)
    }
  }
  for (const [id, intent] of intents) {
    for (const a of intent.allocations) {
      const got = paid.get(`${id} ${a.orderId}`)
      if (intent.succeeded && got === undefined) problems.push(`intent ${id} was confirmed but order ${a.orderId} has no payment for it`)
      if (got !== undefined && got !== a.amountCents) problems.push(`intent ${id} left ${got} on ${a.orderId}, its allocation is ${a.amountCents}`)
      if (got !== undefined && !intent.succeeded) problems.push(`intent ${id} was never confirmed to its customer, yet order ${a.orderId} has a payment for it`)
    }
  }
  for (const key of paid.keys()) if (!intents.has(key.split(' ')[0])) problems.push(`payment ${key} comes from an intent this run never created`)

  // Every entry of the run's orders (payments, credits, declines) is in the admin ledger.
  // A text search: no total, so every page is read (each a bounded read of the ledger, its cursor the next's start).
  let inLedger = 0
  let cursor: string | null = null
  let status = 200
  do {
    const page: { status: number; body: { items?: unknown[]; cursor: string | null } } = await portal.api(`/api/admin/payments?search=${encodeURIComponent(`load-${RUN}-`)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token })
    status = page.status
    inLedger += page.body?.items?.length ?? 0
    cursor = status === 200 ? page.body.cursor : null
  } while (cursor)
  if (status !== 200) problems.push(`admin payments answered ${status}`)
  else if (inLedger !== entries) problems.push(`the admin payments ledger lists ${inLedger} entries of this run, the orders show ${entries}`)

  const revenueCents = [...paid.values()].reduce((s, c) => s + c, 0)
  return { problems, orders: details.length, payments: paid.size, revenueCents, paidOrders: details.filter((o) => o.invoice.paymentStatus === 'paid').length }
}

async function main() {
  let url = args.url
  let stopStack: (() => Promise<void>) | undefined
  if (!url) {
    process.env.LOG_LEVEL ??= 'silent'
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
    const { startLocalStack } = await import('../infra/local/stack.ts')
    const stack = await startLocalStack({ port: 0 })
    url = stack.url
    stopStack = stack.stop
    const stop = () => void stack.stop().finally(() => process.exit(130))
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  }
  assertLoopback(url)
  try {
    const portal = await connectPortal({ baseUrl: url, onResult: record })
    if (portal.config.paymentsMode !== 'dev') throw new Error('the portal is not in dev payments mode (STRIPE_SECRET_KEY is set): the load run pays with the dev gateway only')
    const admin = await portal.signIn(args['admin-email']!, args['admin-password']!, args['admin-totp-key'])
    console.log(`load: ${url}, run ${RUN}: creating ${CUSTOMERS} customers with ${ORDERS_EACH} orders each...`)
    const t0 = performance.now()
    const customers = await setup(portal, admin.accessToken)
    console.log(`load: set up in ${(performance.now() - t0) / 1000 | 0} s; ${CONCURRENCY} virtual customers for ${DURATION_S} s...`)

    for (const k of Object.keys(byClass) as Array<keyof typeof byClass>) byClass[k] = 0
    latencies.clear()
    fourXX.clear()
    const started = performance.now()
    const deadline = Date.now() + DURATION_S * 1000
    const guard = (p: Promise<void>) =>
      p.catch((err) => {
        networkErrors += 1
        if (failures.length < 20) failures.push(`client error: ${err instanceof Error ? err.message : String(err)}`)
      })
    await Promise.all([
      ...Array.from({ length: CONCURRENCY }, (_, i) => guard(virtualCustomer(portal, customers[i % customers.length], deadline))),
      guard(virtualAdmin(portal, admin.accessToken, customers, deadline)),
    ])
    const elapsedS = (performance.now() - started) / 1000
    // The run's numbers, before the read-back adds its own requests (a 5xx there still fails the run: audit throws).
    const routes = [...latencies].map(([label, l]) => [label, [...l].sort((a, b) => a - b)] as const).sort((a, b) => b[1].length - a[1].length)
    const all = routes.flatMap(([, l]) => l).sort((a, b) => a - b)
    const requests = all.length
    const status = { ...byClass }

    const result = await audit(portal, admin.accessToken, customers)
    const summary = {
      url,
      run: RUN,
      customers: CUSTOMERS,
      concurrency: CONCURRENCY,
      durationS: Math.round(elapsedS * 10) / 10,
      requests,
      requestsPerS: Math.round(requests / elapsedS),
      status,
      networkErrors,
      latencyMs: { p50: ms(percentile(all, 50)), p95: ms(percentile(all, 95)), p99: ms(percentile(all, 99)), max: ms(all.at(-1) ?? 0) },
      ...stats,
      audit: { orders: result.orders, paidOrders: result.paidOrders, payments: result.payments, revenueCents: result.revenueCents, inconsistencies: result.problems.length },
    }

    console.log('\nroute                                            count    p50    p95    p99    max (ms)')
    for (const [label, s] of routes) {
      console.log(`${label.padEnd(48)} ${String(s.length).padStart(5)} ${[50, 95, 99].map((p) => String(ms(percentile(s, p))).padStart(6)).join('')} ${String(ms(s.at(-1)!)).padStart(6)}`)
    }
    if (fourXX.size) console.log(`\n4xx by route: ${[...fourXX].map(([k, v]) => `${k} ×${v}`).join('; ')}`)
    for (const f of failures) console.log(`FAILED ${f}`)
    for (const p of result.problems.slice(0, 50)) console.log(`INCONSISTENT ${p}`)
    console.log(
      `\n${requests} requests in ${summary.durationS} s (${summary.requestsPerS}/s): ${status['2xx']} 2xx, ${status['4xx']} 4xx, ${status['5xx']} 5xx, ${networkErrors} client errors; ` +
        `latency p50 ${summary.latencyMs.p50} ms, p95 ${summary.latencyMs.p95} ms, p99 ${summary.latencyMs.p99} ms`,
    )
    console.log(
      `${stats.intents} intents (${stats.batches} batches), ${stats.succeeded} paid, ${stats.declined} declines, ${stats.doubleConfirms} double confirms, ${stats.adminWrites} admin writes; ` +
        `audit: ${result.orders} orders (${result.paidOrders} paid), ${result.payments} payments, ${result.problems.length} inconsistencies`,
    )
    console.log(`LOAD SUMMARY ${JSON.stringify(summary)}`)
    const ok = !result.problems.length && !status['5xx'] && !networkErrors
    console.log(ok ? 'load: OK, every invoice matches its payments' : 'load: FAILED')
    return ok ? 0 : 1
  } finally {
    await stopStack?.()
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`load: ${err instanceof Error ? err.message : String(err)}`)
    process.exit(1)
  },
)
