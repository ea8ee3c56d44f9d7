import middy from '@middy/core'
import httpHeaderNormalizer from '@middy/http-header-normalizer'
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2, Context } from 'aws-lambda'
// Types only: the shared schemas bring zod/mini and its English messages (@gs/shared/schemas/zod); the webhook carries no zod.
import type { ZodMiniType } from 'zod/mini'
// The route table comes in through GroupOptions, so a bundle carries its own group's routes and not the whole table.
import { routeKey, type Access, type FunctionGroup, type RouteDef } from '../routes.ts'
import { authFromEvent, type AuthContext } from './auth.ts'
import { ACCOUNT_INACTIVE, ForbiddenError, MfaRequiredError, NotFoundError, SessionEndedError, ValidationError, errorBody } from './errors.ts'
import { sessionMessages } from '@gs/shared/validation'
import { isStaffAccess, staffMay, staffMessages, type StaffRole } from '@gs/shared/staff'
import { orderMessages } from '@gs/shared/order-messages'
import { ENV_NAMES } from './env.ts'
import { errorFields, log, setLogContext } from './logger.ts'

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer

export interface Caller extends AuthContext {
  /** Staff: the role the profile holds (read on every request, so a change applies at the next one); absent for customers. */
  staffRole?: StaffRole
  firstName?: string
  /** With firstName, the staff member's name in the audit log (domain/audit.ts actorOf). */
  lastName?: string
}

export interface ApiRequest<B = unknown, Q = Record<string, string | undefined>> {
  event: ApiEvent
  /** The signed-in caller; absent only on public routes. */
  caller: Caller
  params: Record<string, string>
  query: Q
  body: B
  /** The body exactly as sent (base64 decoded), for signature checks. */
  rawBody: string
  requestId: string
}

export interface ApiResult {
  statusCode?: number
  body?: unknown
  headers?: Record<string, string>
}

export type RouteHandler = (req: ApiRequest<any, any>) => Promise<ApiResult>

export interface RouteModule {
  handler: RouteHandler
}

/** What the account gate needs of a caller's profile (functions/db/repositories/account-state.ts reads it). */
export interface AccountState {
  active: boolean
  firstName?: string
  /** With firstName: the name a staff member's actions are recorded under (the audit log). */
  lastName?: string
  /** Tokens from a sign-in before this (seconds since the epoch) are refused; 0 when no session was ever ended. */
  sessionsValidFrom: number
  /** Staff: the API has recorded the authenticator app (and ended every sign-in from before it). */
  staffMfaRecorded: boolean
  /** A staff profile's role (shared/src/staff.ts); null on a customer's. */
  staffRole: StaffRole | null
}

/** What ending a person's sessions does to their record of two-step sign-in: the app set up, or gone. */
export type StaffMfaChange = 'recorded' | 'reset'

/** The gate every signed-in request passes: is this profile allowed in at all, and is this sign-in still current? */
export interface AccountGate {
  check(userId: string): Promise<AccountState | null>
  /** Staff routes only: has this admin enrolled an authenticator app (two-step sign-in)? `fresh` asks Cognito, not the container's cache. */
  staffMfa(userId: string, options?: { fresh?: boolean }): Promise<boolean>
  /** Records the admin's authenticator app set up (or gone) and ends every sign-in from before (functions/auth/sessions.ts). */
  changeStaffMfa(userId: string, accessToken: string, change: StaffMfaChange): Promise<void>
  /** Who an order is assigned to (a gunsmith's order routes), or `missing` when there is no such order. */
  orderAssignee(orderId: string): Promise<{ assignedTo: string | null } | 'missing'>
}

interface Schemas<B, Q> {
  body?: ZodMiniType<B>
  query?: ZodMiniType<Q>
}

/** Parses body and query with the shared zod/mini schemas; bad input is a 400 with field messages. */
export function defineRoute<B = undefined, Q = Record<string, string | undefined>>(
  schemas: Schemas<B, Q>,
  fn: (req: ApiRequest<B, Q>) => Promise<ApiResult>,
): RouteHandler {
  return async (req) => {
    // No body at all is an empty object; a JSON `null` is not (it is bad input, as any other non-object).
    const body = schemas.body ? parseWith(schemas.body, req.body === undefined ? {} : req.body) : noBody(req.body)
    const query = schemas.query ? parseWith(schemas.query, req.query ?? {}) : req.query
    return fn({ ...req, body, query } as ApiRequest<B, Q>)
  }
}

/** A route without a body schema takes no body: an empty `{}` is tolerated, any field is unknown (no mass assignment). */
function noBody(body: unknown): undefined {
  if (body === undefined) return undefined
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const keys = Object.keys(body)
    if (!keys.length) return undefined
    const fields = Object.fromEntries(keys.map((k) => [k, `Unknown field: ${k}`]))
    throw new ValidationError(`Unknown field: ${keys[0]}`, fields)
  }
  throw new ValidationError('This request takes no body')
}

export function parseWith<T>(schema: ZodMiniType<T>, input: unknown): T {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_'
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) fields[[...issue.path, k].join('.')] ??= `Unknown field: ${k}`
      continue
    }
    fields[key] ??= issue.message
  }
  const first = Object.values(fields)[0] ?? 'Invalid request'
  throw new ValidationError(first, fields)
}

interface Internal {
  route: GroupRoute
  params: Record<string, string>
  caller?: Caller
  body?: unknown
  rawBody: string
}

/** Per-invocation state shared by the middlewares and the handler, keyed by the event object. */
const states = new WeakMap<ApiEvent, Internal>()

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }

function respond(statusCode: number, body: unknown, headers?: Record<string, string>): APIGatewayProxyResultV2 {
  return {
    statusCode,
    headers: { ...JSON_HEADERS, ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  }
}

function state(event: ApiEvent): Internal {
  const s = states.get(event)
  if (!s) throw new Error('route state missing')
  return s
}

/** Longest path parameter (UTF-8 bytes) a route accepts: uuids, sortable ids and Stripe ids are far shorter. */
const MAX_PATH_ID_BYTES = 255

/** Finds the route from API Gateway's routeKey, so one function serves its group's routes. */
const resolveRoute = (group: FunctionGroup, routes: GroupOptions['routes']): middy.MiddlewareObj<ApiEvent, APIGatewayProxyResultV2> => {
  const table = new Map(Object.entries(routes))
  return {
    before: async (request) => {
      const { event, context } = request
      const route = table.get(event.routeKey)
      setLogContext({ requestId: context?.awsRequestId ?? event.requestContext?.requestId, route: event.routeKey, fn: group })
      // In AWS only through CloudFront (its WAF and throttles): it adds this header; a direct execute-api call lacks it.
      const origin = process.env[ENV_NAMES.originVerify]
      if (origin && event.headers?.['x-origin-verify'] !== origin) throw new ForbiddenError()
      if (!route) throw new NotFoundError('No such route')
      const params = (event.pathParameters ?? {}) as Record<string, string>
      // No id of ours is longer: a longer one names nothing (and would break DynamoDB's key size limits: a 500).
      if (Object.values(params).some((v) => Buffer.byteLength(v ?? '', 'utf8') > MAX_PATH_ID_BYTES)) throw new NotFoundError()
      const raw = event.body ?? ''
      const rawBody = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw
      states.set(event, { route, params, rawBody })
    },
  }
}

/** JSON bodies only; a malformed body or a wrong content type is a 400, never a 500. */
const jsonBody = (): middy.MiddlewareObj<ApiEvent, APIGatewayProxyResultV2> => ({
  before: async (request) => {
    const s = state(request.event)
    if (!s.rawBody.trim()) {
      s.body = undefined
      return
    }
    const type = request.event.headers?.['content-type'] ?? ''
    if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
      throw new ValidationError('Content-Type must be application/json')
    }
    try {
      s.body = JSON.parse(s.rawBody)
    } catch {
      throw new ValidationError('Request body must be valid JSON')
    }
  },
})

/** Identity from the JWT authorizer's claims, checked again here; group, role and account state decide access. */
const authorize = (gate: () => AccountGate): middy.MiddlewareObj<ApiEvent, APIGatewayProxyResultV2> => ({
  before: async (request) => {
    const s = state(request.event)
    const access = s.route.access
    if (access === 'public') return
    const auth = authFromEvent(request.event)
    const staff = isStaffAccess(access)
    if (staff && auth.role !== 'admin') throw new ForbiddenError()
    // No profile is refused as an inactive one: a sign-in whose profile was never written (or is gone) is no account.
    // Staff routes also need two-step sign-in (asked of Cognito beside the profile read, not after it).
    const [account, staffMfa] = await Promise.all([gate().check(auth.userId), staff ? gate().staffMfa(auth.userId) : true])
    if (!account || !account.active) throw new ForbiddenError(ACCOUNT_INACTIVE)
    // A sign-in from before a password change or reset, an archive or two-step sign-in set up has ended (docs/api.md, "Sessions").
    if (auth.authTime < account.sessionsValidFrom) throw new SessionEndedError()
    const token = bearerToken(request.event)
    if (!staffMfa) {
      // The app was turned off: forgotten, so setting one up again ends the sign-ins from before it too.
      if (account.staffMfaRecorded && token) await gate().changeStaffMfa(auth.userId, token, 'reset')
      throw new MfaRequiredError()
    }
    if (staff && !account.staffMfaRecorded) {
      // The app was set up during this sign-in, which was made with the password alone: it never reaches a staff
      // route. The API records the app (asking Cognito again, not a cached yes) and ends this sign-in and every
      // other; the next, with password and code, is let in.
      // A yes this container cached from before an owner reset the app (User Management) is not one: no app, no entry.
      if (!(await gate().staffMfa(auth.userId, { fresh: true }))) throw new MfaRequiredError()
      if (token) await gate().changeStaffMfa(auth.userId, token, 'recorded')
      throw new SessionEndedError(sessionMessages.twoStepOn)
    }
    const staffRole = account.staffRole ?? undefined
    if (staff) {
      // The role is the profile's, read just now: a role changed or taken away applies at the next request.
      if (!staffMay(staffRole, access)) throw new ForbiddenError(staffMessages.roleForbidden)
      // A gunsmith works on the orders assigned to them: any other order is not there for them (docs/api.md, "Staff roles").
      if (staffRole === 'gunsmith' && s.params.orderId !== undefined) {
        const assignee = await gate().orderAssignee(s.params.orderId)
        if (assignee === 'missing' || assignee.assignedTo !== auth.userId) throw new NotFoundError(orderMessages.orderNotFound)
      }
    }
    s.caller = { ...auth, staffRole, firstName: account.firstName, lastName: account.lastName }
  },
})

/** The caller's access token as the authorizer checked it (headers are lower case after the normalizer). */
export function bearerToken(event: ApiEvent): string | undefined {
  const header = event.headers?.authorization
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
  return match?.[1]
}

/** Maps errors to the contract's shape; registered last, as middy documents for error handlers. */
const errorHandler = (): middy.MiddlewareObj<ApiEvent, APIGatewayProxyResultV2> => ({
  onError: async (request) => {
    const { statusCode, body } = errorBody(request.error)
    if (statusCode >= 500) log.error('unhandled error', errorFields(request.error))
    else log.info('request rejected', { statusCode, code: body.error.code })
    request.response = respond(statusCode, body)
  },
})

/** What a function needs of each of its routes: who may call it, and its module (imported on first use). */
export interface GroupRoute {
  access: Access
  load: () => Promise<RouteModule>
}

export interface GroupOptions {
  /** The group's routes by API Gateway route key ("POST /api/orders/{orderId}/notes"): written into the Lambda entry, or routeTable(). */
  routes: Record<string, GroupRoute>
  gate: () => AccountGate
}

/**
 * The route table a Lambda entry writes (functions/lib/group-entry.ts): the route modules' loaders grouped by who may
 * call them, so the entry, in every cold start, spells each access once rather than once per route.
 */
export function routesByAccess(byAccess: Partial<Record<Access, Record<string, () => Promise<RouteModule>>>>, pathPrefix = ''): Record<string, GroupRoute> {
  const out: Record<string, GroupRoute> = {}
  for (const [access, loaders] of Object.entries(byAccess) as Array<[Access, Record<string, () => Promise<RouteModule>>]>)
    for (const [key, load] of Object.entries(loaders)) out[key.replace(' ', ` ${pathPrefix}`)] = { access, load }
  return out
}

/** The route table of some route definitions and their modules (the local gateway and tests; the Lambda entries inline theirs). */
export function routeTable(defs: readonly RouteDef[], modules: Record<string, RouteModule>): Record<string, GroupRoute> {
  return Object.fromEntries(
    defs.map((r) => {
      const mod = modules[r.handler]
      if (!mod) throw new Error(`Route module ${r.handler} is missing`)
      return [routeKey(r), { access: r.access, load: async () => mod }]
    }),
  )
}

/** The middy stack shared by every function group: normalize → route → parse → authorize → handler; errors last. */
export function createGroupHandler(group: FunctionGroup, { routes, gate }: GroupOptions) {
  const base = async (event: ApiEvent, context: Context): Promise<APIGatewayProxyResultV2> => {
    const s = state(event)
    const { handler } = await s.route.load()
    const result = await handler({
      event,
      caller: s.caller as Caller,
      params: s.params,
      query: (event.queryStringParameters ?? {}) as Record<string, string | undefined>,
      body: s.body,
      rawBody: s.rawBody,
      requestId: context?.awsRequestId ?? event.requestContext?.requestId ?? '',
    })
    return respond(result.statusCode ?? 200, result.body, result.headers)
  }
  const chain = middy<ApiEvent, APIGatewayProxyResultV2>()
    .use(httpHeaderNormalizer())
    .use(resolveRoute(group, routes))
  if (group !== 'stripe-webhook') chain.use(jsonBody())
  return chain.use(authorize(gate)).use(errorHandler()).handler(base)
}

