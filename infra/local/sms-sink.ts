/**
 * Where the portal's text messages go locally instead of an SMS provider: a small HTTP server on loopback.
 *
 * - `POST /messages` with JSON `{ to, body }` keeps the message (201 with it); with a data folder it is also
 *   appended to `<dataDir>/sms.jsonl`, so the list survives restarts.
 * - `GET /` a page listing them newest first (to, time, body), refreshing itself every few seconds; readable
 *   on a 390 px phone and in dark mode. It also lists the stream records the notifier gave up on (dead letters).
 * - `GET /messages` the same as JSON (tests, scripts); `GET /dead-letters` the dead letters.
 *
 * Its own port rather than a path on the local gateway: the gateway plays CloudFront and API Gateway (and may
 * listen beyond loopback with HOST), while this stays on 127.0.0.1 and works without the rest of the stack.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import path from 'node:path'
import type { DeadLetter } from './stream-poller.ts'

export interface SmsMessage {
  id: number
  to: string
  body: string
  /** When the sink received it (ISO). */
  at: string
}

export interface SmsSink {
  url: string
  port: number
  messages(): SmsMessage[]
  /** Shown on the page: a stream record the notifier could not handle (see stream-poller.ts). */
  addDeadLetter(d: DeadLetter): void
  stop(): Promise<void>
}

const MAX_BODY_BYTES = 64 * 1024
/** Messages the page lists (the JSON has them all). */
const PAGE_LIMIT = 200
const REFRESH_SECONDS = 3

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function readJsonl<T>(file: string): T[] {
  if (!existsSync(file)) return []
  const out: T[] = []
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue
    try {
      out.push(JSON.parse(line) as T)
    } catch {
      // a line cut by a kill -9 mid-write: skip it
    }
  }
  return out
}

function page(messages: SmsMessage[], deadLetters: DeadLetter[]) {
  const time = (iso: string) => escapeHtml(iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))
  const items = messages
    .slice(-PAGE_LIMIT)
    .reverse()
    .map((m) => `<li><div class="meta"><strong>To ${escapeHtml(m.to)}</strong> <time datetime="${escapeHtml(m.at)}">${time(m.at)}</time></div><p>${escapeHtml(m.body)}</p></li>`)
    .join('\n')
  const dead = deadLetters
    .slice()
    .reverse()
    .map((d) => `<li><div class="meta"><strong>${escapeHtml(d.eventName)} ${escapeHtml(JSON.stringify(d.keys))}</strong> <time datetime="${escapeHtml(d.at)}">${time(d.at)}</time></div><p>After ${d.attempts} attempts: ${escapeHtml(d.error)}</p></li>`)
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${REFRESH_SECONDS}">
<meta name="color-scheme" content="light dark">
<title>Text messages (local)</title>
<style>
  :root { color-scheme: light dark; --bg: #f8fafc; --card: #ffffff; --text: #0f172a; --muted: #475569; --border: #cbd5e1; --warn: #b91c1c; }
  @media (prefers-color-scheme: dark) { :root { --bg: #0f172a; --card: #1e293b; --text: #f1f5f9; --muted: #cbd5e1; --border: #334155; --warn: #fca5a5; } }
  * { box-sizing: border-box; }
  body { margin: 0; padding: 16px; background: var(--bg); color: var(--text); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 640px; margin: 0 auto; }
  h1 { font-size: 1.375rem; margin: 0 0 4px; }
  h2 { font-size: 1.125rem; margin: 24px 0 8px; color: var(--warn); }
  .note { color: var(--muted); margin: 0 0 16px; font-size: 0.9375rem; }
  ul { list-style: none; margin: 0; padding: 0; }
  li { background: var(--card); border: 1px solid var(--border); border-radius: 8px; padding: 12px; margin: 0 0 12px; }
  .meta { display: flex; flex-wrap: wrap; gap: 4px 12px; justify-content: space-between; }
  .meta strong, p { overflow-wrap: anywhere; }
  time { color: var(--muted); font-size: 0.875rem; }
  p { margin: 6px 0 0; white-space: pre-wrap; }
</style>
</head>
<body>
<main>
<h1>Text messages (SMS)</h1>
<p class="note">Sent by the local portal; nothing leaves this machine. Newest first, refreshed every ${REFRESH_SECONDS} s. ${messages.length} message${messages.length === 1 ? '' : 's'}${messages.length > PAGE_LIMIT ? ` (the newest ${PAGE_LIMIT} shown)` : ''}.</p>
${items ? `<ul>\n${items}\n</ul>` : '<p class="note">No text message yet.</p>'}
${dead ? `<h2>Notifications not delivered (dead-lettered)</h2>\n<ul>\n${dead}\n</ul>` : ''}
</main>
</body>
</html>
`
}

function send(res: ServerResponse, status: number, body: string, type = 'application/json; charset=utf-8') {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
  res.end(body)
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const c of req) {
    size += (c as Buffer).length
    if (size > MAX_BODY_BYTES) return null
    chunks.push(c as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Starts the sink on 127.0.0.1 (`port` 0: a free one); with `dataDir` its messages and dead letters are kept there. */
export async function startSmsSink({ port = 0, dataDir }: { port?: number; dataDir?: string } = {}): Promise<SmsSink> {
  const smsFile = dataDir && path.join(dataDir, 'sms.jsonl')
  const deadFile = dataDir && path.join(dataDir, 'dead-letters.jsonl')
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const messages: SmsMessage[] = smsFile ? readJsonl<SmsMessage>(smsFile) : []
  const deadLetters: DeadLetter[] = deadFile ? readJsonl<DeadLetter>(deadFile) : []
  let nextId = messages.reduce((max, m) => Math.max(max, Number(m.id) || 0), 0) + 1

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (req.method === 'GET' && url.pathname === '/') return send(res, 200, page(messages, deadLetters), 'text/html; charset=utf-8')
    if (req.method === 'GET' && url.pathname === '/messages') return send(res, 200, JSON.stringify(messages.slice().reverse()))
    if (req.method === 'GET' && url.pathname === '/dead-letters') return send(res, 200, JSON.stringify(deadLetters.slice().reverse()))
    if (req.method === 'POST' && url.pathname === '/messages') {
      void readBody(req).then((text) => {
        if (text === null) return send(res, 413, JSON.stringify({ error: 'Message too large' }))
        let input: { to?: unknown; body?: unknown }
        try {
          input = JSON.parse(text) as typeof input
        } catch {
          return send(res, 400, JSON.stringify({ error: 'Body must be JSON { to, body }' }))
        }
        if (typeof input?.to !== 'string' || !input.to.trim() || typeof input.body !== 'string') return send(res, 400, JSON.stringify({ error: 'Body must be JSON { to, body } with two strings' }))
        const m: SmsMessage = { id: nextId++, to: input.to, body: input.body, at: new Date().toISOString() }
        messages.push(m)
        if (smsFile) appendFileSync(smsFile, `${JSON.stringify(m)}\n`)
        // messageId: what an SMS provider answers (the notifier keeps it with the delivery).
        send(res, 201, JSON.stringify({ ...m, messageId: `local-sms-${m.id}` }))
      }, () => send(res, 400, JSON.stringify({ error: 'Could not read the body' })))
      return
    }
    if (url.pathname === '/' || url.pathname === '/messages' || url.pathname === '/dead-letters') return send(res, 405, JSON.stringify({ error: 'Method not allowed' }))
    send(res, 404, JSON.stringify({ error: 'Not found' }))
  })
  const actual = await new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port))
  })
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    messages: () => messages.slice().reverse(),
    addDeadLetter(d) {
      deadLetters.push(d)
      if (deadFile) appendFileSync(deadFile, `${JSON.stringify(d)}\n`)
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
