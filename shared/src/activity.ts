/**
 * The staff audit log as the admin Activity views read it (GET /api/admin/orders/{orderId}/activity,
 * GET /api/admin/customers/{id}/activity; docs/api.md). Staff only: the customer never sees it.
 */

/** One thing that changed: its label and the readable values before and after ('' = none). */
export interface ActivityChange {
  field: string
  before: string
  after: string
}

/** One staff action: when, who (their name then), what (a stable code and a summary), on what, and what changed. */
export interface ActivityEntry {
  id: string
  at: string
  actorId: string
  actorName: string
  action: string
  summary: string
  orderId: string | null
  orderNumber: string | null
  customerId: string | null
  changes: ActivityChange[]
}

export interface ActivityPage {
  items: ActivityEntry[]
  /** The next (older) page's cursor; null on the last page. */
  cursor: string | null
}

/** Entries a page holds unless `limit` says otherwise (at most ACTIVITY_MAX_PAGE). */
export const ACTIVITY_PAGE_SIZE = 20
export const ACTIVITY_MAX_PAGE = 50

/** A record id as the cursor gives it out (time-sortable: 9 base-36 time digits, 12 hex). */
export const ACTIVITY_CURSOR = /^[0-9a-z]{9}[0-9a-f]{12}$/

/** The Activity views' words. */
export const activityText = {
  title: 'Activity',
  description: 'Every staff change, newest first: who made it, when, and what it changed.',
  empty: 'No staff activity yet.',
  loading: 'Loading activity...',
  loadFailed: 'Could not load the activity.',
  loadMore: 'Load more',
  none: '—',
} as const
