/**
 * The table's stream read locally as Lambda's event source mapping reads it in AWS, handing each batch to
 * the same handler (the notifier): DescribeStream → shards → GetShardIterator → GetRecords, following
 * NextShardIterator, discovering new shards (a child shard only after its parent is read to the end).
 *
 * Lambda's semantics, kept: records of a shard in order, batches of at most `batchSize` (100) records, a
 * handler's `batchItemFailures` (ReportBatchItemFailures) retried from the first failed record, a thrown
 * error retried from the batch's first record, with backoff (1 s, 2 s, 4 s …) up to `maxAttempts` (3) in all.
 * Then the record is dead-lettered (Lambda's on-failure destination): `onDeadLetter`, and the poller goes on
 * with the records after it. (Lambda would discard the rest of that batch with it; locally only the stuck record
 * is skipped.) A handler's error never stops the poller, and a DynamoDB Local error is logged and retried.
 */
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  TrimmedDataAccessException,
  type _Record,
  type AttributeValue as StreamAttributeValue,
  type Shard,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams'
import type { AttributeValue, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda'

export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void | undefined>

export interface DeadLetter {
  /** When it was given up on (ISO). */
  at: string
  sequenceNumber: string
  eventName: string
  keys: Record<string, unknown>
  attempts: number
  error: string
}

export interface StreamPollerOptions {
  endpoint: string
  streamArn: string
  handler: StreamHandler
  /** Where reading starts on the shards open now: LATEST (a running table: only what comes next) or TRIM_HORIZON (everything kept). */
  startingPosition?: 'LATEST' | 'TRIM_HORIZON'
  batchSize?: number
  /** Attempts of a failing record in all, the first one included. */
  maxAttempts?: number
  /** The first retry's wait; each next one doubles it. */
  backoffMs?: number
  /** Wait between two reads that found nothing. */
  pollMs?: number
  /** How often the shard list is read again (new shards). */
  discoverMs?: number
  region?: string
  onDeadLetter?: (d: DeadLetter) => void
  log?: (line: string) => void
  /** How long stop() waits for a handler call in flight. */
  stopTimeoutMs?: number
}

export interface StreamPoller {
  /** Resolves once the shards are known and their iterators taken: a write after it is read (LATEST included). */
  readonly ready: Promise<void>
  /** Records handed to the handler successfully so far. */
  readonly delivered: number
  readonly deadLetters: readonly DeadLetter[]
  /** Stops reading; resolves once the batch in hand (and its retries) is done or abandoned. */
  stop(): Promise<void>
}

interface ShardState {
  shardId: string
  parentShardId?: string
  iterator?: string
  /** The last record handed over (or dead-lettered): where a fresh iterator starts after an expiry. */
  lastSequence?: string
  /** Read to its end (a closed shard). */
  done: boolean
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err))

/** The SDK's attribute value (binary as bytes) as Lambda's event carries it (binary as base64). */
function toLambdaValue(v: StreamAttributeValue): AttributeValue {
  const base64 = (b: Uint8Array) => Buffer.from(b).toString('base64')
  if (v.B !== undefined) return { B: base64(v.B) }
  if (v.BS !== undefined) return { BS: v.BS.map(base64) }
  if (v.M !== undefined) return { M: toLambdaImage(v.M) ?? {} }
  if (v.L !== undefined) return { L: v.L.map(toLambdaValue) }
  const { $unknown: _unknown, ...rest } = v as StreamAttributeValue & { $unknown?: unknown }
  return rest as AttributeValue
}

const toLambdaImage = (image: Record<string, StreamAttributeValue> | undefined) =>
  image && (Object.fromEntries(Object.entries(image).map(([k, v]) => [k, toLambdaValue(v)])) as Record<string, AttributeValue>)

/** A GetRecords record as the record of a DynamoDBStreamEvent Lambda would deliver. */
export function toLambdaRecord(r: _Record, streamArn: string, region: string): DynamoDBRecord {
  const d = r.dynamodb ?? {}
  const created = d.ApproximateCreationDateTime
  return {
    eventID: r.eventID,
    eventName: r.eventName as DynamoDBRecord['eventName'],
    eventVersion: r.eventVersion,
    eventSource: r.eventSource ?? 'aws:dynamodb',
    awsRegion: region,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(created ? { ApproximateCreationDateTime: Math.floor(new Date(created).getTime() / 1000) } : {}),
      Keys: toLambdaImage(d.Keys),
      ...(d.NewImage ? { NewImage: toLambdaImage(d.NewImage) } : {}),
      ...(d.OldImage ? { OldImage: toLambdaImage(d.OldImage) } : {}),
      SequenceNumber: d.SequenceNumber,
      SizeBytes: d.SizeBytes,
      StreamViewType: d.StreamViewType as NonNullable<DynamoDBRecord['dynamodb']>['StreamViewType'],
    },
    ...(r.userIdentity ? { userIdentity: r.userIdentity } : {}),
  }
}

export function startStreamPoller(opts: StreamPollerOptions): StreamPoller {
  const {
    endpoint,
    streamArn,
    handler,
    startingPosition = 'LATEST',
    batchSize = 100,
    maxAttempts = 3,
    backoffMs = 1000,
    pollMs = 500,
    discoverMs = 5000,
    region = process.env.AWS_REGION ?? 'us-east-1',
    onDeadLetter,
    log = (line: string) => console.error(line),
    stopTimeoutMs = 5000,
  } = opts
  const client = new DynamoDBStreamsClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } })
  const shards = new Map<string, ShardState>()
  const deadLetters: DeadLetter[] = []
  let delivered = 0
  let stopped = false
  /** Wakes the loop from a wait at stop. */
  let wake: (() => void) | undefined
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopped) return resolve()
      const t = setTimeout(done, ms)
      function done() {
        clearTimeout(t)
        wake = undefined
        resolve()
      }
      wake = done
    })

  /** Reads the shard list; shards open at the first read start at `startingPosition`, later ones at their beginning. */
  async function discover(first: boolean) {
    const found: Shard[] = []
    let start: string | undefined
    do {
      const { StreamDescription: d } = await client.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }))
      found.push(...(d?.Shards ?? []))
      start = d?.LastEvaluatedShardId
    } while (start)
    for (const s of found) {
      if (!s.ShardId || shards.has(s.ShardId)) continue
      const closed = Boolean(s.SequenceNumberRange?.EndingSequenceNumber)
      // At the first read, LATEST skips a closed shard entirely (nothing more will come to it).
      const skip = first && startingPosition === 'LATEST' && closed
      // Known only once it has its iterator: a failed GetShardIterator is tried again at the next discovery.
      const iterator = skip ? undefined : await iteratorFor(s.ShardId, first ? startingPosition : 'TRIM_HORIZON')
      shards.set(s.ShardId, { shardId: s.ShardId, parentShardId: s.ParentShardId, iterator, done: !iterator })
    }
  }

  async function iteratorFor(shardId: string, type: ShardIteratorType, sequenceNumber?: string) {
    const { ShardIterator } = await client.send(
      new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type, ...(sequenceNumber ? { SequenceNumber: sequenceNumber } : {}) }),
    )
    return ShardIterator
  }

  /** A parent still being read holds its children back (Lambda reads a parent shard to its end first). */
  const readable = (s: ShardState) => !s.done && s.iterator && !(s.parentShardId && shards.get(s.parentShardId) && !shards.get(s.parentShardId)!.done)

  /** Hands one batch over until every record is delivered or dead-lettered (or the poller stops). */
  async function deliver(records: _Record[]) {
    let pending = records
    let attempt = 1
    let firstFailed: string | undefined
    while (pending.length) {
      const event: DynamoDBStreamEvent = { Records: pending.map((r) => toLambdaRecord(r, streamArn, region)) }
      let failedAt = -1
      let error = ''
      try {
        const res = await handler(event)
        const failures = new Set((res?.batchItemFailures ?? []).map((f) => f.itemIdentifier))
        if (failures.size) {
          failedAt = pending.findIndex((r) => failures.has(r.dynamodb?.SequenceNumber ?? ''))
          // An identifier that is none of the batch's: Lambda fails the whole batch.
          if (failedAt < 0) failedAt = 0
          error = 'reported in batchItemFailures'
        }
      } catch (err) {
        failedAt = 0
        error = message(err)
      }
      if (failedAt < 0) {
        delivered += pending.length
        return
      }
      delivered += failedAt
      pending = pending.slice(failedAt)
      const seq = pending[0].dynamodb?.SequenceNumber ?? ''
      if (seq !== firstFailed) {
        firstFailed = seq
        attempt = 1
      }
      if (attempt >= maxAttempts) {
        const r = pending[0]
        const dead: DeadLetter = {
          at: new Date().toISOString(),
          sequenceNumber: seq,
          eventName: r.eventName ?? '',
          keys: Object.fromEntries(Object.entries(r.dynamodb?.Keys ?? {}).map(([k, v]) => [k, v.S ?? v.N ?? v])),
          attempts: attempt,
          error,
        }
        deadLetters.push(dead)
        log(`stream poller: dead-lettered ${dead.eventName} ${JSON.stringify(dead.keys)} (sequence ${seq}) after ${attempt} attempts: ${error}`)
        try {
          onDeadLetter?.(dead)
        } catch (err) {
          log(`stream poller: could not record the dead letter: ${message(err)}`)
        }
        pending = pending.slice(1)
        firstFailed = undefined
        continue
      }
      if (stopped) return
      const wait = backoffMs * 2 ** (attempt - 1)
      log(`stream poller: the handler failed on ${pending[0].eventName} (sequence ${seq}), attempt ${attempt} of ${maxAttempts}: ${error}; again in ${wait} ms`)
      attempt += 1
      await sleep(wait)
      if (stopped) return
    }
  }

  /** One GetRecords of a shard (its records handed over); true when it returned records. */
  async function readShard(s: ShardState): Promise<boolean> {
    let res
    try {
      res = await client.send(new GetRecordsCommand({ ShardIterator: s.iterator, Limit: batchSize }))
    } catch (err) {
      if (err instanceof ExpiredIteratorException || err instanceof TrimmedDataAccessException) {
        s.iterator = s.lastSequence ? await iteratorFor(s.shardId, 'AFTER_SEQUENCE_NUMBER', s.lastSequence) : await iteratorFor(s.shardId, 'TRIM_HORIZON')
        return true
      }
      throw err
    }
    const records = res.Records ?? []
    if (records.length) {
      await deliver(records)
      s.lastSequence = records.at(-1)?.dynamodb?.SequenceNumber ?? s.lastSequence
    }
    s.iterator = res.NextShardIterator
    if (!s.iterator) {
      // A closed shard read to its end: its children are read next (look for them now).
      s.done = true
      rediscover = true
    }
    return records.length > 0
  }

  let discovered = false
  let rediscover = false
  let markReady: () => void = () => undefined
  const ready = new Promise<void>((resolve) => (markReady = resolve))

  async function loop() {
    let lastDiscover = 0
    let failing = false
    while (!stopped) {
      try {
        if (!discovered || rediscover || Date.now() - lastDiscover >= discoverMs) {
          rediscover = false
          await discover(!discovered)
          if (!discovered) markReady()
          discovered = true
          lastDiscover = Date.now()
        }
        let busy = false
        for (const s of [...shards.values()]) {
          if (stopped) break
          if (readable(s)) busy = (await readShard(s)) || busy
        }
        failing = false
        if (!busy) await sleep(pollMs)
      } catch (err) {
        // DynamoDB Local going away at stop, or a hiccup: say it once, try again.
        if (stopped) break
        if (!failing) log(`stream poller: reading the stream failed (trying again): ${message(err)}`)
        failing = true
        // Whoever waits for the start is not held up by a stream that cannot be read yet.
        markReady()
        await sleep(Math.max(pollMs, 1000))
      }
    }
    markReady()
  }
  const running = loop()

  return {
    ready,
    get delivered() {
      return delivered
    },
    deadLetters,
    async stop() {
      stopped = true
      wake?.()
      // A handler call in flight may finish (it is not cut off), but a stuck one does not hold the stack's stop.
      let timer: NodeJS.Timeout | undefined
      await Promise.race([running.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, stopTimeoutMs)))])
      clearTimeout(timer)
      client.destroy()
    },
  }
}
