import type { AuditRepository, StoredAuditEvent } from '../db/repositories/audit.ts'
import type { Page } from '../db/repositories/orders.ts'

type Paging = { limit: number; cursor?: string | null }

/**
 * The staff audit log of an order, newest first, a page at a time: one Query, whatever the order's
 * history. An order without records (or no such order) has an empty log; staff only (admin route).
 */
export function listOrderActivity({ audit, orderId, ...paging }: { audit: Pick<AuditRepository, 'listForOrder'>; orderId: string } & Paging): Promise<Page<StoredAuditEvent>> {
  return audit.listForOrder(orderId, paging)
}

/** A customer's audit log: their own records and those of their orders, newest first (one Query of gsi2). */
export function listCustomerActivity({ audit, customerId, ...paging }: { audit: Pick<AuditRepository, 'listForCustomer'>; customerId: string } & Paging): Promise<Page<StoredAuditEvent>> {
  return audit.listForCustomer(customerId, paging)
}
