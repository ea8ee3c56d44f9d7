import { newDocumentClient } from '../../functions/db/client.ts'
import { Entity } from 'electrodb'
import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor, InvalidCursorError, isCursorError } from '../../functions/db/cursor.ts'
import { notificationSchema } from '../../functions/db/entities/notification.ts'
import { profileSchema } from '../../functions/db/entities/profile.ts'
import { unreadNotificationsSchema } from '../../functions/db/entities/unread-notifications.ts'
import { notificationWrites } from '../../functions/db/repositories/notification-writes.ts'
import type { NotificationRepository } from '../../functions/db/repositories/notifications.ts'
import { createService } from '../../functions/db/service.ts'
import type { Notification } from '../../functions/domain/order.ts'
import { NotFoundError, ValidationError } from '../../functions/lib/errors.ts'
import { listNotifications, markNotificationRead } from '../../functions/use-cases/customer-notifications.ts'
import { listNotificationsQuerySchema } from '../../shared/src/schemas/notifications.ts'

const USER = 'user-a'
const n = (id: string, read = false, userId = USER): Notification => ({ userId, notificationId: id, title: 'Status Update', message: 'm', read, createdAt: '2026-01-01T00:00:00.000Z' })

/** A repository fake that records what the use case asked for. */
function fakeList(result: Awaited<ReturnType<NotificationRepository['listPage']>> | Error) {
  const asked: { userId: string; limit: number; cursor?: string | null }[] = []
  const notifications: Pick<NotificationRepository, 'listPage'> = {
    listPage: async (userId, opts) => {
      asked.push({ userId, ...opts })
      if (result instanceof Error) throw result
      return result
    },
  }
  return { notifications, asked }
}

describe('listNotifications', () => {
  it('asks for the caller\'s page with the limit and cursor, and returns the items, the next cursor and the count', async () => {
    const { notifications, asked } = fakeList({ items: [n('2'), n('1', true)], cursor: 'next', unreadCount: 1234 })
    const res = await listNotifications({ notifications, userId: USER, limit: 2, cursor: 'abc' })
    expect(asked).toEqual([{ userId: USER, limit: 2, cursor: 'abc' }])
    expect(res).toEqual({ items: [n('2'), n('1', true)], cursor: 'next', unreadCount: 1234 })
  })

  it('reads the first page for an empty cursor', async () => {
    const { notifications, asked } = fakeList({ items: [], cursor: null, unreadCount: 0 })
    await listNotifications({ notifications, userId: USER, limit: 20, cursor: '' })
    expect(asked[0].cursor).toBeNull()
  })

  it('never shows a count below 0 (notifications older than the count, marked read before the backfill)', async () => {
    const { notifications } = fakeList({ items: [n('1', true)], cursor: null, unreadCount: -2 })
    expect((await listNotifications({ notifications, userId: USER, limit: 20 })).unreadCount).toBe(0)
  })

  it('answers a cursor the list refuses with a 400 "Invalid cursor", whoever refuses it', async () => {
    const dynamo = Object.assign(new Error('The provided starting key is invalid'), { name: 'ValidationException' })
    for (const refusal of [new InvalidCursorError(), new Error('Unable to parse cursor'), dynamo]) {
      const { notifications } = fakeList(refusal)
      const err = await listNotifications({ notifications, userId: USER, limit: 20, cursor: 'x' }).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(ValidationError)
      expect(err).toMatchObject({ message: 'Invalid cursor', fields: { cursor: 'Invalid cursor' } })
    }
  })

  it('lets other failures through (a 500, not a 400 blaming the client)', async () => {
    const { notifications } = fakeList(new Error('socket hang up'))
    await expect(listNotifications({ notifications, userId: USER, limit: 20, cursor: 'x' })).rejects.toThrow('socket hang up')
    // Without a cursor there is nothing of the client's to blame.
    const { notifications: noCursor } = fakeList(Object.assign(new Error('Invalid'), { name: 'ValidationException' }))
    await expect(listNotifications({ notifications: noCursor, userId: USER, limit: 20 })).rejects.not.toBeInstanceOf(ValidationError)
  })
})

describe('markNotificationRead', () => {
  it('returns the notification read, also when it already was; an unknown or foreign one is a 404', async () => {
    const stored = new Map([['1', n('1', true)], ['2', n('2', false)]])
    const notifications: Pick<NotificationRepository, 'markRead'> = {
      markRead: async (userId, id) => {
        const found = userId === USER ? stored.get(id) : undefined
        return found ? { ...found, read: true } : null
      },
    }
    expect(await markNotificationRead({ notifications, userId: USER, notificationId: '2' })).toMatchObject({ notificationId: '2', read: true })
    expect(await markNotificationRead({ notifications, userId: USER, notificationId: '1' })).toMatchObject({ notificationId: '1', read: true })
    await expect(markNotificationRead({ notifications, userId: 'user-b', notificationId: '1' })).rejects.toBeInstanceOf(NotFoundError)
    await expect(markNotificationRead({ notifications, userId: USER, notificationId: 'nope' })).rejects.toMatchObject({ message: 'Notification not found' })
  })
})

describe('the notifications query', () => {
  const LIMIT_RANGE = 'limit must be between 1 and 50'
  const parse = (q: Record<string, string>) => listNotificationsQuerySchema.safeParse(q)

  it('pages 20 by default, at most 50', () => {
    expect(parse({}).data).toEqual({ limit: 20 })
    expect(parse({ limit: '50', cursor: 'abc' }).data).toEqual({ limit: 50, cursor: 'abc' })
    expect(parse({ limit: '1' }).data?.limit).toBe(1)
  })

  it('refuses other limits with one message', () => {
    for (const limit of ['0', '51', '-1', '2.5', 'ten', '']) {
      const r = parse({ limit })
      expect(r.success, limit).toBe(false)
      expect(r.error?.issues[0].message, limit).toBe(LIMIT_RANGE)
    }
  })

  it('refuses a cursor longer than any the list gives out', () => {
    expect(parse({ cursor: 'a'.repeat(2_049) }).error?.issues[0].message).toBe('Invalid cursor')
  })
})

describe('cursors (functions/db/cursor.ts)', () => {
  it('reads back the key it was made of, and nothing that is not a { pk, sk } of strings', () => {
    const key = { pk: '$gunsmith#userid_a', sk: '$notification_1#notificationid_1' }
    expect(decodeCursor(encodeCursor(key))).toEqual(key)
    const forged = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
    for (const bad of ['%%%', 'bm90IGpzb24', forged(null), forged([1]), forged({ pk: 'a' }), forged({ pk: 'a', sk: 1 }), forged({ ...key, gsi1pk: 'x' })]) {
      expect(decodeCursor(bad), bad).toBeNull()
    }
  })

  it('tells refusals of a cursor from other failures', () => {
    expect(isCursorError(new InvalidCursorError())).toBe(true)
    expect(isCursorError(new Error('Unable to parse cursor'))).toBe(true)
    expect(isCursorError(Object.assign(new Error('The provided starting key is invalid'), { name: 'ValidationException' }))).toBe(true)
    expect(isCursorError(new Error('socket hang up'))).toBe(false)
    expect(isCursorError('cursor')).toBe(false)
  })
})

describe('storage of the unread count', () => {
  const client = newDocumentClient({ region: 'us-east-1' })
  const keyOf = (schema: ConstructorParameters<typeof Entity>[0], composite: Record<string, string>) =>
    (new Entity(schema, { table: 't', client }).get(composite as never).params() as { Key: { pk: string; sk: string } }).Key

  it('sorts the count item right above every notification of the user and below their profile, so the first page\'s Query reads it', () => {
    const count = keyOf(unreadNotificationsSchema, { userId: 'u1' })
    const profile = keyOf(profileSchema, { userId: 'u1' })
    const newest = keyOf(notificationSchema, { userId: 'u1', notificationId: 'zzzzzzzzzzzzzzzzzzzzz' })
    const oldest = keyOf(notificationSchema, { userId: 'u1', notificationId: '000000000000000000000' })
    expect(new Set([count.pk, profile.pk, newest.pk, oldest.pk]).size).toBe(1)
    expect([profile.sk, count.sk, newest.sk, oldest.sk]).toEqual([profile.sk, count.sk, newest.sk, oldest.sk].sort().reverse())
    expect(count.sk.startsWith(newest.sk.slice(0, newest.sk.indexOf('#')))).toBe(false)
  })

  it('writes each notification and ONE count update per user with unread ones (a transaction touches an item once)', () => {
    const service = createService({ table: 't', client })
    const { TransactItems } = service.transaction
      .write((entities) => notificationWrites(entities, [n('1'), n('2'), n('3', true, 'user-b'), n('4'), n('5', true)]) as never)
      .params() as { TransactItems: Record<string, { Key?: { pk: string; sk: string }; Item?: { notificationId: string }; ExpressionAttributeValues?: Record<string, unknown> }>[] }
    expect(TransactItems.filter((i) => i.Put).map((i) => i.Put.Item!.notificationId)).toEqual(['1', '2', '3', '4', '5'])
    const updates = TransactItems.filter((i) => i.Update).map((i) => i.Update)
    expect(updates).toHaveLength(1)
    expect(updates[0].Key).toEqual({ pk: '$gunsmith#userid_user-a', sk: '$notificationsunread_1' })
    expect(updates[0].ExpressionAttributeValues).toMatchObject({ ':count_u0': 3 })
  })

  it('writes no count update when every notification is read', () => {
    const service = createService({ table: 't', client })
    const { TransactItems } = service.transaction.write((entities) => notificationWrites(entities, [n('1', true)]) as never).params() as { TransactItems: object[] }
    expect(TransactItems).toHaveLength(1)
  })
})
