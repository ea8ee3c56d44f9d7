import type { AuditEvent } from '#functions/domain/audit.ts'
import type { Notification, Order, Payment, StatusUpdate } from '#functions/domain/order.ts'
import type { Checkout } from '#functions/domain/payment.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { stillAs } from './ledger-counters.ts'
import { commitChange, createOrderRepository, type OrderRepositoryHooks } from './orders.ts'

/**
 * Ledger entries the card provider's own events change (a refund made in its dashboard, a refund settling, a
 * dispute), across every order a charge paid, with those orders: one transaction. Each entry is written whole,
 * conditioned on the state it was read in (absent, or the same status and refunded amount), each order on its
 * version: a concurrent change makes the write throw (VersionConflict, ItemConditionFailed, ContendedTransaction)
 * and the caller reads again (lib/retry.ts). The ledger counters move by exactly the difference.
 */
export interface EntriesWrite {
  orders: Array<{ order: Order; expected: number }>
  entries: Array<{ before: Payment | null; after: Payment }>
  updates?: StatusUpdate[]
  notifications?: Notification[]
  audit?: AuditEvent[]
}

export interface ProviderLedgerRepository {
  /** One entry of an order, strongly consistent. */
  getEntry(orderId: string, paymentId: string): Promise<Payment | null>
  /** Several entries of orders, strongly consistent (missing ones left out). */
  getEntries(keys: ReadonlyArray<{ orderId: string; paymentId: string }>): Promise<Payment[]>
  /** The checkout of a card charge (which orders it paid, and how much each). */
  getCheckout(paymentIntentId: string): Promise<Checkout | null>
  write(w: EntriesWrite): Promise<Order[]>
}

export function createProviderLedgerRepository({ table, client }: TableConfig, hooks: OrderRepositoryHooks = {}): ProviderLedgerRepository {
  const service = createService({ table, client })
  const { payment, checkout } = service.entities
  const orders = createOrderRepository({ table, client }, hooks)
  const getEntry = async (orderId: string, paymentId: string) => {
    const { data } = await payment.get({ orderId, paymentId }).go({ consistent: true })
    return (data as Payment | null) ?? null
  }
  return {
    getEntry,
    async getEntries(keys) {
      // A charge pays at most a batch's orders (two entries each): a few GetItems, in parallel.
      const found = await Promise.all(keys.map((k) => getEntry(k.orderId, k.paymentId)))
      return found.filter((e): e is Payment => !!e)
    },
    async getCheckout(paymentIntentId) {
      const { data } = await checkout.get({ paymentIntentId }).go({ consistent: true })
      return (data as Checkout | null) ?? null
    },
    write(w) {
      return commitChange(orders, {
        orders: w.orders,
        putUpdates: w.updates,
        putNotifications: w.notifications,
        audit: w.audit,
        ledgerChanges: w.entries,
        items: ({ payment: entries }) => w.entries.map(({ before, after }) => entries.put({ ...after, ledger: 'all' }).where(stillAs(before)).commit()),
      })
    },
  }
}
