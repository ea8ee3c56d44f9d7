import type { ActivityEntry, ActivityPage } from '@gs/shared/api-types'
import type { StoredAuditEvent } from '#functions/db/repositories/audit.ts'
import type { Page } from '#functions/db/repositories/orders.ts'

/** An audit record as the admin Activity views show it (staff only). */
export const presentActivity = (e: StoredAuditEvent): ActivityEntry => ({
  id: e.auditId,
  at: e.at,
  actorId: e.actorId,
  actorName: e.actorName,
  action: e.action,
  summary: e.summary,
  orderId: e.orderId ?? null,
  orderNumber: e.orderNumber ?? null,
  customerId: e.customerId ?? null,
  changes: e.changes.map(({ field, before, after }) => ({ field, before, after })),
})

export const presentActivityPage = (page: Page<StoredAuditEvent>): ActivityPage => ({ items: page.items.map(presentActivity), cursor: page.cursor })
