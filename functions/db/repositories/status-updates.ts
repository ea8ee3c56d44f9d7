import type { StatusUpdate } from '#functions/domain/order.ts'
import { statusUpdateEntity } from '../entities/status-update.ts'
import type { TableConfig } from '../table.ts'
import { isConditionalFailure } from '../conditions.ts'
import type { AuditEvent } from '#functions/domain/audit.ts'
import { createService } from '../service.ts'
import { auditWrites, resolveAudit } from './audit.ts'

/**
 * Status updates and customer notes on their own, for writes that do not change
 * the order (a note, a staff message edited or deleted). Going around saveOrder
 * keeps the order's version, so an admin's open edit of the order stays valid.
 * Writes that change the order go through OrderRepository.saveOrder extras.
 */
export interface StatusUpdateRepository {
  /** Adds a new update; never overwrites an existing one. */
  add(update: StatusUpdate): Promise<StatusUpdate>
  /** The order's updates, newest first: one Query on the order's partition. */
  listForOrder(orderId: string): Promise<StatusUpdate[]>
  get(orderId: string, updateId: string): Promise<StatusUpdate | null>
  /** Replaces the text of an existing update; null when there is no such update. */
  updateNotes(orderId: string, updateId: string, notes: string, audit?: AuditEvent): Promise<StatusUpdate | null>
  /** Deletes the update; returns what was deleted, or null when there was nothing. */
  remove(orderId: string, updateId: string, audit?: AuditEvent): Promise<StatusUpdate | null>
}

const toUpdate = (u: Partial<StatusUpdate> & Pick<StatusUpdate, 'orderId' | 'updateId'>): StatusUpdate => ({
  status: '',
  createdBy: '',
  authorLabel: '',
  createdAt: '',
  ...u,
  notes: u.notes ?? '',
  isCustomerNote: u.isCustomerNote ?? false,
  updatedAt: u.updatedAt ?? u.createdAt ?? '',
})

export function createStatusUpdateRepository({ table, client }: TableConfig): StatusUpdateRepository {
  const updates = statusUpdateEntity({ table, client })
  return {
    async add(update) {
      await updates.create(update).go()
      return update
    },
    async listForOrder(orderId) {
      const { data } = await updates.query.byOrder({ orderId }).go({ order: 'desc', pages: 'all' })
      return data.map(toUpdate)
    },
    async get(orderId, updateId) {
      const { data } = await updates.get({ orderId, updateId }).go()
      return data ? toUpdate(data) : null
    },
    async updateNotes(orderId, updateId, notes, audit) {
      if (audit) {
        // With the staff audit record, in one transaction (the patch's condition: the update exists).
        const resolved = await resolveAudit([audit])
        const result = await createService({ table, client })
          .transaction.write(({ statusUpdate, auditEvent }) => [statusUpdate.patch({ orderId, updateId }).set({ notes, updatedAt: new Date().toISOString() }).commit(), ...auditWrites({ auditEvent }, resolved)] as never)
          .go()
        return result.canceled ? null : this.get(orderId, updateId)
      }
      try {
        const { data } = await updates
          .patch({ orderId, updateId })
          .set({ notes, updatedAt: new Date().toISOString() })
          .go({ response: 'all_new' })
        return toUpdate(data as StatusUpdate)
      } catch (err) {
        if (isConditionalFailure(err)) return null
        throw err
      }
    },
    async remove(orderId, updateId, audit) {
      if (audit) {
        const resolved = await resolveAudit([audit])
        const existing = await this.get(orderId, updateId)
        if (!existing) return null
        const result = await createService({ table, client })
          .transaction.write(({ statusUpdate, auditEvent }) => [statusUpdate.delete({ orderId, updateId }).commit(), ...auditWrites({ auditEvent }, resolved)] as never)
          .go()
        if (result.canceled) throw new Error('Message not deleted')
        return existing
      }
      const { data } = await updates.delete({ orderId, updateId }).go({ response: 'all_old' })
      return data ? toUpdate(data as StatusUpdate) : null
    },
  }
}
