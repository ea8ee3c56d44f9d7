import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What one request read: items DynamoDB evaluated (a Query's or Scan's ScannedCount, filtered-out ones too), or items a Get returned. */
export interface CommandRead {
  items: number
}

/**
 * Sees every DynamoDB request that went through the recorder ('GetItemCommand', 'QueryCommand', ...), once, in the
 * order sent, when its answer (and those of the ones sent before it) are in: with what it read (`read`: see
 * itemsRead), or without it when DynamoDB refused it, and the request as sent (its JSON body).
 */
export type CommandObserver = (commandName: string, read: CommandRead | undefined, request: Record<string, unknown>) => void

export interface DynamoRecorder {
  /** Where to point a DynamoDB client (DYNAMODB_ENDPOINT) so that its requests are seen. */
  endpoint: string
  /** Sets (or, with undefined, removes) the one observer. */
  observe(fn: CommandObserver | undefined): void
  stop(): Promise<void>
}

/**
 * A loopback HTTP relay in front of DynamoDB Local that tells an observer which requests went by and what each
 * read. It watches the wire, not a client object: the functions run from their Lambda bundles in processes of
 * their own (infra/local/lambda-runtime.ts), with the official SDK client inside, and the tests still count every
 * request a route sent. Bodies pass through untouched (the SDK checks DynamoDB's CRC32 of each answer).
 */
export async function startDynamoRecorder(target: string): Promise<DynamoRecorder> {
  const to = new URL(target)
  const agent = new http.Agent({ keepAlive: true })
  let observer: CommandObserver | undefined
  const pending: Array<{ name: string; read?: CommandRead; request: Record<string, unknown>; done: boolean }> = []

  const settle = () => {
    // Reported in the order sent (requests sent together may answer in any order).
    while (pending[0]?.done) {
      const e = pending.shift()!
      observer?.(e.name, e.read, e.request)
    }
  }

  const server = http.createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = Buffer.concat(chunks)
    const target = String(req.headers['x-amz-target'] ?? '')
    const entry = { name: `${target.slice(target.indexOf('.') + 1)}Command`, read: undefined as CommandRead | undefined, request: requestOf(body), done: false }
    if (target) pending.push(entry)
    const upstream = http.request(
      { host: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers, agent },
      (answer) => {
        const parts: Buffer[] = []
        answer.on('data', (c: Buffer) => parts.push(c))
        answer.on('end', () => {
          const text = Buffer.concat(parts)
          if (target && answer.statusCode === 200) {
            try {
              entry.read = { items: itemsRead(entry.name, JSON.parse(text.toString('utf8'))) }
            } catch {
              // Not JSON: nothing read to report.
            }
          }
          entry.done = true
          settle()
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          res.end(text)
        })
      },
    )
    upstream.on('error', (err) => {
      entry.done = true
      settle()
      res.writeHead(502, { 'content-type': 'text/plain' })
      res.end(String(err))
    })
    upstream.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    observe(fn) {
      observer = fn
    },
    async stop() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      agent.destroy()
    },
  }
}

function requestOf(body: Buffer): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'))
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/**
 * The items a request read, from DynamoDB's answer: a Query or Scan its ScannedCount (every item it evaluated,
 * before a filter), a GetItem 1 or 0, a BatchGetItem the items of every table it answered, a TransactGetItems the
 * items found. Writes read nothing here (0).
 */
export function itemsRead(commandName: string, output: unknown): number {
  const o = (output ?? {}) as { ScannedCount?: number; Item?: unknown; Responses?: unknown }
  switch (commandName) {
    case 'QueryCommand':
    case 'ScanCommand':
      return o.ScannedCount ?? 0
    case 'GetItemCommand':
      return o.Item ? 1 : 0
    case 'BatchGetItemCommand':
      return Object.values((o.Responses ?? {}) as Record<string, unknown[]>).reduce((n, items) => n + (Array.isArray(items) ? items.length : 0), 0)
    case 'TransactGetItemsCommand':
      return Array.isArray(o.Responses) ? o.Responses.filter((r) => r && typeof r === 'object' && 'Item' in r && r.Item).length : 0
    default:
      return 0
  }
}
