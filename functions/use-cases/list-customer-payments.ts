import type { Page } from '../db/repositories/orders.ts'
import type { LedgerRepository } from '../db/repositories/ledger.ts'
import type { Payment } from '../domain/order.ts'
import { ValidationError } from '../lib/errors.ts'

/** The caller's payment history, newest first, from the customer index (one Query per page). */
export async function listCustomerPayments({ payments, userId, limit, cursor }: { payments: Pick<LedgerRepository, 'listForCustomer'>; userId: string; limit: number; cursor?: string }): Promise<Page<Payment>> {
  try {
    return await payments.listForCustomer(userId, { limit, cursor: cursor || null })
  } catch (err) {
    // A cursor the index cannot use (tampered with) is bad input, not a server error.
    if (cursor && err instanceof Error && /cursor|ExclusiveStartKey|starting key|ValidationException/i.test(`${err.name} ${err.message}`)) {
      throw new ValidationError('Invalid cursor', { cursor: 'Invalid cursor' })
    }
    throw err
  }
}
