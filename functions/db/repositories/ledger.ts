import type { Payment } from '../../domain/order.ts'
import { paymentEntity } from '../entities/payment.ts'
import type { TableConfig } from '../table.ts'
import type { Page } from './orders.ts'

/**
 * The payments as recorded (read only): a customer's history and the shop's ledger. Apart from
 * the checkouts (payments.ts), which only the payment flow and the webhook write, so the admin
 * function does not carry the webhook's write path.
 */
export interface LedgerRepository {
  /** The customer's payments, newest first (gsi1). */
  listForCustomer(customerId: string, opts?: { limit?: number; cursor?: string | null }): Promise<Page<Payment>>
  /** Every payment, newest first (gsi2, the ledger partition): one Query, paged through. */
  listLedger(): Promise<Payment[]>
}

export function createLedgerRepository({ table, client }: TableConfig): LedgerRepository {
  const payment = paymentEntity({ table, client })
  return {
    async listForCustomer(customerId, { limit = 20, cursor = null } = {}) {
      const res = await payment.query.byCustomer({ customerId }).go({ order: 'desc', limit, cursor })
      return { items: res.data as Payment[], cursor: res.cursor ?? null }
    },
    async listLedger() {
      const { data } = await payment.query.byLedger({ ledger: 'all' }).go({ order: 'desc', pages: 'all' })
      return data as Payment[]
    },
  }
}
