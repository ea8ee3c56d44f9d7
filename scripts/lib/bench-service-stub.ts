/**
 * The outside services the local stack has no emulator for, answered by one loopback HTTP server for the cold-start
 * bench (scripts/lib/bench-cold-requests.ts):
 *
 * - AWS: SES v2 SendEmail and SNS Publish (the notifier's sends), S3 PutObject and CloudFront CreateInvalidation
 *   (the site publisher's publish). A function reaches them through the SDK's own endpoint settings
 *   (AWS_ENDPOINT_URL_<SERVICE>: `awsEndpointEnv`), so its code runs as in AWS up to the socket.
 * - Stripe's PaymentIntents API (create, retrieve, cancel, list), for the official Stripe SDK pointed here with
 *   STRIPE_API_BASE (`stripeEnv`). An intent it created is reported paid in full when retrieved (the webhook's check
 *   of a success); the list, which the reconciliation reads, is empty.
 *
 * Each answer is the smallest one the SDK takes as a success; anything else is a 400, which the bench sees as the
 * function failing. Every request answered is recorded (`calls`), so the bench can check that a function did send.
 */
import http from 'node:http'

export interface StubCall {
  service: 'sesv2' | 'sns' | 's3' | 'cloudfront' | 'stripe'
  method: string
  path: string
}

export interface ServiceStub {
  url: string
  calls: StubCall[]
  /** The SDK's endpoint variables, each stubbed AWS service pointed here. */
  awsEndpointEnv: Record<string, string>
  /** Stripe mode (a test key) with the official SDK pointed here. */
  stripeEnv: Record<string, string>
  close(): Promise<void>
}

interface Answer {
  call: StubCall
  status: number
  headers: Record<string, string>
  body: string
}

const json = (call: StubCall, value: unknown, status = 200): Answer => ({ call, status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) })
const xml = (call: StubCall, body: string, status = 200, headers: Record<string, string> = {}): Answer => ({ call, status, headers: { 'content-type': 'text/xml', ...headers }, body })

function createAnswers() {
  const intents = new Map<string, { amount: number; metadata: Record<string, string>; created: number; canceled: boolean }>()
  let n = 0

  const intentJson = (id: string) => {
    const i = intents.get(id)!
    return {
      id,
      object: 'payment_intent',
      amount: i.amount,
      amount_received: i.canceled ? 0 : i.amount,
      currency: 'usd',
      status: i.canceled ? 'canceled' : 'succeeded',
      client_secret: `${id}_secret_bench`,
      created: i.created,
      metadata: i.metadata,
      last_payment_error: null,
      latest_charge: i.canceled ? null : { id: `ch_${id.slice(3)}`, object: 'charge', receipt_url: `https://pay.stripe.com/receipts/${id}` },
    }
  }

  function stripe(method: string, path: string, body: string): Answer | null {
    const call: StubCall = { service: 'stripe', method, path }
    const url = new URL(path, 'http://stub')
    if (url.pathname === '/v1/payment_intents' && method === 'POST') {
      const form = new URLSearchParams(body)
      const id = `pi_bench${String(++n).padStart(6, '0')}`
      const metadata = Object.fromEntries([...form].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice('metadata['.length, -1), v]))
      intents.set(id, { amount: Number(form.get('amount')), metadata, created: Math.floor(Date.now() / 1000), canceled: false })
      // As created: nothing paid yet.
      return json(call, { ...intentJson(id), status: 'requires_payment_method', amount_received: 0, latest_charge: null })
    }
    if (url.pathname === '/v1/charges' && method === 'GET') return json(call, { object: 'list', data: [], has_more: false, url: '/v1/charges' })
    const one = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(url.pathname)
    if (one && intents.has(one[1])) {
      if (one[2] && method === 'POST') intents.get(one[1])!.canceled = true
      return json(call, intentJson(one[1]))
    }
    if (one) return json(call, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${one[1]}'` } }, 404)
    return null
  }

  return function answer(method: string, path: string, body: string): Answer | null {
    if (path.startsWith('/v1/')) return stripe(method, path, body)
    if (method === 'POST' && path === '/v2/email/outbound-emails') return json({ service: 'sesv2', method, path }, { MessageId: 'bench-email' })
    if (method === 'POST' && path === '/' && /(^|&)Action=Publish(&|$)/.test(body)) {
      return xml({ service: 'sns', method, path }, '<PublishResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><PublishResult><MessageId>bench-sms</MessageId></PublishResult><ResponseMetadata><RequestId>bench</RequestId></ResponseMetadata></PublishResponse>')
    }
    const invalidation = /^\/2020-05-31\/distribution\/([^/]+)\/invalidation$/.exec(path)
    if (method === 'POST' && invalidation) {
      const body = `<?xml version="1.0" encoding="UTF-8"?><Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>IBENCH</Id><Status>InProgress</Status><CreateTime>${new Date().toISOString()}</CreateTime><InvalidationBatch><Paths><Quantity>0</Quantity></Paths><CallerReference>bench</CallerReference></InvalidationBatch></Invalidation>`
      return xml({ service: 'cloudfront', method, path }, body, 201, { location: `https://cloudfront.amazonaws.com/2020-05-31/distribution/${invalidation[1]}/invalidation/IBENCH` })
    }
    // Path-style S3 (the endpoint is an IP address): PUT /<bucket>/<key>.
    if (method === 'PUT' && /^\/[^/]+\/.+/.test(path)) return { call: { service: 's3', method, path }, status: 200, headers: { etag: '"bench"' }, body: '' }
    return null
  }
}

export async function startServiceStub(): Promise<ServiceStub> {
  const calls: StubCall[] = []
  const answer = createAnswers()
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const a = answer(req.method ?? 'GET', req.url ?? '/', Buffer.concat(chunks).toString('utf8'))
      if (!a) {
        res.writeHead(400, { 'content-type': 'application/json' })
        return res.end(JSON.stringify({ message: `the bench's service stub does not answer ${req.method} ${req.url}` }))
      }
      calls.push(a.call)
      res.writeHead(a.status, { ...a.headers, 'content-length': String(Buffer.byteLength(a.body)) })
      res.end(a.body)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return {
    url,
    calls,
    awsEndpointEnv: { AWS_ENDPOINT_URL_SESV2: url, AWS_ENDPOINT_URL_SNS: url, AWS_ENDPOINT_URL_S3: url, AWS_ENDPOINT_URL_CLOUDFRONT: url },
    stripeEnv: { STRIPE_SECRET_KEY: 'sk_test_bench', STRIPE_API_BASE: url },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
