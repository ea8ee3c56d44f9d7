import { isConditionalFailure } from '../conditions.ts'
import { ConcurrentChange, retryOnConflict } from '#functions/lib/retry.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'

/**
 * Sets every user's unread-notification count (entities/unread-notifications.ts) from the notifications they have,
 * for users whose notifications predate the count and to repair drift; it SETs each count, so running it again
 * changes nothing. Safe while the portal runs: a count is written only if it has not moved since the recount read
 * it, else that user is counted again. The Scans only find the users.
 */
export async function backfillUnreadNotifications(config: TableConfig): Promise<{ users: number }> {
  const { notification, unreadNotifications } = createService(config).entities
  const users = new Set<string>()
  const [withNotifications, withCounts] = await Promise.all([
    notification.scan.go({ pages: 'all', attributes: ['userId'] }),
    unreadNotifications.scan.go({ pages: 'all', attributes: ['userId'] }),
  ])
  for (const { userId } of [...withNotifications.data, ...withCounts.data]) users.add(userId)
  for (const userId of users) await recount(config, userId)
  return { users: users.size }
}

async function recount(config: TableConfig, userId: string) {
  const { notification, unreadNotifications } = createService(config).entities
  // A concurrent notification write may spoil a recount: the user is counted again (the one retry policy, lib/retry.ts).
  await retryOnConflict(
    async () => {
      const { data: before } = await unreadNotifications.get({ userId }).go({ consistent: true })
      const { data: stored } = await notification.query.byUser({ userId }).go({ pages: 'all', consistent: true, attributes: ['notificationId', 'read'] })
      const count = stored.filter((n) => n.read !== true).length
      try {
        await unreadNotifications
          .put({ userId, count })
          .where(({ count: current }, { eq, notExists }) => (before?.count === undefined ? notExists(current) : eq(current, before.count)))
          .go()
      } catch (err) {
        if (isConditionalFailure(err)) throw new ConcurrentChange('The count moved since it was read', { cause: err })
        throw err
      }
    },
    { exhausted: (err) => (err as Error).cause },
  )
}
