import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { createConversions } from 'electrodb'
import type { Notification } from '#functions/domain/order.ts'
import { isConditionalFailure } from '../conditions.ts'
import { encodeCursor, ownStartKey } from '../cursor.ts'
import { filteredPage } from '../filtered-pages.ts'
import { notificationEntity } from '../entities/notification.ts'
import type { TableConfig } from '../table.ts'

/**
 * A notification's delivery outside the portal (email, SMS), stored on the notification item
 * (`delivery.email`, `delivery.sms`) by the notifier (functions/notify/notifier.ts). Every change is a
 * compare-and-set on the state the notifier read, so two deliveries of one stream record never both
 * claim a channel, and staff read the status with the notification (listForOrder).
 */
export const DELIVERY_CHANNELS = ['email', 'sms'] as const
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number]
/** `batched`: held for the order's digest (functions/notify/digest-join.ts); the digest sender then records how it went. */
export type DeliveryStatus = 'sending' | 'sent' | 'failed' | 'skipped' | 'batched'

export interface ChannelDelivery {
  status: DeliveryStatus
  /** Send attempts started (a claim counts one). */
  attempts: number
  /** When the status was set (ISO). */
  at: string
  /** The provider's message id, once sent. */
  messageId?: string
  /** Why it was skipped, or the error code of the last failure (never an address or a message body). */
  reason?: string
}

export type NotificationDelivery = Partial<Record<DeliveryChannel, ChannelDelivery>>

export interface DeliveredNotification extends Notification {
  /** Absent until the notifier first looks at the notification. */
  delivery?: NotificationDelivery
}

export interface NotificationKey {
  userId: string
  notificationId: string
}

export interface NotificationDeliveryRepository {
  /** The notification as stored now (a strongly consistent GetItem), or null. */
  get(key: NotificationKey): Promise<DeliveredNotification | null>
  /**
   * Sets the channel's state to `next` only if it is still `expected` (undefined: the channel has none
   * yet). False, and nothing written, when it changed in between (or the notification is gone).
   */
  transition(key: NotificationKey, channel: DeliveryChannel, expected: ChannelDelivery | undefined, next: ChannelDelivery, hasDelivery: boolean): Promise<boolean>
  /**
   * A page of the user's notifications about one order, newest first, with their delivery: ONE Query
   * of the user's partition filtered on the order, reading at most ORDER_NOTIFICATIONS_READ_BUDGET
   * items (a page may then hold fewer than `limit`, with a cursor to go on). InvalidCursorError for a
   * cursor that is not of this user's notifications.
   */
  listForOrder(userId: string, orderId: string, opts: { limit: number; cursor?: string | null }): Promise<{ items: DeliveredNotification[]; cursor: string | null }>
}

/** Items one page of an order's notifications may read (DynamoDB's Limit counts them before the filter). */
export const ORDER_NOTIFICATIONS_READ_BUDGET = 200

type Item = Record<string, unknown>

export function createNotificationDeliveryRepository({ table, client }: TableConfig): NotificationDeliveryRepository {
  const notifications = notificationEntity({ table, client })
  const keys = createConversions(notifications).byAccessPattern.byUser.fromComposite
  const keyOf = (k: NotificationKey) => keys.toKeys(k) as { pk: string; sk: string }
  /** The user's partition and the prefix of every notification key of theirs. */
  const ownKeys = (userId: string) => keys.toKeys({ userId }) as { pk: string; sk: string }
  const parse = (items: Item[]): DeliveredNotification[] => (items.length ? (notifications.parse({ Items: items }).data as unknown[]).map(toDelivered) : [])

  return {
    async get(key) {
      const res = await client.send(new GetCommand({ TableName: table, Key: keyOf(key), ConsistentRead: true }))
      return res.Item ? (parse([res.Item])[0] ?? null) : null
    },

    async transition(key, channel, expected, next, hasDelivery) {
      const names: Record<string, string> = { '#pk': 'pk', '#d': 'delivery' }
      const values: Record<string, unknown> = {}
      let update: string
      let condition = 'attribute_exists(#pk)'
      if (!hasDelivery) {
        // No delivery map yet: a nested path cannot be set under a missing map, so the whole map is written.
        update = 'SET #d = :whole'
        values[':whole'] = { [channel]: clean(next) }
        condition += ' AND attribute_not_exists(#d)'
      } else {
        names['#c'] = channel
        update = 'SET #d.#c = :next'
        values[':next'] = clean(next)
        if (!expected) condition += ' AND attribute_not_exists(#d.#c)'
        else {
          Object.assign(names, { '#s': 'status', '#a': 'attempts', '#t': 'at' })
          Object.assign(values, { ':es': expected.status, ':ea': expected.attempts, ':et': expected.at })
          condition += ' AND #d.#c.#s = :es AND #d.#c.#a = :ea AND #d.#c.#t = :et'
        }
      }
      try {
        await client.send(
          new UpdateCommand({ TableName: table, Key: keyOf(key), UpdateExpression: update, ConditionExpression: condition, ExpressionAttributeNames: names, ExpressionAttributeValues: values }),
        )
        return true
      } catch (err) {
        if (isConditionalFailure(err)) return false
        throw err
      }
    },

    async listForOrder(userId, orderId, { limit, cursor = null }) {
      const own = ownKeys(userId)
      const keyCursor = (k: Record<string, unknown>) => encodeCursor({ pk: String(k.pk), sk: String(k.sk) })
      const page = await filteredPage(
        async (readLimit, from) => {
          const res = await client.send(
            new QueryCommand({
              TableName: table,
              KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
              FilterExpression: '#orderId = :orderId',
              ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk', '#orderId': 'orderId' },
              ExpressionAttributeValues: { ':pk': own.pk, ':prefix': own.sk, ':orderId': orderId },
              ScanIndexForward: false,
              Limit: readLimit,
              ...(from ? { ExclusiveStartKey: ownStartKey(from, own) } : {}),
            }),
          )
          return { data: (res.Items ?? []) as Item[], cursor: res.LastEvaluatedKey ? keyCursor(res.LastEvaluatedKey) : null }
        },
        { limit, cursor, readBudget: ORDER_NOTIFICATIONS_READ_BUDGET, cursorAfter: keyCursor },
      )
      return { items: parse(page.items), cursor: page.cursor }
    },
  }
}

/**
 * A notification item as a DynamoDB Stream image carries it (unmarshalled), or null when the image is
 * not a notification of this service (ElectroDB's `__edb_e__` marker) or does not parse.
 */
export function notificationFromImage(image: Item, config: TableConfig): DeliveredNotification | null {
  if (image.__edb_e__ !== 'notification') return null
  try {
    const data = notificationEntity(config).parse({ Item: image }).data as unknown
    return data ? toDelivered(data) : null
  } catch {
    return null
  }
}

/** Notifications stored before `read` had a default have none: unread. */
function toDelivered(n: unknown): DeliveredNotification {
  const item = n as DeliveredNotification & { read?: boolean }
  return { ...item, read: item.read ?? false }
}

/** No undefined values in what is written (the document client would refuse them in a nested map). */
function clean(d: ChannelDelivery): ChannelDelivery {
  return Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined)) as unknown as ChannelDelivery
}
