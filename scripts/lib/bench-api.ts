/**
 * API read latency: the read routes through the local gateway and the functions (HTTP on loopback, a real Cognito
 * access token, JWT verified by the gateway), next to the same DynamoDB request(s) sent straight from the official
 * document client (@aws-sdk/lib-dynamodb's DynamoDBDocumentClient, configured as the functions configure theirs)
 * against the same table and data.
 *
 * The requests a route makes are captured from its own code: the route's group handler, loaded from source in this
 * process, answers the same request (warm: the account gate has cached the caller) while a middleware on the
 * functions' document client (functions/db/client.ts) records each command as the route built it, before the
 * document client marshalls it. They are replayed verbatim, so "bare DynamoDB" is exactly what the route asked
 * DynamoDB for.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb'
import { cognitoLocalCall, passwordSignIn } from '../../infra/local/sign-in.ts'
import { statusLabel } from '@gs/shared/statuses'
import { cognitoClient } from '../../functions/auth/cognito.ts'
import { createUserDirectory } from '../../functions/auth/users.ts'
import { documentClient } from '../../functions/db/client.ts'
import { sortableId, uuid } from '../../functions/db/ids.ts'
import { orderItem } from '../../functions/db/repositories/orders.ts'
import { createProfileRepository } from '../../functions/db/repositories/profiles.ts'
import { createService } from '../../functions/db/service.ts'
import { countLedgerInto } from '../../functions/db/migrations/index.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { formatOrderNumber, newOrder, type Notification, type Order, type Payment, type StatusUpdate } from '../../functions/domain/order.ts'
import { paymentIdFor } from '../../functions/domain/payment.ts'
import { accountGate } from '../../functions/auth/account-gate.ts'
import { createGroupHandler, type GroupRoute, type RouteModule } from '../../functions/lib/http.ts'
import { deployedRoutesFor, matchPath, routeKey, routes, type FunctionGroup } from '../../functions/routes.ts'
import type { LocalStack } from '../../infra/local/stack.ts'
import { median, percentile, progress, timed } from './bench-stats.ts'
import { BenchHttpClient } from './bench-http.ts'
import { apiEvent, callerOf } from './bench-cold-requests.ts'

export const SEED = { orders: 200, statusUpdates: 1_000, payments: 500 }
/** Updates on the order whose detail is timed ("several"); the rest are spread over the other orders. */
const DETAIL_ORDER_UPDATES = 25
export const TIMED_REQUESTS = 150
const WARMUP_REQUESTS = 20

const HOUR = 3_600_000
const DAY = 24 * HOUR
const WORKFLOW = ['firearm_received', 'evaluating', 'in_progress', 'parts_needed', 'parts_received', 'in_progress', 'work_complete', 'payment_needed', 'ready_for_shipping', 'shipped']
/** Makes and models of the bench's orders (also the year-three bench's, bench-scale.ts). */
export const FIREARMS = [
  ['Colt', 'Python'],
  ['Glock', '19 Gen 5'],
  ['Ruger', '10/22'],
  ['Remington', '870 Express'],
  ['Smith & Wesson', 'Model 686'],
  ['Springfield Armory', '1911 Mil-Spec'],
  ['Sig Sauer', 'P365'],
  ['Benelli', 'M4'],
  ['Mossberg', '500'],
  ['Winchester', 'Model 70'],
  ['Browning', 'Citori'],
] as const

export const BENCH_CUSTOMER = { email: 'bench-customer@example.com', password: 'BenchPass123!', firstName: 'Bea', lastName: 'Bench' }
export const BENCH_ADMIN = { email: 'admin@example.com', password: 'AdminPass123!' } // seeded by the local stack

export interface Seeded {
  customerId: string
  detailOrderId: string
  detailUpdates: number
  /** The customer's open orders with a balance due, newest first, but the detail order (the cold-start bench pays them). */
  payableOrderIds: string[]
}

/** Batch writes (25 items a request, a few requests in flight), retrying what DynamoDB leaves unprocessed. */
// Each entity's put takes its own item type.
async function putAll(entity: { put: (items: any[]) => any }, items: unknown[]) {
  const { unprocessed } = (await entity.put(items).go({ concurrent: 4 })) as { unprocessed: unknown[] }
  if (unprocessed.length) throw new Error(`${unprocessed.length} items left unprocessed by BatchWriteItem`)
}

/**
 * The benchmarked customer (a real Cognito user and profile) with 200 orders,
 * 1,000 status updates (with a notification each, as the app sends them) and
 * 500 payments, written through the ElectroDB entities in batches.
 */
export async function seedBenchData(stack: LocalStack): Promise<Seeded> {
  const table = defaultTable()
  const users = createUserDirectory({ client: cognitoClient(), userPoolId: stack.userPoolId })
  const id = await users.createConfirmedUser({ ...BENCH_CUSTOMER, group: 'customer' })
  const customer = await createProfileRepository(table).ensureProfile({ id, email: BENCH_CUSTOMER.email, firstName: BENCH_CUSTOMER.firstName, lastName: BENCH_CUSTOMER.lastName, phone: '+15550109999', role: 'customer' })
  const customerName = `${customer.firstName} ${customer.lastName}`
  const { entities } = createService(table)

  // Order numbers from the shop's counter, reserved in one update.
  const { data: counter } = await entities.counter.update({ name: 'orderNumber' }).add({ value: SEED.orders }).go({ response: 'all_new' })
  const firstNumber = (counter.value ?? SEED.orders) - SEED.orders + 1

  const now = Date.now()
  // Updates per order: the newest order gets DETAIL_ORDER_UPDATES, the others share the rest evenly.
  const rest = SEED.statusUpdates - DETAIL_ORDER_UPDATES
  const updatesFor = (i: number) => (i === 0 ? DETAIL_ORDER_UPDATES : Math.floor(rest / (SEED.orders - 1)) + (i - 1 < rest % (SEED.orders - 1) ? 1 : 0))
  const paymentsFor = (i: number) => Math.floor(SEED.payments / SEED.orders) + (i < SEED.payments % SEED.orders ? 1 : 0)

  const orders: Order[] = []
  const updates: StatusUpdate[] = []
  const notifications: Notification[] = []
  const payments: Payment[] = []
  for (let i = 0; i < SEED.orders; i++) {
    const created = now - (i + 1) * DAY - i * 7 * 60_000
    const orderId = uuid()
    const [firearmMake, firearmModel] = FIREARMS[i % FIREARMS.length]
    const orderNumber = formatOrderNumber(firstNumber + (SEED.orders - 1 - i)) // newest order, highest number
    const n = updatesFor(i)
    let status = 'order_created'
    for (let k = 0; k < n; k++) {
      const at = created + (k + 1) * 2 * HOUR
      status = WORKFLOW[k % WORKFLOW.length]
      const iso = new Date(at).toISOString()
      updates.push({ orderId, updateId: sortableId(at), status, notes: `${statusLabel(status)}: bench update ${k + 1}`, createdBy: 'admin', authorLabel: 'Admin', isCustomerNote: false, createdAt: iso, updatedAt: iso })
      notifications.push({ userId: customer.id, notificationId: sortableId(at), orderId, title: `Order ${orderNumber} update`, message: `Your order is now ${statusLabel(status)}.`, read: k < n - 1, createdAt: iso })
    }
    let paid = 0
    for (let k = 0; k < paymentsFor(i); k++) {
      const paymentIntentId = `pi_bench_${String(i).padStart(3, '0')}_${k}`
      const amountCents = 2_500 + ((i * 37 + k * 11) % 40) * 100
      paid += amountCents
      payments.push({
        orderId,
        paymentId: paymentIdFor(paymentIntentId, orderId),
        customerId: customer.id,
        orderNumber,
        amountCents,
        paymentDate: new Date(created + (k + 1) * DAY / 4).toISOString(),
        paymentMethod: 'Credit Card',
        paymentStatus: 'successful',
        paymentIntentId,
        customerName,
        customerEmail: customer.email,
        firearmMake,
        firearmModel,
        serialNumber: `BENCH${String(i).padStart(5, '0')}`,
        description: `Bench order ${i + 1}`,
      })
    }
    const createdIso = new Date(created).toISOString()
    const archived = i % 10 === 9
    orders.push(
      newOrder(
        {
          orderId,
          orderNumber,
          customerId: customer.id,
          customerName,
          customerEmail: customer.email,
          firearmMake,
          firearmModel,
          serialNumber: `BENCH${String(i).padStart(5, '0')}`,
          firearmCaliber: '9mm',
          serviceType: i % 3 ? 'Repair' : 'Cleaning',
          description: `Bench order ${i + 1}: inspect, repair and test fire.`,
          estimatedCostCents: 20_000 + (i % 7) * 2_500,
          currentStatus: status,
          amountPaidCents: paid,
          isArchived: archived,
          ...(archived ? { archivedAt: createdIso } : {}),
        },
        { invoiceId: uuid(), at: createdIso },
      ),
    )
  }
  await Promise.all([
    putAll(entities.order, orders.map((o) => orderItem(o))),
    putAll(entities.statusUpdate, updates),
    putAll(entities.notification, notifications),
    putAll(entities.payment, payments),
  ])
  // Written around the repositories (in bulk): the admin payments stat cards count from the ledger counters.
  await countLedgerInto(table, payments)
  // Every order's estimate is above what its payments add up to; the archived ones are not payable.
  const payableOrderIds = orders.slice(1).filter((o) => !o.isArchived).map((o) => o.orderId)
  return { customerId: customer.id, detailOrderId: orders[0].orderId, detailUpdates: updatesFor(0), payableOrderIds }
}

export async function accessToken(stack: LocalStack, email: string, password: string): Promise<string> {
  // Staff answer their authenticator's code (the seeded admin's local key), as the SPA does.
  const r = await passwordSignIn(cognitoLocalCall(stack.cognitoEndpoint), { clientId: stack.clientId, email, password })
  if (!r.AuthenticationResult) throw new Error(`sign-in of ${email} stopped at ${r.ChallengeName}`)
  return r.AuthenticationResult.AccessToken as string
}

interface Captured {
  name: string
  input: Record<string, unknown>
  /** Items DynamoDB read for it (a Query's ScannedCount, a GetItem's 0 or 1, a BatchGetItem's responses). */
  itemsRead: number
}

/** The document client's command for each captured request (the middleware sees the DynamoDB operation's name). */
const REPLAY: Record<string, new (input: any) => any> = {
  QueryCommand,
  GetItemCommand: GetCommand,
  BatchGetItemCommand: BatchGetCommand,
}

let capturing: Captured[] | null = null
let captureInstalled = false

function itemsReadOf(output: Record<string, any>): number {
  if (typeof output.ScannedCount === 'number') return output.ScannedCount
  if ('Item' in output) return output.Item ? 1 : 0
  if (output.Responses && typeof output.Responses === 'object') return Object.values(output.Responses as Record<string, unknown[]>).reduce((n, items) => n + items.length, 0)
  return 0
}

/**
 * Records the commands the functions' document client sends in this process, as the route built them (the
 * document client marshalls an input in its serialize step, after this one), and what each read.
 */
function installCapture() {
  if (captureInstalled) return
  captureInstalled = true
  documentClient().middlewareStack.add(
    (next, context) => async (args) => {
      const record = capturing
      if (!record) return next(args)
      const sent = structuredClone(args.input) as Record<string, unknown>
      const result = await next(args)
      record.push({ name: String(context.commandName), input: sent, itemsRead: itemsReadOf(result.output as Record<string, any>) })
      return result
    },
    { step: 'initialize', name: 'benchCaptureCommands' },
  )
}

/** A group's handler from source, built as its Lambda entry builds it (functions/lib/group-entry.ts): the requests it sends are the ones its bundle sends. */
function sourceHandler(group: FunctionGroup) {
  const table: Record<string, GroupRoute> = {}
  for (const r of deployedRoutesFor(group)) table[routeKey(r)] = { access: r.access, load: () => import(`../../functions/${r.handler}.ts`) as Promise<RouteModule> }
  return createGroupHandler(group, { routes: table, gate: accountGate })
}
const sourceHandlers = new Map<FunctionGroup, ReturnType<typeof sourceHandler>>()

/** The DynamoDB requests a warm function sends for GET `path` as the token's caller: the route answered twice in this process, the second one recorded. */
async function requestsOf(path: string, token: string): Promise<Captured[]> {
  const rawPath = path.split('?')[0]
  const route = routes.filter((r) => r.method === 'GET' && !r.devOnly && matchPath(r.path, rawPath)).sort((a, b) => a.path.split('{').length - b.path.split('{').length)[0]
  if (!route) throw new Error(`GET ${rawPath}: no route`)
  if (!sourceHandlers.has(route.fn)) sourceHandlers.set(route.fn, sourceHandler(route.fn))
  const handler = sourceHandlers.get(route.fn)!
  const answer = async () => {
    const res = (await handler(apiEvent(route, { path, claims: callerOf(token).claims }) as never, { awsRequestId: 'bench-capture', functionName: route.fn } as never)) as { statusCode?: number; body?: string }
    if (res.statusCode !== 200) throw new Error(`GET ${path} answered ${res.statusCode} in this process: ${String(res.body).slice(0, 300)}`)
  }
  // The first answer fills the account gate's cache, as the gateway's warm function has it.
  await answer()
  capturing = []
  try {
    await answer()
    return capturing
  } finally {
    capturing = null
  }
}

export interface RouteSpec {
  label: string
  /** The path and query as the SPA asks (a deep page's cursor included). */
  path: string
  token: string
  /** What the answer held, for the notes column. */
  count: (body: any) => string
}

export interface RouteResult {
  label: string
  path: string
  responseBytes: number
  items: string
  medianMs: number
  p95Ms: number
  dynamo: string
  bareMedianMs: number
  /** DynamoDB requests the route sent, and the items they read, on a warm container. */
  requests: number
  itemsRead: number
}

export interface RouteTimer {
  customerToken: string
  adminToken: string
  measure(route: RouteSpec, runs?: { timed: number; warmup: number }): Promise<RouteResult>
  /** GET as the SPA does: the parsed body (throws on anything but 200). */
  get(path: string, token: string): Promise<any>
  close(): void
}

/**
 * Times routes through the gateway (signed in as `customer` and the local admin) next to the DynamoDB
 * request(s) each sent, replayed from a document client of its own.
 */
export async function createRouteTimer(stack: LocalStack, customer: { email: string; password: string } = BENCH_CUSTOMER): Promise<RouteTimer> {
  installCapture()
  const [customerToken, adminToken] = [await accessToken(stack, customer.email, customer.password), await accessToken(stack, BENCH_ADMIN.email, BENCH_ADMIN.password)]
  // A client of its own, the official document client, configured as functions/db/client.ts configures the functions'.
  const bare = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: 'us-east-1', endpoint: stack.dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    { marshallOptions: { removeUndefinedValues: true } },
  )

  // The timing is of the route: this process runs the gateway and the handlers too, so the client's own work counts as
  // theirs. A bare-bones keep-alive client (bench-http.ts) keeps that to writing the request and reading the framed answer.
  const client = new BenchHttpClient(new URL(stack.url))
  async function fetchText(path: string, token: string) {
    const res = await client.get(path, { authorization: `Bearer ${token}` })
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.body.slice(0, 300)}`)
    return res.body
  }

  async function measure(r: RouteSpec, { timed: runs, warmup } = { timed: TIMED_REQUESTS, warmup: WARMUP_REQUESTS }): Promise<RouteResult> {
    let text = ''
    const get = async () => {
      text = await fetchText(r.path, r.token)
    }
    for (let i = 0; i < warmup; i++) await get()
    // What the route asks DynamoDB for on a warm container (the account gate has cached the caller).
    const sent = await requestsOf(r.path, r.token)
    if (!sent.length) throw new Error(`GET ${r.path}: no DynamoDB request captured: is the capture middleware on the functions' client?`)
    const items = r.count(JSON.parse(text))
    const responseBytes = Buffer.byteLength(text)

    const replay = async () => {
      for (const c of sent) {
        const Command = REPLAY[c.name]
        if (!Command) throw new Error(`GET ${r.path} sent ${c.name}: add its document-client command to REPLAY`)
        await bare.send(new Command(c.input))
      }
    }
    for (let i = 0; i < warmup; i++) await replay()
    // Route and bare requests taken in turns, so both see the same machine (another process's burst, DynamoDB
    // Local's own garbage collection after the seed) rather than one of them all of it.
    const samples: number[] = []
    const bareSamples: number[] = []
    for (let i = 0; i < runs; i++) {
      samples.push(await timed(get))
      bareSamples.push(await timed(replay))
    }

    const dynamo = sent.map((c) => `${c.name.replace(/Command$/, '')}${c.input.IndexName ? ` (${c.input.IndexName})` : ''}`).join(' + ')
    const result: RouteResult = {
      label: r.label,
      path: r.path,
      responseBytes,
      items,
      medianMs: median(samples),
      p95Ms: percentile(samples, 95),
      dynamo,
      bareMedianMs: median(bareSamples),
      requests: sent.length,
      itemsRead: sent.reduce((n, c) => n + c.itemsRead, 0),
    }
    progress(`${r.label}: median ${result.medianMs.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms; bare ${dynamo} ${result.bareMedianMs.toFixed(1)} ms; ${result.requests} requests read ${result.itemsRead} items (${items})`)
    return result
  }

  return {
    customerToken,
    adminToken,
    measure,
    get: async (path, token) => JSON.parse(await fetchText(path, token)),
    close: () => {
      bare.destroy()
      client.close()
    },
  }
}

export async function measureReadRoutes(stack: LocalStack, seeded: Seeded): Promise<RouteResult[]> {
  const timer = await createRouteTimer(stack)
  const { customerToken, adminToken } = timer
  const routes: RouteSpec[] = [
    { label: 'Order list', path: '/api/orders', token: customerToken, count: (b: any) => `${b.items?.length ?? b.length} orders` },
    { label: 'Order detail', path: `/api/orders/${seeded.detailOrderId}`, token: customerToken, count: (b: any) => `${b.updates?.length ?? '?'} updates, ${b.payments?.length ?? '?'} payments` },
    // As the Manage Orders page asks (a page of ADMIN_ORDERS_PAGE_SIZE).
    { label: 'Admin order list', path: '/api/admin/orders?view=active', token: adminToken, count: (b: any) => `${b.items.length} orders` },
    // As the admin Payments page asks on load (DEFAULT_ADMIN_PAYMENTS_QUERY).
    { label: 'Admin payments page 1', path: '/api/admin/payments?sort=date&direction=desc', token: adminToken, count: (b: any) => `${b.items?.length ?? '?'} of ${b.total ?? '?'} payments` },
    { label: 'Notifications', path: '/api/notifications', token: customerToken, count: (b: any) => `${b.items.length} notifications` },
  ]
  const out: RouteResult[] = []
  for (const r of routes) out.push(await timer.measure(r))
  timer.close()
  return out
}
