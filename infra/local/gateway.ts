import { randomUUID } from 'node:crypto'
import { contentSecurityPolicy } from '../constructs/content-security-policy.ts'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda'
import { matchSegments, routeKey, routes, type FunctionGroup, type RouteDef } from '../../functions/routes.ts'
import { errorBody, NotFoundError, UnauthorizedError, ValidationError } from '../../functions/lib/errors.ts'
import type { ApiEvent } from '../../functions/lib/http.ts'
import { claimsAsApiGateway } from './jwt.ts'
import { serveStatic } from './static-files.ts'
import type { JWTPayload } from 'jose'

export type LambdaHandler = (event: ApiEvent, context: Context) => Promise<APIGatewayProxyResultV2>

export interface GatewayOptions {
  webDir: string
  config: Record<string, unknown>
  verify: (token: string) => Promise<JWTPayload | null>
  /** Each function group's handler, and the local dev routes' (`local-dev-routes`): a dev-only route goes there. */
  handlers: Partial<Record<FunctionGroup | 'local-dev-routes', LambdaHandler>>
  maxBodyBytes?: number
  /** The local S3 server's origin: the page uploads condition photos to it and shows them from it. */
  photosOrigin?: string
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
}

const TEXT_BODY = /^(application\/([\w.+-]+\+)?json|text\/|application\/x-www-form-urlencoded)/i

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS, 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

/** Errors the gateway answers itself, in the functions' one error shape. */
function sendError(res: ServerResponse, err: unknown, statusCode?: number) {
  const { statusCode: status, body } = errorBody(err)
  sendJson(res, statusCode ?? status, body)
}

/** Routes without path parameters, by method and path: found in one lookup, and before any parameterized route, as API Gateway prefers the most specific. */
const FIXED_ROUTES = new Map(routes.filter((r) => !r.path.includes('{')).map((route) => [`${route.method} ${route.path}`, route]))
/** The others with their patterns split once: a path is matched only against the routes of its length. */
const PARAMETERIZED_ROUTES = routes.filter((r) => r.path.includes('{')).map((route) => ({ route, segments: route.path.split('/') }))
const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>

function findRoute(method: string, path: string): { route: RouteDef; params: Record<string, string> } | null {
  const fixed = FIXED_ROUTES.get(`${method} ${path}`)
  if (fixed) return { route: fixed, params: NO_PARAMS }
  const parts = path.split('/')
  for (const { route, segments } of PARAMETERIZED_ROUTES) {
    if (route.method !== method || segments.length !== parts.length) continue
    const params = matchSegments(segments, parts)
    if (params) return { route, params }
  }
  return null
}

const NO_BODY = Buffer.alloc(0)

async function readBody(req: IncomingMessage, max: number): Promise<Buffer | null> {
  // A request with neither Content-Length nor Transfer-Encoding has no body (RFC 9112 §6.3), as every GET the SPA
  // sends: nothing to read (Node drops the empty stream once the response ends), without an async iterator per request.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return NO_BODY
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > max) return null
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

function lambdaContext(requestId: string, fn: string): Context {
  const deadline = Date.now() + 29_000
  return {
    awsRequestId: requestId,
    functionName: fn,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${fn}`,
    memoryLimitInMB: '512',
    logGroupName: `/aws/lambda/${fn}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  }
}

/**
 * The local stand-in for CloudFront + API Gateway: the SPA and /config.json as the
 * S3 behaviour serves them, and /api/* turned into API Gateway v2 events for the
 * very handlers that are deployed, after the same JWT check the authorizer does.
 */
export function createGateway({ webDir, config, verify, handlers, maxBodyBytes = 1_000_000, photosOrigin }: GatewayOptions) {
  // The production Content-Security-Policy (CloudFront's), with cognito-local's origin for the browser's sign-in calls.
  const pageHeaders = { ...SECURITY_HEADERS, 'content-security-policy': contentSecurityPolicy({ cognitoOrigin: new URL(String(config.cognitoEndpoint)).origin, photosOrigin }) }
  return http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    try {
      if (url.pathname === '/config.json') return sendJson(res, 200, config)
      if (url.pathname !== '/api' && !url.pathname.startsWith('/api/')) return serveStatic(webDir, req, res, pageHeaders)
      const method = (req.method ?? 'GET').toUpperCase()
      const match = findRoute(method, url.pathname)
      if (!match) return sendError(res, new NotFoundError())
      const { route, params } = match
      let claims: Record<string, string> | undefined
      if (route.access !== 'public') {
        const auth = req.headers.authorization ?? ''
        const token = /^Bearer\s+(.+)$/i.exec(auth)?.[1]
        const payload = token ? await verify(token) : null
        if (!payload) return sendError(res, new UnauthorizedError())
        claims = claimsAsApiGateway(payload)
      }
      const raw = await readBody(req, maxBodyBytes)
      if (raw === null) return sendError(res, new ValidationError('Request body is too large'), 413)
      const handler = handlers[route.devOnly ? 'local-dev-routes' : route.fn]
      if (!handler) return sendError(res, new NotFoundError())
      const contentType = req.headers['content-type'] ?? ''
      const isText = raw.length === 0 || TEXT_BODY.test(contentType)
      const headers: Record<string, string> = {}
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v
      const query: Record<string, string> = {}
      for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v
      const requestId = randomUUID()
      const now = new Date()
      const event = {
        version: '2.0',
        routeKey: routeKey(route),
        rawPath: url.pathname,
        rawQueryString: url.search.slice(1),
        headers,
        queryStringParameters: Object.keys(query).length ? query : undefined,
        pathParameters: Object.keys(params).length ? params : undefined,
        body: raw.length ? (isText ? raw.toString('utf8') : raw.toString('base64')) : undefined,
        isBase64Encoded: raw.length > 0 && !isText,
        requestContext: {
          accountId: 'local',
          apiId: 'local',
          domainName: headers.host ?? 'localhost',
          domainPrefix: 'localhost',
          http: { method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: req.socket.remoteAddress ?? '127.0.0.1', userAgent: headers['user-agent'] ?? '' },
          requestId,
          routeKey: routeKey(route),
          stage: '$default',
          time: now.toISOString(),
          timeEpoch: now.getTime(),
          authorizer: claims ? { principalId: '', integrationLatency: 0, jwt: { claims, scopes: [] } } : undefined,
        },
      } as unknown as ApiEvent
      const result = (await handler(event, lambdaContext(requestId, route.fn))) as APIGatewayProxyStructuredResultV2
      const body = result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : (result.body ?? '')
      // With its length, as API Gateway sends it (not chunked): the client reads one framed body.
      res.writeHead(result.statusCode ?? 200, { ...SECURITY_HEADERS, ...(result.headers as Record<string, string>), 'content-length': Buffer.byteLength(body) })
      res.end(body)
    } catch (err) {
      // A handler that throws past its own error handler is a 500, as Lambda would make it.
      console.error(JSON.stringify({ level: 'error', message: 'gateway error', error: err instanceof Error ? err.message : String(err) }))
      if (!res.headersSent) sendError(res, err)
      else res.end()
    }
  })
}

/** A Lambda Invoke endpoint for cognito-local's triggers (loopback only). */
export function createLambdaInvokeServer(functions: Record<string, (event: unknown) => Promise<unknown>>) {
  return http.createServer(async (req, res) => {
    const m = /^\/2015-03-31\/functions\/([^/]+)\/invocations/.exec(req.url ?? '')
    const fn = m ? functions[decodeURIComponent(m[1])] : undefined
    if (!fn) {
      res.writeHead(404, { 'content-type': 'application/json' })
      return res.end(JSON.stringify({ Type: 'User', message: 'Function not found' }))
    }
    const raw = await readBody(req, 1_000_000)
    try {
      const out = await fn(JSON.parse(raw?.toString('utf8') || '{}'))
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(out))
    } catch (err) {
      res.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' })
      res.end(JSON.stringify({ errorType: err instanceof Error ? err.name : 'Error', errorMessage: err instanceof Error ? err.message : String(err) }))
    }
  })
}
