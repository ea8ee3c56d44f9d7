import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { isConditionalFailure } from '../conditions.ts'
import type { TableConfig } from '../table.ts'

/**
 * The open digests of customer notifications (docs/notifications.md, "Batching"): one item per customer and order,
 * opened by the first change the notifier batches, joined by the later ones, and claimed once, when due, by the
 * digest sender (functions/notify/digest.ts). Raw items: only the notifier and the sender read them.
 *
 * Keys: pk `$gunsmith#digest#<userId>#<orderId>`, sk `$digest`; in gsi1 (overloaded, like every list index)
 * gsi1pk `$gunsmith#digests`, gsi1sk `<dueAt>#<userId>#<orderId>`, so due digests are one Query, oldest first.
 */

/** One change in a digest, as the notifier stored it (a JSON string in the item's string set: adding it twice is once). */
export interface DigestEntry {
  notificationId: string
  kind: string
  title: string
  message: string
  context: string
  essential: boolean
  trackingUrl?: string
  carrier?: string
  createdAt: string
}

export interface Digest {
  userId: string
  orderId: string
  dueAt: string
  /** Oldest first (by notification id, time-sortable). */
  entries: DigestEntry[]
  /** Channels already sent by an earlier claim whose other channel failed (never sent again). */
  done: string[]
  /** Claims that failed to send, so far. */
  attempts: number
}

export interface DigestKey {
  userId: string
  orderId: string
}

export interface NotificationDigestRepository {
  /**
   * Adds the change to the customer's open digest of the order, opening one due at `dueAt` when there is none (one
   * conditional-free UpdateItem: a change joins whatever digest is open when it lands, or opens the next).
   */
  join(key: DigestKey, entry: DigestEntry, dueAt: string): Promise<void>
  /** Up to `limit` digests due at or before `now`, oldest first: one Query of gsi1 (eventually consistent: claim before use). */
  due(now: string, limit: number): Promise<Array<DigestKey & { dueAt: string }>>
  /**
   * Takes the digest: a conditional delete returning what it held. Exactly one of any number of concurrent claims gets
   * it; the others get null (as does a digest no longer there).
   */
  claim(key: DigestKey): Promise<Digest | null>
  /** Puts a claimed digest back after a failed send, due again at `dueAt`, with what was already sent (merged with any newer changes). */
  reopen(digest: Digest, dueAt: string): Promise<void>
}

/** The index partition of every open digest. */
const DUE_PARTITION = '$gunsmith#digests'
const DIGEST_SK = '$digest'

export const digestKeys = ({ userId, orderId }: DigestKey) => ({ pk: `$gunsmith#digest#${userId}#${orderId}`, sk: DIGEST_SK })
const dueKey = (dueAt: string, { userId, orderId }: DigestKey) => `${dueAt}#${userId}#${orderId}`

type Item = Record<string, unknown>

function toDigest(item: Item): Digest {
  const entries = [...((item.entries as Set<string> | undefined) ?? [])].map((e) => JSON.parse(e) as DigestEntry)
  entries.sort((a, b) => (a.notificationId < b.notificationId ? -1 : a.notificationId > b.notificationId ? 1 : 0))
  return {
    userId: String(item.userId),
    orderId: String(item.orderId),
    dueAt: String(item.dueAt),
    entries,
    done: [...((item.done as Set<string> | undefined) ?? [])],
    attempts: Number(item.attempts ?? 0),
  }
}

export function createNotificationDigestRepository({ table, client }: TableConfig): NotificationDigestRepository {
  /** ADD to the sets (and to attempts), SET the due time only when the item is new. */
  async function upsert(key: DigestKey, entries: string[], dueAt: string, more: { done?: string[]; attempts?: number } = {}) {
    const names: Record<string, string> = { '#e': 'entries', '#due': 'dueAt', '#g1pk': 'gsi1pk', '#g1sk': 'gsi1sk', '#u': 'userId', '#o': 'orderId', '#t': 'itemType' }
    const values: Record<string, unknown> = { ':e': new Set(entries), ':due': dueAt, ':g1pk': DUE_PARTITION, ':g1sk': dueKey(dueAt, key), ':u': key.userId, ':o': key.orderId, ':t': 'notificationDigest' }
    const adds = ['#e :e']
    if (more.done?.length) {
      names['#done'] = 'done'
      values[':done'] = new Set(more.done)
      adds.push('#done :done')
    }
    if (more.attempts) {
      names['#a'] = 'attempts'
      values[':a'] = more.attempts
      adds.push('#a :a')
    }
    await client.send(
      new UpdateCommand({
        TableName: table,
        Key: digestKeys(key),
        UpdateExpression: `ADD ${adds.join(', ')} SET #due = if_not_exists(#due, :due), #g1pk = :g1pk, #g1sk = if_not_exists(#g1sk, :g1sk), #u = :u, #o = :o, #t = :t`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    )
  }

  return {
    join: (key, entry, dueAt) => upsert(key, [JSON.stringify(entry)], dueAt),

    async due(now, limit) {
      const res = await client.send(
        new QueryCommand({
          TableName: table,
          IndexName: 'gsi1',
          KeyConditionExpression: '#pk = :pk AND #sk <= :now',
          ExpressionAttributeNames: { '#pk': 'gsi1pk', '#sk': 'gsi1sk' },
          // Anything due at `now` to the millisecond sorts after the bare time ("…Z#user…" > "…Z"): the next run takes it.
          ExpressionAttributeValues: { ':pk': DUE_PARTITION, ':now': now },
          Limit: limit,
        }),
      )
      return (res.Items ?? []).map((i) => ({ userId: String(i.userId), orderId: String(i.orderId), dueAt: String(i.dueAt) }))
    },

    async claim(key) {
      try {
        const res = await client.send(
          new DeleteCommand({ TableName: table, Key: digestKeys(key), ConditionExpression: 'attribute_exists(#pk)', ExpressionAttributeNames: { '#pk': 'pk' }, ReturnValues: 'ALL_OLD' }),
        )
        return res.Attributes ? toDigest(res.Attributes) : null
      } catch (err) {
        if (isConditionalFailure(err)) return null
        throw err
      }
    },

    reopen: (digest, dueAt) => upsert(digest, digest.entries.map((e) => JSON.stringify(e)), dueAt, { done: digest.done, attempts: digest.attempts + 1 }),
  }
}
