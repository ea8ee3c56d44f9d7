/** The local SMS sink (infra/local/sms-sink.ts): what `npm start` shows instead of sending text messages. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startSmsSink, type SmsSink } from '../../infra/local/sms-sink.ts'

let sinks: SmsSink[] = []
const dirs: string[] = []
afterEach(async () => {
  await Promise.all(sinks.map((s) => s.stop()))
  sinks = []
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

async function sink(dataDir?: string) {
  const s = await startSmsSink({ dataDir })
  sinks.push(s)
  return s
}
const post = (s: SmsSink, body: unknown) => fetch(`${s.url}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) })

describe('SMS sink', () => {
  it('listens on loopback, keeps what is posted and lists it newest first', async () => {
    const s = await sink()
    expect(new URL(s.url).hostname).toBe('127.0.0.1')
    const first = await post(s, { to: '+15550101234', body: 'first' })
    expect(first.status).toBe(201)
    expect(await first.json()).toMatchObject({ to: '+15550101234', body: 'first', messageId: expect.any(String) })
    await post(s, { to: '+15550109876', body: 'second' })
    const list = (await (await fetch(`${s.url}/messages`)).json()) as Array<{ to: string; body: string; at: string }>
    expect(list.map((m) => m.body)).toEqual(['second', 'first'])
    expect(Date.parse(list[0].at)).not.toBeNaN()
  })

  it('refuses what is not { to, body }', async () => {
    const s = await sink()
    expect((await post(s, 'not json')).status).toBe(400)
    expect((await post(s, { to: '', body: 'x' })).status).toBe(400)
    expect((await post(s, { to: '+1555', body: 7 })).status).toBe(400)
    expect((await post(s, { to: '+1555', body: 'x'.repeat(70_000) })).status).toBe(413)
    expect((await fetch(`${s.url}/nope`)).status).toBe(404)
    expect(s.messages()).toHaveLength(0)
  })

  it('serves a page that escapes the messages, refreshes itself, fits a phone and follows dark mode', async () => {
    const s = await sink()
    await post(s, { to: '+15550101234', body: 'older' })
    await post(s, { to: '<b>+1</b>', body: '<script>alert(1)</script> & "quotes"' })
    const res = await fetch(`${s.url}/`)
    expect(res.headers.get('content-type')).toContain('text/html')
    const html = await res.text()
    expect(html).not.toContain('<script>alert(1)</script>')
    expect(html).not.toContain('<b>+1</b>')
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;quotes&#34;')
    expect(html.indexOf('alert(1)')).toBeLessThan(html.indexOf('older'))
    expect(html).toMatch(/<meta http-equiv="refresh" content="\d+">/)
    expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"')
    expect(html).toContain('prefers-color-scheme: dark')
    expect(html).toContain('overflow-wrap: anywhere')
  })

  it('with a data folder, keeps messages and dead letters across restarts', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gs-sms-'))
    dirs.push(dir)
    const a = await sink(dir)
    await post(a, { to: '+15550101234', body: 'kept' })
    a.addDeadLetter({ at: new Date().toISOString(), sequenceNumber: '42', eventName: 'INSERT', keys: { pk: 'p', sk: 's' }, attempts: 3, error: 'SMTP <down>' })
    await a.stop()
    sinks = []
    expect(readFileSync(path.join(dir, 'sms.jsonl'), 'utf8').trim().split('\n')).toHaveLength(1)
    const b = await sink(dir)
    await post(b, { to: '+15550101234', body: 'after restart' })
    expect(b.messages().map((m) => m.body)).toEqual(['after restart', 'kept'])
    expect(new Set(b.messages().map((m) => m.id)).size).toBe(2)
    const html = await (await fetch(`${b.url}/`)).text()
    expect(html).toContain('dead-lettered')
    expect(html).toContain('SMTP &#60;down&#62;')
    expect(((await (await fetch(`${b.url}/dead-letters`)).json()) as unknown[]).length).toBe(1)
  })
})
