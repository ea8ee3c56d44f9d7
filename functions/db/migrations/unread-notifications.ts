import { isConditionalFailure } from '../conditions.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'

/** Recounts of one user in a row that a concurrent notification write may spoil before giving up. */
const MAX_ATTEMPTS = 10

/**
 * Sets every user's unread-notification count (entities/unread-notifications.ts) from the
 * notifications they have: for users whose notifications predate the count, and to repair any
 * drift. It SETs each count, so running it again changes nothing. It runs once, off the request
 * path: the Scans only find the users (those with notifications, and those with a count, which
 * may have to go back to 0).
 *
 * Safe while the portal runs: each user's count is written only if it has not moved since it was
 * read before the recount (a notification written or marked read in between moves it), else that
 * user is counted again.
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
  for (let attempt = 1; ; attempt++) {
    const { data: before } = await unreadNotifications.get({ userId }).go({ consistent: true })
    const { data: stored } = await notification.query.byUser({ userId }).go({ pages: 'all', consistent: true, attributes: ['notificationId', 'read'] })
    const count = stored.filter((n) => n.read !== true).length
    try {
      await unreadNotifications
        .put({ userId, count })
        .where(({ count: current }, { eq, notExists }) => (before?.count === undefined ? notExists(current) : eq(current, before.count)))
        .go()
      return
    } catch (err) {
      if (!isConditionalFailure(err) || attempt >= MAX_ATTEMPTS) throw err
    }
  }
}
