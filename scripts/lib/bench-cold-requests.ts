/**
 * What the cold-start bench (scripts/lib/bench-bundles.ts) asks each function on its first invocation: for an API
 * function, its heaviest route (the one whose cold path loads the most bytes, BuiltBundle.heaviestRoute) as API
 * Gateway would hand it over (payload 2.0, the caller's access-token claims as the JWT authorizer passes them); for
 * the others, the event they exist for. Each run gets an event of its own, prepared before the run and not timed,
 * so that a write is the same first write every time (a new order to pay, a new notification to deliver, a new
 * checkout to record).
 *
 * The functions talk to DynamoDB Local and cognito-local, and to the bench's stub of the services the local stack
 * has none of (scripts/lib/bench-service-stub.ts: SES, SNS, S3, CloudFront, Stripe), through the endpoint settings
 * the SDKs read, so the code that runs is the code that runs in AWS.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { marshall } from '@aws-sdk/util-dynamodb'
import { isStaffRoute, matchPath, routes, type RouteDef } from '../../functions/routes.ts'
import { signStripePayload } from '../../functions/payments/stripe-events.ts'
import { BUNDLED_KIT_DIR, SITE_ENV_NAMES } from '../../functions/site/site-env.ts'
import { SITE_KIT_FOLDER } from '../../functions/site/site-kit.ts'
import { createService } from '../../functions/db/service.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { sortableId } from '../../functions/db/ids.ts'
import type { BuiltBundle } from '../../infra/constructs/lambda-bundle.ts'
import { claimsAsApiGateway } from '../../infra/local/jwt.ts'
import { cognitoLocalCall } from '../../infra/local/sign-in.ts'
import type { LocalStack } from '../../infra/local/stack.ts'
import type { ServiceStub } from './bench-service-stub.ts'

/** A signed-in caller: the access token (for set-up requests through the gateway) and its claims as the authorizer passes them. */
export interface Caller {
  token: string
  userId: string
  claims: Record<string, string>
}

export interface ColdContext {
  stack: LocalStack
  stub: ServiceStub
  customer: Caller
  admin: Caller
  /** An order of the bench customer, archived or not, with updates and payments (the read routes' order). */
  detailOrderId: string
  /** A new open order of the bench customer with a balance to pay, each call another one. */
  payableOrder(): string
  /** Where the SPA build is (the site publisher's kit is in it). */
  webDist: string
  /** Runs a function's handler once in a fresh process (set-up, not timed): its answer. */
  invoke(name: string, event: unknown, env?: Record<string, string>): Promise<unknown>
}

export interface ColdCase {
  /** What the first invocation is, as the table names it ("POST /api/payments/intents", "a notification inserted"). */
  request: string
  /** The function's environment beyond the one every function gets (bench-bundles.ts). */
  env?: Record<string, string>
  /** The event of run `i`, prepared before it (not timed). */
  event(i: number): Promise<unknown>
  /** Throws unless the answer is the success the run should have had. */
  check(answer: unknown, i: number): void
}

/** The value CloudFront adds to every API request in AWS (ORIGIN_VERIFY); the events carry it, as they do there. */
export const ORIGIN_VERIFY = 'bench-origin-verify'

/** Decoded, not verified: the gateway verified it when the token was used through it. */
export function callerOf(token: string): Caller {
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>
  return { token, userId: String(payload.sub), claims: claimsAsApiGateway(payload) }
}

/** An HTTP API (payload 2.0) event as API Gateway builds it for `route`, the JWT authorizer's claims included. */
export function apiEvent(route: RouteDef, request: { path: string; claims?: Record<string, string>; body?: unknown; headers?: Record<string, string> }): unknown {
  const [rawPath, rawQueryString = ''] = request.path.split('?')
  const params = matchPath(route.path, rawPath)
  if (!params) throw new Error(`${rawPath} is not a path of ${route.method} ${route.path}`)
  const now = new Date()
  const requestId = `bench-${now.getTime()}-${Math.random().toString(36).slice(2, 8)}`
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath,
    rawQueryString,
    headers: { host: 'api.bench.example', 'content-type': 'application/json', 'user-agent': 'bench', 'x-origin-verify': ORIGIN_VERIFY, ...request.headers },
    ...(rawQueryString ? { queryStringParameters: Object.fromEntries(new URLSearchParams(rawQueryString)) } : {}),
    ...(Object.keys(params).length ? { pathParameters: params } : {}),
    ...(request.body === undefined ? {} : { body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body) }),
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'bench',
      domainName: 'api.bench.example',
      domainPrefix: 'api',
      http: { method: route.method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId,
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
      ...(request.claims ? { authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: request.claims, scopes: [] } } } : {}),
    },
  }
}

/** A request through the local gateway as a signed-in caller (set-up only): the parsed answer, or a throw. */
async function viaGateway(stack: LocalStack, caller: Caller, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(new URL(path, stack.url), {
    method,
    headers: { authorization: `Bearer ${caller.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`)
  return text ? JSON.parse(text) : null
}

/** An API Gateway answer: the status it should have, else a throw with what came back. */
function expectStatus(answer: unknown, statuses: number[], what: string): any {
  const a = answer as { statusCode?: number; body?: string } | null
  if (!a || !statuses.includes(a.statusCode ?? 0)) throw new Error(`${what} answered ${a?.statusCode}: ${String(a?.body ?? JSON.stringify(answer)).slice(0, 400)}`)
  return a.body ? JSON.parse(a.body) : null
}

const routeOf = (handler: string) => {
  const r = routes.find((x) => x.handler === handler && !x.devOnly)
  if (!r) throw new Error(`no deployed route is served by functions/${handler}.ts`)
  return r
}

const today = () => new Date().toISOString().slice(0, 10)
const HOME = { line1: '12 Elm St', city: 'Springfield', state: 'IL', postalCode: '62701' }

/** A new order of the bench customer, as staff create one: its id and version. */
async function newOrder(ctx: ColdContext, tag: string): Promise<{ id: string; version: number }> {
  const created = await viaGateway(ctx.stack, ctx.admin, 'POST', '/api/admin/orders', newOrderBody(ctx, tag))
  return { id: created.id, version: created.version }
}

const newOrderBody = (ctx: ColdContext, tag: string) => ({
  customerId: ctx.customer.userId,
  firearmMake: 'Ruger',
  firearmModel: 'GP100',
  serialNumber: `COLD-${tag}`,
  serviceType: 'Repair',
  description: 'Cylinder binds',
  estimatedCostCents: 10_000,
})

/** The intake of a firearm, as staff record it on receipt (an acquisition entry in the book). */
const intakeBody = (version: number, tag: string) => ({
  version,
  receivedOn: today(),
  from: 'customer',
  fromAddress: HOME,
  firearmType: 'revolver',
  firearmMake: 'Sturm, Ruger & Co.',
  firearmModel: 'GP100',
  serialNumber: `COLD-${tag}`,
  firearmCaliber: '.357 Magnum',
  conditionNotes: 'Holster wear on the muzzle; bore clean.',
  itemsReceived: 'Soft case',
})

/** A new order of the bench customer with its firearm received. */
async function receivedOrder(ctx: ColdContext, tag: string): Promise<string> {
  const order = await newOrder(ctx, tag)
  await viaGateway(ctx.stack, ctx.admin, 'POST', `/api/admin/orders/${order.id}/receive`, intakeBody(order.version, tag))
  return order.id
}

const orderVersion = async (ctx: ColdContext, orderId: string): Promise<number> => (await viaGateway(ctx.stack, ctx.admin, 'GET', `/api/admin/orders/${orderId}`)).version
const tagOf = (i: number) => `${Date.now().toString(36)}-${i}`

/** A staff route's cold request on an order: `body(i, orderId)` is run i's request, `orderOf(i)` its order (set up untimed). */
function staffWrite(ctx: ColdContext, route: RouteDef, statuses: number[], orderOf: (i: number) => Promise<string>, body: (i: number, orderId: string) => Promise<unknown>): ColdCase {
  return {
    request: `${route.method} ${route.path}`,
    event: async (i) => {
      const orderId = await orderOf(i)
      return apiEvent(route, { path: route.path.replace('{orderId}', orderId), claims: ctx.admin.claims, body: await body(i, orderId) })
    },
    check: (answer) => void expectStatus(answer, statuses, route.path),
  }
}

/** The first request of a route, by the route module that serves it. Add one here when another route becomes a function's heaviest. */
const ROUTE_REQUESTS: Record<string, (ctx: ColdContext, route: RouteDef) => Promise<ColdCase>> = {
  // A customer starts a card payment on an order with a balance (Stripe, through the stub): a new order each run.
  'api/payments/create-intent': async (ctx, route) => ({
    request: `${route.method} ${route.path}`,
    env: ctx.stub.stripeEnv,
    event: async () => apiEvent(route, { path: route.path, claims: ctx.customer.claims, body: { orderIds: [ctx.payableOrder()] } }),
    check: (answer) => {
      const body = expectStatus(answer, [201], route.path)
      if (!String(body?.paymentIntentId).startsWith('pi_bench')) throw new Error(`${route.path}: not a Stripe intent: ${JSON.stringify(body)}`)
    },
  }),

  // A customer changes their password: the route loads the Cognito client and asks Cognito. With a wrong current
  // password, so the bench customer's sessions go on (a change would end them): the same code and round trip, a 400.
  'api/me/change-password': async (ctx, route) => ({
    request: `${route.method} ${route.path} (a wrong current password)`,
    event: async () =>
      apiEvent(route, { path: route.path, claims: ctx.customer.claims, headers: { authorization: `Bearer ${ctx.customer.token}` }, body: { currentPassword: 'Not-the-password-1', newPassword: 'Another-password-2' } }),
    check: (answer) => {
      const body = expectStatus(answer, [400], route.path)
      if (!body?.error?.fields?.currentPassword) throw new Error(`${route.path}: not the wrong-password answer: ${JSON.stringify(body)}`)
    },
  }),

  // A customer writes a note on an open order of theirs (at most 20 an hour per customer: a run makes 12).
  'api/orders/add-order-note': async (ctx, route) => {
    const orderId = ctx.payableOrder()
    return {
      request: `${route.method} ${route.path}`,
      event: async (i) => apiEvent(route, { path: route.path.replace('{orderId}', orderId), claims: ctx.customer.claims, body: { text: `A question about my order (cold start ${i})` } }),
      check: (answer) => void expectStatus(answer, [201], route.path),
    }
  },

  // A customer approves the extra work staff asked approval for: a new order and request each run.
  'api/orders/decide-approval': async (ctx, route) => ({
    request: `${route.method} ${route.path}`,
    event: async (i) => {
      const order = await newOrder(ctx, tagOf(i))
      const asked = await viaGateway(ctx.stack, ctx.admin, 'POST', `/api/admin/orders/${order.id}/approval-request`, { reason: 'The hand spring is worn', lines: [{ name: 'Hand spring', unitCents: 1_500, quantity: 1, needsApproval: true }] })
      const requestId = (asked.approvalRequests as Array<{ id: string; status: string }>).at(-1)!.id
      return apiEvent(route, { path: route.path.replace('{orderId}', order.id), claims: ctx.customer.claims, body: { decision: 'approve', requestId } })
    },
    check: (answer) => void expectStatus(answer, [200], route.path),
  }),

  // Staff check an import file of firearms already in custody (a dry run: the CSV parser, the customer and serial
  // lookups, nothing written), one row of the bench customer's (bench-api.ts BENCH_CUSTOMER), its serial new each run.
  'api/admin/book/import-book': async (ctx, route) => ({
    request: `${route.method} ${route.path} (a dry run)`,
    event: async (i) =>
      apiEvent(route, {
        path: route.path,
        claims: ctx.admin.claims,
        body: {
          fileName: 'bench.csv',
          dryRun: true,
          csv: `Manufacturer,Model,Serial Number,Type,Caliber or Gauge,Date of Receipt,Received From (Name),Received From (Address or License No.),Customer Email\r\nColt,Python,COLD-IMP-${tagOf(i)},Revolver,.357 Magnum,2026-01-02,Bench Customer,"12 Main St, Austin, TX 78701",bench-customer@example.com\r\n`,
        },
      }),
    check: (answer) => {
      const body = expectStatus(answer, [200], route.path)
      if (body?.rows?.length !== 1) throw new Error(`${route.path}: the dry run did not answer its row: ${JSON.stringify(body).slice(0, 300)}`)
    },
  }),

  // Staff correct the acquisition entry of an order's book line (its serial number), over the order's current version.
  'api/admin/book/correct-entry': async (ctx, route) => {
    const orderId = await receivedOrder(ctx, tagOf(0))
    return {
      ...staffWrite(ctx, route, [201], async () => orderId, async (i) => ({ version: await orderVersion(ctx, orderId), entry: 'acquisition', reason: 'Serial misread at intake', fields: { serialNumber: `COLD-FIX-${i}` } })),
      check: (answer, i) => {
        const body = expectStatus(answer, [201], route.path)
        if (body?.serialNumber !== `COLD-FIX-${i}`) throw new Error(`${route.path}: the correction did not land: ${JSON.stringify(body).slice(0, 300)}`)
      },
    }
  },

  // Staff edit an order (its description), over its current version.
  'api/admin/orders/update-order': async (ctx, route) => {
    const orderId = (await newOrder(ctx, tagOf(0))).id
    return staffWrite(ctx, route, [200], async () => orderId, async (i) => ({ version: await orderVersion(ctx, orderId), description: `Cylinder binds (seen again, ${i})` }))
  },

  // Staff record a firearm's receipt: a new order each run.
  'api/admin/orders/receive-firearm': async (ctx, route) => {
    const orders = new Map<number, { id: string; version: number }>()
    return staffWrite(
      ctx,
      route,
      [200, 201],
      async (i) => {
        orders.set(i, await newOrder(ctx, tagOf(i)))
        return orders.get(i)!.id
      },
      async (i) => intakeBody(orders.get(i)!.version, tagOf(i)),
    )
  },

  // Staff post a status update on a received order.
  'api/admin/orders/add-update': async (ctx, route) => {
    const orderId = await receivedOrder(ctx, tagOf(0))
    return staffWrite(ctx, route, [201], async () => orderId, async (i) => ({ status: i % 2 ? 'evaluating' : 'in_progress', notes: `Bench update ${i}` }))
  },

  // Staff add a billed part to an order.
  'api/admin/orders/add-line': async (ctx, route) => {
    const orderId = (await newOrder(ctx, tagOf(0))).id
    return staffWrite(ctx, route, [201], async () => orderId, async (i) => ({ name: `Part ${i}`, unitCents: 1_500, quantity: 1 }))
  },

  // Staff ask the customer to approve extra work: a new order each run.
  'api/admin/orders/request-approval': async (ctx, route) =>
    staffWrite(ctx, route, [200, 201], async (i) => (await newOrder(ctx, tagOf(i))).id, async () => ({ reason: 'The hand spring is worn', lines: [{ name: 'Hand spring', unitCents: 1_500, quantity: 1, needsApproval: true }] })),

  // Staff give back $1.00 of a cash payment as a price reduction (the refund and its discount): a new paid order each run.
  'api/admin/orders/refund-payment': async (ctx, route) => ({
      request: `${route.method} ${route.path}`,
      event: async (i) => {
        const { id } = await newOrder(ctx, tagOf(i))
        const recorded = await viaGateway(ctx.stack, ctx.admin, 'POST', `/api/admin/orders/${id}/payments`, { requestId: randomUUID(), method: 'cash', amountCents: 1_000 })
        return apiEvent(route, {
          path: route.path.replace('{orderId}', id).replace('{paymentId}', recorded.payment.paymentId),
          claims: ctx.admin.claims,
          body: { requestId: randomUUID(), method: 'cash', amountCents: 100, reason: 'Bench price reduction', purpose: 'price_reduction' },
        })
      },
      check: (answer) => void expectStatus(answer, [201], route.path),
  }),

  // Staff create an order for the bench customer.
  'api/admin/orders/create-order': async (ctx, route) => ({
    request: `${route.method} ${route.path}`,
    event: async (i) => apiEvent(route, { path: route.path, claims: ctx.admin.claims, body: newOrderBody(ctx, tagOf(i)) }),
    check: (answer) => void expectStatus(answer, [201], route.path),
  }),
}

/** A read without a body whose path names at most an order: any such route can be asked for the bench's order. */
const isPlainRead = (route: RouteDef) => route.method === 'GET' && !/\{(?!orderId\})/.test(route.path)

function plainRead(ctx: ColdContext, route: RouteDef): ColdCase | null {
  if (!isPlainRead(route)) return null
  const caller = isStaffRoute(route) ? ctx.admin : ctx.customer
  return {
    request: `${route.method} ${route.path}`,
    event: async () => apiEvent(route, { path: route.path.replace('{orderId}', ctx.detailOrderId), ...(route.access === 'public' ? {} : { claims: caller.claims }) }),
    check: (answer) => void expectStatus(answer, [200], route.path),
  }
}

/** The Stripe webhook: a delivery of `payment_intent.succeeded` for a checkout the app opened, recorded as the payment. */
async function stripeWebhook(ctx: ColdContext, route: RouteDef): Promise<ColdCase> {
  const secret = 'whsec_bench_cold_start'
  const intentRoute = routeOf('api/payments/create-intent')
  return {
    request: `${route.method} ${route.path} (payment_intent.succeeded)`,
    env: { ...ctx.stub.stripeEnv, STRIPE_WEBHOOK_SECRET: secret },
    event: async (i) => {
      // The checkout to pay: opened by api-customer's own route (Stripe through the stub, which then reports it paid).
      const opened = expectStatus(
        await ctx.invoke('api-customer', apiEvent(intentRoute, { path: intentRoute.path, claims: ctx.customer.claims, body: { orderIds: [ctx.payableOrder()] } }), ctx.stub.stripeEnv),
        [201],
        intentRoute.path,
      )
      const payload = JSON.stringify({
        id: `evt_bench_${Date.now()}_${i}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: opened.paymentIntentId, object: 'payment_intent', amount: opened.amountCents, amount_received: opened.amountCents, currency: 'usd', status: 'succeeded' } },
      })
      return apiEvent(route, { path: route.path, body: payload, headers: { 'stripe-signature': await signStripePayload(payload, secret) } })
    },
    check: (answer) => {
      const body = expectStatus(answer, [200], route.path)
      if (body?.outcome !== 'recorded') throw new Error(`${route.path}: the payment was not recorded (${JSON.stringify(body)})`)
    },
  }
}

/** A sign-up confirmed in Cognito: the trigger adds the user to `customer` (cognito-local) and writes their profile. */
async function postConfirmation(ctx: ColdContext): Promise<ColdCase> {
  const cognito = cognitoLocalCall(ctx.stack.cognitoEndpoint)
  return {
    request: 'PostConfirmation_ConfirmSignUp',
    event: async (i) => {
      const email = `cold-signup-${Date.now().toString(36)}-${i}@example.com`
      const attributes = { email, given_name: 'Cora', family_name: 'Cold' }
      const created = await cognito('AdminCreateUser', {
        UserPoolId: ctx.stack.userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
      })
      const attrs = Object.fromEntries((created.User.Attributes as Array<{ Name: string; Value: string }>).map((a) => [a.Name, a.Value]))
      return {
        version: '1',
        region: 'us-east-1',
        userPoolId: ctx.stack.userPoolId,
        userName: created.User.Username,
        triggerSource: 'PostConfirmation_ConfirmSignUp',
        callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: ctx.stack.clientId },
        request: { userAttributes: { ...attrs, ...attributes, 'cognito:user_status': 'CONFIRMED' } },
        response: {},
      }
    },
    check: (answer) => {
      if ((answer as { triggerSource?: string } | null)?.triggerSource !== 'PostConfirmation_ConfirmSignUp') throw new Error(`post-confirmation answered ${JSON.stringify(answer)}`)
    },
  }
}

/** The scheduled run: Stripe's succeeded intents of the last week (none, from the stub) against the ledger. */
async function reconcile(ctx: ColdContext): Promise<ColdCase> {
  return {
    request: 'scheduled run (EventBridge)',
    env: ctx.stub.stripeEnv,
    event: async () => ({ version: '0', source: 'aws.events', 'detail-type': 'Scheduled Event', time: new Date().toISOString(), detail: {} }),
    check: (answer) => {
      if (typeof (answer as { checked?: unknown } | null)?.checked !== 'number') throw new Error(`reconcile answered ${JSON.stringify(answer)}`)
    },
  }
}

/** A notification inserted for the bench customer (email on, SMS on): the stream's record, delivered through SES and SNS. */
async function notifier(ctx: ColdContext): Promise<ColdCase> {
  // The customer's own choice, as the SPA's profile page saves it: text messages too.
  await viaGateway(ctx.stack, ctx.customer, 'PATCH', '/api/me', { enableSmsNotifications: true })
  const { entities } = createService(defaultTable())
  let sent = 0
  return {
    request: 'stream INSERT of a notification (SES email + SNS text)',
    env: { ...ctx.stub.awsEndpointEnv, PORTAL_URL: 'https://portal.bench.example', EMAIL_FROM: 'portal@bench.example' },
    event: async (i) => {
      const at = Date.now()
      const notification = {
        userId: ctx.customer.userId,
        notificationId: sortableId(at),
        orderId: ctx.detailOrderId,
        title: 'Order update',
        message: `Your order is now In Progress (cold start ${i}).`,
        read: false,
        createdAt: new Date(at).toISOString(),
      }
      const put = entities.notification.put(notification)
      const { Item } = put.params() as { Item: Record<string, unknown> }
      await put.go()
      sent = ctx.stub.calls.length
      const image = marshall(Item, { removeUndefinedValues: true })
      return {
        Records: [
          {
            eventID: `bench-${at}-${i}`,
            eventName: 'INSERT',
            eventVersion: '1.1',
            eventSource: 'aws:dynamodb',
            awsRegion: 'us-east-1',
            dynamodb: {
              ApproximateCreationDateTime: Math.floor(at / 1000),
              Keys: { pk: image.pk, sk: image.sk },
              NewImage: image,
              SequenceNumber: String(at),
              SizeBytes: JSON.stringify(image).length,
              StreamViewType: 'NEW_AND_OLD_IMAGES',
            },
            eventSourceARN: 'arn:aws:dynamodb:us-east-1:000000000000:table/bench/stream/bench',
          },
        ],
      }
    },
    check: (answer) => {
      const failures = (answer as { batchItemFailures?: unknown[] } | null)?.batchItemFailures
      if (!Array.isArray(failures) || failures.length) throw new Error(`notifier answered ${JSON.stringify(answer)}`)
      const services = ctx.stub.calls.slice(sent).map((c) => c.service)
      if (!services.includes('sesv2') || !services.includes('sns')) throw new Error(`the notifier sent ${JSON.stringify(services)}, not an email and a text`)
    },
  }
}

/** Settings → General saved: the stream's MODIFY of the settings item; the pages rendered and put in S3, CloudFront invalidated. */
async function sitePublisher(ctx: ColdContext, bundle: BuiltBundle): Promise<ColdCase> {
  // As the CDK asset carries it: the web build's site kit beside index.mjs.
  const kit = path.join(ctx.webDist, SITE_KIT_FOLDER)
  if (!fs.existsSync(kit)) throw new Error(`${kit} is missing: build the SPA first (npm run build:web)`)
  const dir = path.dirname(bundle.entryFile)
  fs.rmSync(path.join(dir, BUNDLED_KIT_DIR), { recursive: true, force: true })
  fs.cpSync(kit, path.join(dir, BUNDLED_KIT_DIR), { recursive: true })
  let sent = 0
  return {
    request: 'stream MODIFY of the settings (pages to S3, a CloudFront invalidation)',
    env: { ...ctx.stub.awsEndpointEnv, [SITE_ENV_NAMES.bucket]: 'bench-site', [SITE_ENV_NAMES.distributionId]: 'EBENCH' },
    event: async (i) => {
      sent = ctx.stub.calls.length
      const settings = { __edb_e__: 'settings', __edb_v__: '1', businessName: `Bench Gunsmithing ${i}`, phone: '5125550142', email: 'shop@bench.example', address: '1 Main St, Austin, TX 78701', fflNumber: '' }
      return { Records: [{ eventID: `bench-settings-${i}`, eventName: 'MODIFY', eventSource: 'aws:dynamodb', dynamodb: { NewImage: marshall(settings), StreamViewType: 'NEW_AND_OLD_IMAGES' } }] }
    },
    check: (answer) => {
      if (answer !== null && answer !== undefined) throw new Error(`site-publisher answered ${JSON.stringify(answer)}`)
      const services = ctx.stub.calls.slice(sent).map((c) => c.service)
      if (!services.includes('s3') || !services.includes('cloudfront')) throw new Error(`the site publisher sent ${JSON.stringify(services)}, not pages and an invalidation`)
    },
  }
}

/** The cold request of a function (a throw for an API function whose heaviest route has none here). */
export async function coldCase(ctx: ColdContext, bundle: BuiltBundle): Promise<ColdCase> {
  switch (bundle.group) {
    case 'post-confirmation':
      return postConfirmation(ctx)
    case 'reconcile':
      return reconcile(ctx)
    case 'notifier':
      return notifier(ctx)
    case 'site-publisher':
      return sitePublisher(ctx, bundle)
  }
  if (!bundle.heaviestRoute) throw new Error(`${bundle.group}: no heaviest route (is it an API function?)`)
  const handler = bundle.heaviestRoute.replace(/^functions\//, '').replace(/\.ts$/, '')
  const route = routeOf(handler)
  const c = await routeCase(ctx, handler)
  if (!c) throw new Error(`${bundle.group}: its heaviest route is ${route.method} ${route.path} (${bundle.heaviestRoute}), which scripts/lib/bench-cold-requests.ts has no request for: add one to ROUTE_REQUESTS`)
  return c
}

/** The first request of the route a module serves (`handler`: its path under functions/, without extension), or null when there is none here. */
export async function routeCase(ctx: ColdContext, handler: string): Promise<ColdCase | null> {
  const route = routeOf(handler)
  if (handler === 'webhooks/stripe-webhook') return stripeWebhook(ctx, route)
  const made = ROUTE_REQUESTS[handler]
  if (made) return made(ctx, route)
  return plainRead(ctx, route)
}

/** Whether routeCase has a first request for the route `handler` serves (test/unit/bundle-budget.test.ts asks for each function's heaviest). */
export function hasRouteCase(handler: string): boolean {
  const route = routes.find((x) => x.handler === handler && !x.devOnly)
  return !!route && (handler === 'webhooks/stripe-webhook' || handler in ROUTE_REQUESTS || isPlainRead(route))
}
