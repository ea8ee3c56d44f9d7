import type { StaffRole } from '@gs/shared/staff'
/**
 * Shared by the quality-gate suites (read budget, security matrix, fuzzing):
 * calling a function group in-process with an API Gateway event built here
 * (the function trusts requestContext.authorizer.jwt.claims, exactly as in AWS),
 * a customer's "world" of real ids to aim routes at, snapshots of it, and the
 * id source and sample body tables every route in functions/routes.ts must have.
 */
import { randomUUID } from 'node:crypto'
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda'
import { sortableId, uuid } from '../../functions/db/ids.ts'
import { createNotificationRepository } from '../../functions/db/repositories/notifications.ts'
import { createOrderRepository } from '../../functions/db/repositories/orders.ts'
import { createPaymentRepository } from '../../functions/db/repositories/payments.ts'
import { createProfileRepository, type Profile } from '../../functions/db/repositories/profiles.ts'
import { createSettingsRepository } from '../../functions/db/repositories/settings.ts'
import { createServiceTypeRepository } from '../../functions/db/repositories/service-types.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { newOrder, type Order } from '../../functions/domain/order.ts'
import type { ApiEvent } from '../../functions/lib/http.ts'
import { LOCAL_DEV_ROUTES } from '../../infra/local/lambda-runtime.ts'
import { bundledFunction } from './functions.ts'
import { routeKey, type FunctionGroup, type RouteDef } from '../../functions/routes.ts'
import { line, requestedExtra } from '../support/extra-work.ts'
import { createLedgerRepository } from '../../functions/db/repositories/ledger.ts'
import { createDevIntentRepository } from '../../functions/db/repositories/dev-intents.ts'
import { cognitoClient } from '../../functions/auth/cognito.ts'
import { createBookLines } from '../../functions/db/repositories/book-writes.ts'
import { receiveFirearm } from '../../functions/use-cases/receive-firearm.ts'
import { receiveFirearmSchema } from '../../shared/src/schemas/book-receive.ts'
import { createUserDirectory } from '../../functions/auth/users.ts'
import { enrollTotp, signIn, stack } from './helpers.ts'
import { endSessionsBefore } from '../../functions/db/repositories/account-state.ts'

export type Claims = Record<string, string>

export const ERROR_CODES = ['validation_failed', 'unauthorized', 'forbidden', 'mfa_required', 'not_found', 'conflict', 'payment_failed', 'too_many_requests', 'internal'] as const

/** The Lambda bundle that serves the route (its group's, or the local dev routes'), in a container of this worker (functions.ts). */
function routeHandler(route: RouteDef) {
  const fn = bundledFunction(route.devOnly ? LOCAL_DEV_ROUTES : route.fn)
  return async (e: ApiEvent, c?: { awsRequestId?: string }) => fn(e, { requestId: c?.awsRequestId })
}

export interface CallInput {
  params?: Record<string, string>
  query?: Record<string, string>
  claims?: Claims
  /** A value is sent as JSON; a string is sent as is (raw). */
  body?: unknown
  rawBody?: string
  /** null: no content-type header at all. */
  contentType?: string | null
  headers?: Record<string, string>
  /** Sends the body base64-encoded, as API Gateway does for binary content types. */
  base64?: boolean
}

export interface CallResult {
  status: number
  body: any
  text: string
}

/** Fills `{param}` segments (URI-encoded, as a real path would carry them). */
export function concretePath(route: Pick<RouteDef, 'path'>, params: Record<string, string> = {}) {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    try {
      return encodeURIComponent(params[name] ?? '')
    } catch {
      return 'malformed' // a lone surrogate has no URI form (the event still carries it in pathParameters)
    }
  })
}

/** An HTTP API (payload 2.0) event as API Gateway sends it after its JWT authorizer. */
export function eventFor(route: RouteDef, input: CallInput = {}): ApiEvent {
  const raw = input.rawBody ?? (input.body === undefined ? undefined : JSON.stringify(input.body))
  const headers: Record<string, string> = { ...(input.headers ?? {}) }
  const contentType = input.contentType === null ? undefined : (input.contentType ?? (raw !== undefined ? 'application/json' : undefined))
  if (contentType !== undefined) headers['content-type'] = contentType
  const query = input.query && Object.keys(input.query).length ? input.query : undefined
  const now = new Date()
  const path = concretePath(route, input.params)
  return {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath: path,
    rawQueryString: query ? new URLSearchParams(query).toString() : '',
    headers,
    queryStringParameters: query,
    pathParameters: input.params && Object.keys(input.params).length ? input.params : undefined,
    body: input.base64 && raw !== undefined ? Buffer.from(raw, 'utf8').toString('base64') : raw,
    isBase64Encoded: !!input.base64 && raw !== undefined,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: route.method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: randomUUID(),
      routeKey: routeKey(route),
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
      authorizer: input.claims ? { principalId: '', integrationLatency: 0, jwt: { claims: input.claims, scopes: [] } } : undefined,
    },
  } as unknown as ApiEvent
}

const lambdaContext = () => ({ awsRequestId: randomUUID(), functionName: 'test', getRemainingTimeInMillis: () => 10_000 })

/** Invokes the route's function (its bundle, in this worker's container) as API Gateway would. */
export async function call(route: RouteDef, input: CallInput = {}): Promise<CallResult> {
  const handler = routeHandler(route)
  const res = (await handler(eventFor(route, input), lambdaContext())) as APIGatewayProxyStructuredResultV2
  const text = typeof res.body === 'string' ? res.body : ''
  let body: any
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = text
  }
  return { status: res.statusCode ?? 200, body, text }
}

/** Claims as API Gateway's JWT authorizer passes them for a Cognito access token (groups as "[a b]"), of a sign-in made now. */
export const claimsFor = (userId: string, role: 'customer' | 'admin', email = `${userId}@example.com`): Claims => ({
  sub: userId,
  'cognito:groups': `[${role}]`,
  email,
  token_use: 'access',
  client_id: 'test-client',
  auth_time: String(Math.floor(Date.now() / 1000)),
})

export interface TestUser {
  userId: string
  email: string
  claims: Claims
  profile: Profile
}

/** A profile straight into the table (no Cognito: in-process calls take claims as given). */
export async function createTestUser(role: 'customer' | 'admin', firstName = role === 'admin' ? 'Ada' : 'Quinta', { staffMfa = true, staffRole }: { staffMfa?: boolean; staffRole?: StaffRole } = {}): Promise<TestUser> {
  let userId: string = uuid()
  const email = `q-${role}-${userId.slice(0, 8)}@example.com`
  // Staff routes ask Cognito whether the admin signs in with an authenticator app: a real one, enrolled as the SPA does.
  if (role === 'admin') userId = await cognitoAdmin(email, { staffMfa })
  const profile = await createProfileRepository(defaultTable()).createProfile({ id: userId, email, firstName, lastName: `Q${userId.slice(0, 4)}`, role, staffRole })
  // The app recorded as the API records it (functions/auth/sessions.ts): the claims below are of a sign-in after it.
  if (role === 'admin' && staffMfa) await endSessionsBefore(defaultTable(), userId, Math.floor(Date.now() / 1000) - 1, 'recorded')
  return { userId, email, claims: claimsFor(userId, role, email), profile }
}

/** An admin in the local pool (an authenticator app enrolled unless `staffMfa` is false); returns its sub. */
async function cognitoAdmin(email: string, { staffMfa }: { staffMfa: boolean }): Promise<string> {
  const password = `Pw-${randomUUID()}`
  const id = await createUserDirectory({ client: cognitoClient(), userPoolId: stack().userPoolId }).createConfirmedUser({ email, password, group: 'admin' })
  if (staffMfa) await enrollTotp((await signIn(email, password)).AccessToken)
  return id
}

/** A customer's data with real ids of every kind a route path can take. */
export interface World {
  customerId: string
  order: Order
  updateId: string
  /** A billed line, and the pending approval request. */
  lineId: string
  requestId: string
  notificationId: string
  paymentIntentId: string
  /** A cash payment in the order's ledger (refundable). */
  paymentId: string
  /** A labor type on the price list (its name unique to this world). */
  serviceTypeId: string
}

/**
 * An order (payable balance, a billed part line and a pending approval request, so
 * the approval routes have something to decide), a staff status update, a notification
 * and a pending dev payment intent, all belonging to `customerId`. Its firearm is received (Receive
 * Firearm: the intake and its A&D line) and the work complete, unless `received` is false: then the order
 * waits for its firearm.
 */
export async function seedWorld(customerId: string, email = 'owner@example.com', { received = true }: { received?: boolean } = {}): Promise<World> {
  const orders = createOrderRepository(defaultTable())
  const orderNumber = await orders.nextOrderNumber()
  const at = new Date().toISOString()
  const orderId = uuid()
  const updateId = sortableId()
  const partId = sortableId()
  const pendingWork = requestedExtra(3_000, 'pending', 'Worn hand')
  const notificationId = sortableId()
  const base: Order = newOrder({
    orderId,
    orderNumber,
    customerId,
    customerName: 'Owner Secret',
    customerEmail: email,
    customerPhone: '+15550001111',
    firearmMake: 'Colt',
    firearmModel: 'Python',
    serialNumber: `SECRET-${randomUUID().slice(0, 8)}`,
    serviceType: 'Repair',
    description: 'Timing work',
    estimatedCostCents: 12_000,
    ...pendingWork,
  }, { invoiceId: uuid(), at })
  const status = received ? 'work_complete' : 'order_created'
  const staffUpdate = { orderId, updateId, status, notes: received ? 'Work complete' : 'Order created', createdBy: 'admin', authorLabel: 'Admin', isCustomerNote: false, createdAt: at, updatedAt: at }
  let created = await orders.createOrder(base, {
    putUpdates: received ? [] : [staffUpdate],
    putNotifications: [{ userId: customerId, notificationId, orderId, title: 'Work complete', message: 'Your order is ready', read: false, createdAt: at }],
  })
  if (received) {
    const input = receiveFirearmSchema.parse({ ...SAMPLE_BODIES['POST /api/admin/orders/{orderId}/receive']({ order: created } as World), firearmMake: 'Colt', firearmModel: 'Python', serialNumber: base.serialNumber })
    const intake = await receiveFirearm({ orders, book: createBookLines(defaultTable()), orderId, input, adminId: 'admin', actor: { id: 'admin', name: 'Quality Admin' } })
    created = await orders.saveOrder({ ...intake, currentStatus: status }, intake.version, { putUpdates: [staffUpdate] })
  }
  const withLine = await orders.saveOrder({ ...created, lines: [...created.lines, line(1_500, { lineId: partId, name: 'Hand' })] }, created.version)
  // A $5.00 cash payment, as staff record it (so the refund route has an entry to refund).
  const paymentId = `shop_${randomUUID()}`
  const order = await createLedgerRepository(defaultTable()).write({
    order: { order: { ...withLine, amountPaidCents: 500, version: withLine.version + 1 }, expected: withLine.version },
    create: [{ orderId, paymentId, customerId, orderNumber, amountCents: 500, paymentDate: at, paymentMethod: 'Cash', paymentStatus: 'successful', paymentIntentId: '', kind: 'payment', recordedBy: 'admin', customerName: base.customerName, customerEmail: email, firearmMake: base.firearmMake, firearmModel: base.firearmModel, serialNumber: base.serialNumber, description: base.description }],
  })
  const paymentIntentId = `pi_quality_${randomUUID().replace(/-/g, '').slice(0, 20)}`
  await createPaymentRepository(defaultTable()).saveCheckout({
    paymentIntentId,
    customerId,
    orderIds: [orderId],
    allocations: [{ orderId, amountCents: 1_000 }],
    amountCents: 1_000,
    status: 'pending',
    mode: 'dev',
    createdAt: at,
    updatedAt: at,
  })
  // The dev provider's side of that checkout: created, not paid yet.
  await createDevIntentRepository(defaultTable()).save({ id: paymentIntentId, client_secret: `${paymentIntentId}_secret`, amount: 1_000, currency: 'usd', status: 'requires_payment_method', created: Math.floor(Date.parse(at) / 1000) })
  const serviceType = await createServiceTypeRepository(defaultTable()).create(
    { name: `Quality labor ${randomUUID().slice(0, 8)}`, kind: 'labor', defaultPriceCents: null, defaultHoursHundredths: 100, taxable: false, active: true, sortOrder: 10 },
    () => null,
  )
  return { customerId, order, updateId, lineId: partId, requestId: pendingWork.approvalRequests[0].requestId, notificationId, paymentIntentId, paymentId, serviceTypeId: serviceType.id }
}

/** Everything a write could change in a world (and the owner's profile and the shop settings). */
export async function snapshot(w: World) {
  const table = defaultTable()
  const detail = await createOrderRepository(table).getOrderDetail(w.order.orderId)
  const checkout = await createPaymentRepository(table).getCheckout(w.paymentIntentId)
  const notifications = await createNotificationRepository(table).listForUser(w.customerId)
  const profile = await createProfileRepository(table).getProfile(w.customerId)
  const settings = await createSettingsRepository(table).getSettings()
  // The order's A&D line and entries: a book write that slipped through shows here too.
  const book = await createBookLines(table).lineWithEntries(w.order.orderId)
  return {
    book,
    order: detail?.order,
    updates: detail?.updates,
    payments: detail?.payments,
    checkout: checkout && { ...checkout, updatedAt: undefined },
    notifications,
    profile,
    settings,
  }
}

/**
 * Where each kind of path parameter gets a real id from, keyed by the path
 * segment before it and its name ("orders/{orderId}"). A route whose parameter
 * is not here fails the suites with a message naming the key to add.
 */
export const ID_SOURCES: Record<string, (w: World) => string> = {
  'orders/{orderId}': (w) => w.order.orderId,
  'updates/{updateId}': (w) => w.updateId,
  'lines/{lineId}': (w) => w.lineId,
  'approval-requests/{requestId}': (w) => w.requestId,
  'notifications/{id}': (w) => w.notificationId,
  'customers/{id}': (w) => w.customerId,
  'intents/{paymentIntentId}': (w) => w.paymentIntentId,
  'payments/{paymentIntentId}': (w) => w.paymentIntentId,
  'invoices/{invoiceId}': (w) => w.order.invoiceId,
  'payments/{paymentId}': (w) => w.paymentId,
  // The A&D book's line of a firearm is keyed by its order.
  'book/{orderId}': (w) => w.order.orderId,
  // A staff account's id: the world's customer, whom the staff routes do not find (404), so an owner's call changes no staff.
  'staff/{staffId}': (w) => w.customerId,
  // A photo id of the right shape that was never uploaded: the confirm answers 400 for the order's staff, 404 elsewhere.
  'photos/{photoId}': () => '00000000a0123456789ab',
  'service-types/{serviceTypeId}': (w) => w.serviceTypeId,
  // Mark handled names the order; the world's order is not on the inbox, so the call changes nothing.
  'inbox/{orderId}': (w) => w.order.orderId,
}

/** The route's path parameters as "segment/{name}" keys, in path order. */
export function paramKeys(route: Pick<RouteDef, 'path'>): Array<{ name: string; key: string }> {
  const segs = route.path.split('/')
  return segs.flatMap((s, i) => (/^\{\w+\}$/.test(s) ? [{ name: s.slice(1, -1), key: `${segs[i - 1]}/${s}` }] : []))
}

export function missingIdSources(route: Pick<RouteDef, 'path'>): string[] {
  return paramKeys(route)
    .filter((p) => !ID_SOURCES[p.key])
    .map((p) => p.key)
}

/** The route's path parameters filled with the world's real ids. */
export function realParams(route: Pick<RouteDef, 'path' | 'method'>, w: World): Record<string, string> {
  const out: Record<string, string> = {}
  for (const { name, key } of paramKeys(route)) {
    const source = ID_SOURCES[key]
    if (!source) throw new Error(`${route.method} ${route.path}: no id source for "${key}": add one to ID_SOURCES in test/integration/quality-helpers.ts`)
    out[name] = source(w)
  }
  return out
}

/**
 * A valid body for every route that takes one (keyed by "METHOD /path"), the
 * base the security matrix and the fuzzer mutate. A new route with a body
 * schema and no sample here fails the suites with a message.
 */
export const SAMPLE_BODIES: Record<string, (w: World) => Record<string, unknown>> = {
  // A wrong current password: the route answers 400 and changes nothing (sessions.test.ts changes one for real).
  'POST /api/me/password': () => ({ currentPassword: 'Not-the-password-1', newPassword: 'Another-password-2' }),
  'PATCH /api/me': () => ({ firstName: 'Quinta', lastName: 'Quinn', phone: '+15551234567', address: { line1: '12 Main St', line2: 'Apt 4', city: 'Austin', state: 'TX', postalCode: '78701' }, enableSmsNotifications: false }),
  'POST /api/orders/{orderId}/notes': () => ({ text: 'A question about my order' }),
  'POST /api/orders/{orderId}/approval': () => ({ decision: 'reject', reason: 'Too expensive' }),
  'POST /api/admin/customers': () => ({ email: `q-new-${randomUUID().slice(0, 8)}@example.com`, password: 'Password123!', firstName: 'New', lastName: 'Customer', phone: '+15551234567', enableSmsNotifications: false }),
  'PATCH /api/admin/customers/{id}': () => ({ firstName: 'Quinta', lastName: 'Quinn', phone: '', address: { line1: '12 Main St', city: 'Austin', state: 'TX', postalCode: '78701-1234' }, enableSmsNotifications: true }),
  'POST /api/admin/orders': (w) => ({ customerId: w.customerId, firearmMake: 'Glock', firearmModel: '19', serialNumber: 'ABC123', firearmCaliber: '9mm', serviceType: 'Repair', description: 'Fix it', estimatedCostCents: 5_000, inboundTrackingNumber: '1Z999' }),
  'PATCH /api/admin/orders/{orderId}': (w) => ({ version: w.order.version, firearmMake: 'Colt', currentStatus: 'work_complete', statusNote: 'Note', estimatedCostCents: 12_000 }),
  'POST /api/admin/orders/{orderId}/photos/uploads': () => ({ contentType: 'image/jpeg', size: 2_000, purpose: 'intake' }),
  'POST /api/admin/orders/{orderId}/approval-request': () => ({ reason: 'More parts needed', lines: [{ kind: 'part', name: 'Hand', unitCents: 1_200, quantity: 1 }] }),
  'POST /api/admin/orders/{orderId}/updates': () => ({ status: 'in_progress', notes: 'Working on it' }),
  'PATCH /api/admin/orders/{orderId}/updates/{updateId}': () => ({ notes: 'Edited' }),
  'POST /api/admin/orders/{orderId}/lines': () => ({ kind: 'part', name: 'Spring', description: 'Recoil', unitCents: 500, quantity: 2, needsApproval: false }),
  'POST /api/admin/orders/{orderId}/payments': () => ({ requestId: randomUUID(), method: 'cash', amountCents: 500, reference: 'Receipt 12' }),
  'POST /api/admin/orders/{orderId}/adjustments': () => ({ requestId: randomUUID(), kind: 'discount', amountCents: 500, reason: 'Loyal customer' }),
  'POST /api/admin/orders/{orderId}/payments/{paymentId}/refunds': () => ({ requestId: randomUUID(), method: 'cash', amountCents: 100, reason: 'Overcharged', purpose: 'return' }),
  'POST /api/admin/orders/{orderId}/payments/{paymentId}/price-reduction': () => ({ reason: 'The sight was not fitted' }),
  // An owner's invitation would create a real account: the matrix sends it only to callers it refuses.
  'POST /api/admin/staff': () => ({ email: 'q-invited@example.com', firstName: 'Ivy', lastName: 'Invited', staffRole: 'gunsmith' }),
  'PATCH /api/admin/staff/{staffId}': () => ({ staffRole: 'front_desk' }),
  'PUT /api/admin/settings': () => ({ businessName: 'Shop', phone: '555', email: 'shop@example.com', address: '1 Main St', defaultTaxRate: 7.75, laborRateCents: 7_500, minimumServiceFeeCents: 0 }),
  'POST /api/admin/service-types': () => ({ name: `Sight install ${randomUUID().slice(0, 8)}`, kind: 'labor', defaultHoursHundredths: 50, taxable: false, active: true }),
  'PATCH /api/admin/service-types/{serviceTypeId}': () => ({ defaultHoursHundredths: 75, active: true }),
  'POST /api/payments/intents': (w) => ({ orderIds: [w.order.orderId], amountCents: 500, includeShipping: true }),
  'POST /api/dev/payments/{paymentIntentId}/confirm': () => ({ cardNumber: '4000000000000002' }),
  'POST /api/admin/invoices/refresh': (w) => ({ orderId: w.order.orderId }),
  'POST /api/admin/invoices/{invoiceId}/fix': (w) => ({ orderId: w.order.orderId, version: w.order.version }),
  'POST /api/admin/orders/{orderId}/restore': (w) => ({ version: w.order.version }),
  // Unassigning an order nobody is assigned to: a legitimate write that leaves the order as it was.
  'POST /api/admin/orders/{orderId}/assignment': () => ({ gunsmithId: null }),
  // The box of the world's order (already received: refused with its reason, nothing written) arrived now.
  'POST /api/admin/orders/{orderId}/box-received': () => ({}),
  'POST /api/admin/orders/{orderId}/receive': (w) => ({
    version: w.order.version,
    receivedOn: today(),
    from: 'customer',
    fromAddress: { line1: '12 Main St', city: 'Austin', state: 'TX', postalCode: '78701' },
    firearmType: 'pistol',
    firearmMake: 'Glock',
    firearmModel: '19',
    serialNumber: 'ABC123',
    firearmCaliber: '9mm',
    conditionNotes: 'Worn finish',
    itemsReceived: 'Case',
  }),
  'POST /api/admin/orders/{orderId}/release': (w) => ({ version: w.order.version, releasedOn: today(), method: 'ship', to: 'customer', toAddress: { line1: '12 Main St', city: 'Austin', state: 'TX', postalCode: '78701' }, carrier: 'UPS', trackingNumber: '1Z999AA10123456784', releaseOverrideReason: 'Paid by phone' }),
  'POST /api/admin/book/{orderId}/corrections': (w) => ({ version: w.order.version, entry: 'acquisition', reason: 'Serial misread', fields: { serialNumber: 'ABC124', receivedOn: '2026-01-04' } }),
  // A dry run of one firearm of the world's customer: checked, nothing written.
  'POST /api/admin/book/imports': (w) => ({
    fileName: 'in-custody.csv',
    dryRun: true,
    csv: `Manufacturer,Importer,Model,Serial Number,Type,Caliber or Gauge,Date of Receipt,Received From (Name),Received From (Address or License No.),Customer Email\r\nColt,,Python,IMP-${w.order.orderNumber},Revolver,.357 Magnum,${today()},Pat Doe,"12 Main St, Austin, TX 78701",${w.order.customerEmail}\r\n`,
  }),
  'POST /api/webhooks/stripe': () => ({ id: 'evt_x', type: 'payment_intent.succeeded', data: { object: { id: 'pi_x' } } }),
}

/** The dates of the A&D book's samples: a firearm received today (not before its order was created). */
function today() {
  return new Date().toISOString().slice(0, 10)
}

/** Routes that write and take no body: calling them with real ids and no body is a legitimate write. */
export const isWrite = (r: RouteDef) => r.method !== 'GET'
export const takesBody = (r: RouteDef) => routeKey(r) in SAMPLE_BODIES

/** The contract's error shape, exactly: { error: { code, message, fields? } } and nothing else. */
export function errorShapeProblem(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return `body is not an object: ${JSON.stringify(body)?.slice(0, 200)}`
  const keys = Object.keys(body)
  if (keys.length !== 1 || keys[0] !== 'error') return `body has keys ${keys.join(',')}`
  const e = (body as { error: unknown }).error as Record<string, unknown>
  if (!e || typeof e !== 'object') return 'error is not an object'
  const extra = Object.keys(e).filter((k) => !['code', 'message', 'fields'].includes(k))
  if (extra.length) return `error has extra keys ${extra.join(',')}`
  if (!(ERROR_CODES as readonly string[]).includes(e.code as string)) return `unknown code ${String(e.code)}`
  if (typeof e.message !== 'string' || !e.message) return 'message is not a non-empty string'
  if (e.fields !== undefined) {
    if (!e.fields || typeof e.fields !== 'object' || Array.isArray(e.fields)) return 'fields is not a record'
    for (const [k, v] of Object.entries(e.fields)) if (typeof v !== 'string') return `fields.${k} is not a string`
  }
  return null
}
