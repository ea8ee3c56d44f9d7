import type { AuditEvent } from '#functions/domain/audit.ts'
import { resolveAudit } from '#functions/domain/audit-resolve.ts'
import { createService } from '../service.ts'
import { sortableId } from '../ids.ts'
import type { TableConfig } from '../table.ts'
import type { Page } from './orders.ts'
import type { TxEntities } from './notification-writes.ts'

/** The partition of a record: its order, else its customer, else the shop (settings). */
export const auditScope = (e: Pick<AuditEvent, 'orderId' | 'customerId'>) => (e.orderId ? `order_${e.orderId}` : e.customerId ? `customer_${e.customerId}` : 'shop')

/**
 * The transaction items that append audit records: each one created only if it does not exist (ElectroDB's
 * create condition), so a record is never overwritten. Nothing in the code updates or deletes one.
 */
export const auditWrites = (entities: Pick<TxEntities, 'auditEvent'>, events: readonly AuditEvent[] = []): unknown[] =>
  events.map((e) => entities.auditEvent.create(auditItem(e)).commit())

// The records' readable text is the domain's (resolveAudit: an order's difference made readable), resolved before they are stored.
export { resolveAudit } from '#functions/domain/audit-resolve.ts'

/** A record as stored: its partition and its time-sortable id (given here unless the record has one). */
export const auditItem = ({ seq = 0, diff: _diff, ...e }: AuditEvent) => ({ ...e, auditId: e.auditId ?? sortableId(Date.parse(e.at) + seq), scope: auditScope(e) })

/** A record as read back: it has its id. */
export type StoredAuditEvent = AuditEvent & { auditId: string }

const toEvent = ({ scope: _s, ...i }: Record<string, unknown>): StoredAuditEvent => ({ ...(i as unknown as StoredAuditEvent), changes: ((i.changes as AuditEvent['changes']) ?? []).map((c) => ({ field: c.field, before: c.before ?? '', after: c.after ?? '' })) })

export interface AuditRepository {
  /** An order's records, newest first, older than `cursor` (a record id): one Query of the order's audit partition. */
  listForOrder(orderId: string, opts: { limit: number; cursor?: string | null }): Promise<Page<StoredAuditEvent>>
  /** A customer's records (their orders' and their own), newest first, older than `cursor`: one Query of gsi2. */
  listForCustomer(customerId: string, opts: { limit: number; cursor?: string | null }): Promise<Page<StoredAuditEvent>>
  /** Appends records on their own (a change that is not a transaction of ours); refused when one exists. */
  append(events: readonly AuditEvent[]): Promise<void>
}

export function createAuditRepository({ table, client }: TableConfig): AuditRepository {
  const service = createService({ table, client })
  const { auditEvent } = service.entities
  // One more than asked tells whether there is a next page; the cursor is the last record's id (the next page is older).
  const page = (data: Record<string, unknown>[], limit: number): Page<StoredAuditEvent> => {
    const items = data.slice(0, limit).map(toEvent)
    return { items, cursor: data.length > limit ? items[items.length - 1].auditId : null }
  }
  return {
    async listForOrder(orderId, { limit, cursor }) {
      const q = auditEvent.query.byScope({ scope: auditScope({ orderId }) })
      const { data } = await (cursor ? q.lt({ auditId: cursor }) : q).go({ order: 'desc', limit: limit + 1 })
      return page(data as Record<string, unknown>[], limit)
    },
    async listForCustomer(customerId, { limit, cursor }) {
      const q = auditEvent.query.byCustomer({ customerId })
      const { data } = await (cursor ? q.lt({ auditId: cursor }) : q).go({ order: 'desc', limit: limit + 1 })
      return page(data as Record<string, unknown>[], limit)
    },
    async append(given) {
      const events = await resolveAudit(given)
      if (!events.length) return
      if (events.length === 1) {
        await auditEvent.create(auditItem(events[0])).go()
        return
      }
      const result = await service.transaction.write((entities) => auditWrites(entities, events) as never).go()
      if (result.canceled) throw new Error('Audit records not written')
    },
  }
}
