import { createOrderRepository } from './db/repositories/orders.ts'
import { createPaymentRepository } from './db/repositories/payments.ts'
import { defaultTable, type TableConfig } from './db/table.ts'
import { cancelClosedCheckouts } from './payments/cancel-checkouts.ts'

/**
 * The repositories as the handlers use them: an order write that closes a checkout cancels it at
 * the provider (tests build repositories without this, or with their own hook).
 */
export const orderRepository = (table: TableConfig = defaultTable()) => createOrderRepository(table, { onCheckoutsClosed: cancelClosedCheckouts })
export const paymentRepository = (table: TableConfig = defaultTable()) => createPaymentRepository(table, { onCheckoutsClosed: cancelClosedCheckouts })
