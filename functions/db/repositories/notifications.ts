import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import { createConversions } from 'electrodb'
import type { Notification } from '#functions/domain/order.ts'
import { cancellationCodes, CONDITION_FAILED, ContendedTransaction, TRANSACTION_CONFLICT } from '../conditions.ts'
import { retryOnConflict } from '#functions/lib/retry.ts'
import { encodeCursor, ownStartKey } from '../cursor.ts'
import { notificationWrites, type TxEntities } from './notification-writes.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'

export interface NotificationPage {
  items: Notification[]
  /** The next page's cursor; null on the last page. */
  cursor: string | null
  /** The stored count of the user's unread notifications (below 0 only before the backfill: callers clamp it). */
  unreadCount: number
}

export interface NotificationRepository {
  /**
   * A page of the user's notifications, newest first, with their unread count. The first page is one
   * Query (the count item sorts right above the newest notification); a later page a Query and a GetItem.
   * Throws InvalidCursorError for a cursor that is not one of this user's pages.
   */
  listPage(userId: string, opts: { limit: number; cursor?: string | null }): Promise<NotificationPage>
  /** The user's newest notifications (at most `limit`), newest first: one Query. */
  listForUser(userId: string, limit?: number): Promise<Notification[]>
  /** Marks the user's notification read (once: the count drops only if it was unread); null when the user has no such notification. */
  markRead(userId: string, notificationId: string): Promise<Notification | null>
  add(n: Notification): Promise<Notification>
}

export function createNotificationRepository({ table, client }: TableConfig): NotificationRepository {
  const service = createService({ table, client })
  const { notification: notifications, unreadNotifications } = service.entities
  const notificationKeys = createConversions(notifications).byAccessPattern.byUser.fromComposite
  const countKeys = createConversions(unreadNotifications).byAccessPattern.byUser.fromComposite

  /** The user's partition and the prefix every notification key of theirs starts with. */
  const ownKeys = (userId: string) => notificationKeys.toKeys({ userId }) as { pk: string; sk: string }

  /** The start key of a cursor this list gave out to this user; anything else is refused before DynamoDB sees it. */
  const startKeyOf = (userId: string, cursor: string) => ownStartKey(cursor, ownKeys(userId))

  async function storedCount(userId: string): Promise<number> {
    const { data } = await unreadNotifications.get({ userId }).go()
    return data?.count ?? 0
  }

  /**
   * One attempt of a transaction: false when a condition failed; ContendedTransaction when a concurrent write
   * held one of its items (the caller retries: lib/retry.ts).
   */
  async function transact(items: (entities: TxEntities) => unknown[]): Promise<boolean> {
    const result = await service.transaction.write((entities) => items(entities) as never).go()
    if (!result.canceled) return true
    const codes = cancellationCodes(result.data)
    if (codes.includes(CONDITION_FAILED)) return false
    if (codes.includes(TRANSACTION_CONFLICT)) throw new ContendedTransaction(codes)
    throw new Error(`Notification transaction cancelled: ${JSON.stringify(codes)}`)
  }

  return {
    async listPage(userId, { limit, cursor = null }) {
      const startKey = cursor ? startKeyOf(userId, cursor) : undefined
      const own = ownKeys(userId)
      const countKey = countKeys.toKeys({ userId }) as { pk: string; sk: string }
      // One item more than the page shows, to know whether another page follows (no empty last page);
      // on the first page one more again: the count item, read first (newest first, it sorts above them all).
      const readLimit = limit + 1 + (startKey ? 0 : 1)
      const [res, laterPageCount] = await Promise.all([
        client.send(
          new QueryCommand({
            TableName: table,
            KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :firstNotification AND :count',
            ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
            ExpressionAttributeValues: { ':pk': own.pk, ':firstNotification': own.sk, ':count': countKey.sk },
            ScanIndexForward: false,
            Limit: readLimit,
            ...(startKey ? { ExclusiveStartKey: startKey } : {}),
          }),
        ),
        startKey ? storedCount(userId) : undefined,
      ])
      const rows = res.Items ?? []
      const found = rows.filter((r) => typeof r.sk === 'string' && r.sk.startsWith(own.sk))
      const page = found.slice(0, limit)
      // DynamoDB stops early at 1 MB: then there is more even without the extra item.
      const more = found.length > limit || (res.LastEvaluatedKey !== undefined && rows.length < readLimit)
      const last = page.at(-1) ?? res.LastEvaluatedKey
      const countItem = rows.find((r) => r.sk === countKey.sk)
      return {
        items: page.length ? notifications.parse({ Items: page }).data.map(toNotification) : [],
        cursor: more && last ? encodeCursor({ pk: String(last.pk), sk: String(last.sk) }) : null,
        unreadCount: laterPageCount ?? Number(countItem?.count ?? 0),
      }
    },
    async listForUser(userId, limit = 100) {
      const { data } = await notifications.query.byUser({ userId }).go({ order: 'desc', limit })
      return data.map(toNotification)
    },
    async markRead(userId, notificationId) {
      return retryOnConflict(async () => {
        const { data } = await notifications.get({ userId, notificationId }).go({ consistent: true })
        if (!data) return null
        const stored = toNotification(data)
        // Already read: nothing to write, and the count must not drop twice.
        if (stored.read) return stored
        const marked = await transact(({ notification, unreadNotifications: count }) => [
          notification
            .patch({ userId, notificationId })
            .set({ read: true })
            .where(({ read }, { eq, notExists }) => `(${notExists(read)} OR ${eq(read, false)})`)
            .commit(),
          count.update({ userId }).add({ count: -1 }).commit(),
        ])
        if (marked) return { ...stored, read: true }
        // Another request marked it read in between: read it again (it is read now).
        throw new ContendedTransaction([CONDITION_FAILED])
      })
    },
    async add(n) {
      // The same write again while a concurrent one holds the user's count.
      await retryOnConflict(async () => {
        if (!(await transact((entities) => notificationWrites(entities, [n])))) throw new Error('Notification write refused')
      })
      return n
    },
  }
}

/** Notifications stored before `read` had a default have none: unread. (`kind` is stored as a string of its type.) */
const toNotification = (n: Omit<Notification, 'read' | 'kind'> & { read?: boolean; kind?: string }): Notification => ({ ...n, read: n.read ?? false }) as Notification
