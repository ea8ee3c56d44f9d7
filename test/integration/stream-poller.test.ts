/**
 * The local stream poller (infra/local/stream-poller.ts) against DynamoDB Local's stream, with stub handlers:
 * records arrive once and in order, in batches of at most 100, shaped as Lambda delivers them; a record the
 * handler reports in `batchItemFailures` is retried from it (not the records before it), then dead-lettered
 * and the poller goes on; a thrown error retries the batch; LATEST skips what was written before the start.
 */
import { DeleteTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb'
import { PutCommand } from '@aws-sdk/lib-dynamodb'
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startStreamPoller, type DeadLetter, type StreamPoller } from '../../infra/local/stream-poller.ts'
import { ensureTable, localDocumentClient, localDynamoClient, tableStreamArn } from '../../infra/local/table.ts'
import { stack, useOwnTable } from './helpers.ts'

const WAIT = { timeout: 30_000, interval: 100 }

let table: string
let streamArn: string
let pollers: StreamPoller[] = []
const db = () => localDocumentClient(stack().dynamoEndpoint)
/** Each test writes its own partition: the stream is the table's, so a test reads only its own records. */
const put = (pk: string, sk: string, extra: Record<string, unknown> = {}) => db().send(new PutCommand({ TableName: table, Item: { pk, sk, ...extra } }))
const skOf = (e: DynamoDBStreamEvent) => e.Records.map((r) => r.dynamodb?.NewImage?.sk?.S ?? '')

function poll(handler: (e: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>, opts: { startingPosition?: 'LATEST' | 'TRIM_HORIZON'; onDeadLetter?: (d: DeadLetter) => void } = {}) {
  const p = startStreamPoller({
    endpoint: stack().dynamoEndpoint,
    streamArn,
    handler,
    startingPosition: opts.startingPosition ?? 'LATEST',
    backoffMs: 20,
    pollMs: 100,
    onDeadLetter: opts.onDeadLetter,
    log: () => undefined,
  })
  pollers.push(p)
  return p
}

beforeAll(async () => {
  table = await useOwnTable('poller')
  await ensureTable(localDynamoClient(stack().dynamoEndpoint), table, { stream: true })
  streamArn = await tableStreamArn(localDynamoClient(stack().dynamoEndpoint), table)
})

afterEach(async () => {
  await Promise.all(pollers.map((p) => p.stop()))
  pollers = []
})

describe('stream poller', () => {
  it('hands every record over once, in order, in batches of at most 100, shaped as a Lambda stream event', async () => {
    const seen: string[] = []
    const sizes: number[] = []
    let sample: DynamoDBStreamEvent['Records'][number] | undefined
    const p = poll(async (e) => {
      const mine = e.Records.filter((r) => r.dynamodb?.Keys?.pk?.S === 'order')
      sample ??= mine[0]
      sizes.push(e.Records.length)
      seen.push(...skOf({ Records: mine }))
    })
    await p.ready
    const expected = Array.from({ length: 230 }, (_, i) => `item-${String(i).padStart(3, '0')}`)
    // In parallel groups: many records wait in the stream at once, so batches fill up.
    for (let i = 0; i < expected.length; i += 23) await Promise.all(expected.slice(i, i + 23).map((sk) => put('order', sk, { n: 1, bytes: new Uint8Array([1, 2, 3]) })))
    await vi.waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(expected.length), WAIT)
    // Once each: no record lost, none twice.
    expect([...seen].sort()).toEqual(expected)
    expect(new Set(seen).size).toBe(expected.length)
    expect(Math.max(...sizes)).toBeLessThanOrEqual(100)
    expect(sample).toMatchObject({
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      eventSourceARN: streamArn,
      dynamodb: { Keys: { pk: { S: 'order' } }, NewImage: { n: { N: '1' }, bytes: { B: Buffer.from([1, 2, 3]).toString('base64') } }, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    })
    expect(typeof sample?.dynamodb?.ApproximateCreationDateTime).toBe('number')
    expect(p.delivered).toBeGreaterThanOrEqual(expected.length)
  })

  it('keeps the order of records written one after another', async () => {
    const seen: string[] = []
    const p = poll(async (e) => void seen.push(...skOf({ Records: e.Records.filter((r) => r.dynamodb?.Keys?.pk?.S === 'ordered') })))
    await p.ready
    const expected = Array.from({ length: 30 }, (_, i) => `seq-${String(i).padStart(2, '0')}`)
    for (const sk of expected) await put('ordered', sk)
    await vi.waitFor(() => expect(seen).toHaveLength(expected.length), WAIT)
    expect(seen).toEqual(expected)
  })

  it('retries from the first failed record with backoff, then dead-letters it and goes on', async () => {
    const calls: string[][] = []
    const dead: DeadLetter[] = []
    const p = poll(
      async (e) => {
        const mine = e.Records.filter((r) => r.dynamodb?.Keys?.pk?.S === 'failing')
        if (!mine.length) return
        calls.push(skOf({ Records: mine }))
        return { batchItemFailures: mine.filter((r) => r.dynamodb?.NewImage?.sk?.S === 'b-poison').map((r) => ({ itemIdentifier: r.dynamodb!.SequenceNumber! })) }
      },
      { onDeadLetter: (d) => dead.push(d) },
    )
    await p.ready
    await put('failing', 'a-fine')
    await vi.waitFor(() => expect(calls.flat()).toContain('a-fine'), WAIT)
    // The poison record and one after it, in one batch.
    await Promise.all([put('failing', 'b-poison')])
    await put('failing', 'c-after')
    await vi.waitFor(() => expect(calls.flat()).toContain('c-after'), WAIT)
    await vi.waitFor(() => expect(dead).toHaveLength(1), WAIT)

    // Three attempts at the poison record, never again the records before it; the one after delivered after it.
    const withPoison = calls.filter((c) => c.includes('b-poison'))
    expect(withPoison).toHaveLength(3)
    for (const c of withPoison) expect(c[0]).toBe('b-poison')
    expect(calls.flat().filter((sk) => sk === 'a-fine')).toHaveLength(1)
    expect(calls.flat().lastIndexOf('c-after')).toBeGreaterThan(calls.flat().lastIndexOf('b-poison'))
    expect(dead[0]).toMatchObject({ eventName: 'INSERT', keys: { pk: 'failing', sk: 'b-poison' }, attempts: 3 })
    expect(p.deadLetters).toHaveLength(1)
  })

  it('retries a batch whose handler threw, and the poller keeps running', async () => {
    let throws = 2
    const seen: string[] = []
    const p = poll(async (e) => {
      const mine = skOf({ Records: e.Records.filter((r) => r.dynamodb?.Keys?.pk?.S === 'throwing') })
      if (!mine.length) return
      if (throws > 0) {
        throws -= 1
        throw new Error('SMTP down')
      }
      seen.push(...mine)
    })
    await p.ready
    await put('throwing', 'x')
    await vi.waitFor(() => expect(seen).toEqual(['x']), WAIT)
    await put('throwing', 'y')
    await vi.waitFor(() => expect(seen).toEqual(['x', 'y']), WAIT)
    expect(p.deadLetters).toHaveLength(0)
  })

  it('from LATEST reads only what is written after the start; from TRIM_HORIZON all of it', async () => {
    await put('latest', 'before')
    const latest: string[] = []
    const all: string[] = []
    const a = poll(async (e) => void latest.push(...skOf({ Records: e.Records.filter((r) => r.dynamodb?.Keys?.pk?.S === 'latest') })))
    const b = poll(async (e) => void all.push(...skOf({ Records: e.Records.filter((r) => r.dynamodb?.Keys?.pk?.S === 'latest') })), { startingPosition: 'TRIM_HORIZON' })
    await Promise.all([a.ready, b.ready])
    await put('latest', 'after')
    await vi.waitFor(() => expect(latest).toEqual(['after']), WAIT)
    await vi.waitFor(() => expect(all).toEqual(['before', 'after']), WAIT)
  })

  it('ensureTable turns the stream on for a table made before it (a data folder of an earlier version), and only when asked', { timeout: 120_000 }, async () => {
    const client = localDynamoClient(stack().dynamoEndpoint)
    const name = `old-${Math.random().toString(36).slice(2, 10)}`
    // A data folder of before the stream: the table with its keys and indexes, no stream. (Adding the indexes a
    // still older table lacks waits for DynamoDB Local to build each, which a busy CI machine makes minutes long.)
    expect(await ensureTable(client, name)).toBe(true)
    try {
      expect((await client.send(new DescribeTableCommand({ TableName: name }))).Table?.StreamSpecification?.StreamEnabled).toBeFalsy()
      await ensureTable(client, name)
      expect((await client.send(new DescribeTableCommand({ TableName: name }))).Table?.StreamSpecification?.StreamEnabled).toBeFalsy()
      expect(await ensureTable(client, name, { stream: true })).toBe(false)
      const { Table } = await client.send(new DescribeTableCommand({ TableName: name }))
      expect(Table?.StreamSpecification).toMatchObject({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' })
      expect(await tableStreamArn(client, name)).toBe(Table?.LatestStreamArn)
      // Twice is harmless: the second start finds it on.
      await ensureTable(client, name, { stream: true })
    } finally {
      await client.send(new DeleteTableCommand({ TableName: name }))
    }
  })
})
