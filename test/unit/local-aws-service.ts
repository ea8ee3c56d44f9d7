import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'

export interface AwsServiceAnswer {
  status: number
  body: string
  headers?: Record<string, string>
}

/**
 * A local stand-in for an AWS service's JSON endpoint, for the tests that point an AWS SDK client at it
 * (stripe-secrets.test.ts: Secrets Manager): `answer` sees each request (method, headers, body) and says what to send back. Started
 * before the file's tests, stopped after; `endpoint()` is its URL.
 */
export function localAwsService(answer: (req: { method: string; headers: IncomingHttpHeaders; body: string }) => AwsServiceAnswer) {
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const a = answer({ method: req.method ?? '', headers: req.headers, body })
      res.writeHead(a.status, { 'x-amzn-requestid': 'req-1', ...a.headers }).end(a.body)
    })
  })
  let url = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { endpoint: () => url }
}
