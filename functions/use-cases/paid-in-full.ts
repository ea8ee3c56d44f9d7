import { ADMIN_AUTHOR_LABEL } from '@gs/shared/statuses'
import { paidInFullTexts } from '@gs/shared/payment-notification-texts'
import { sortableId } from '../db/ids.ts'
import { invoiceOf, type Order, type StatusUpdate } from '../domain/order.ts'

/** The status an order takes when a payment settles its invoice (spec: "Payment Received"). */
export const PAYMENT_RECEIVED_STATUS = 'payment_received'
export const SYSTEM_USER = 'system'

/**
 * When a payment (card or in the shop) takes an order from owing to paid: its status becomes
 * Payment Received, with the history entry "Payment received in full"; the payment's one
 * notification says so (`paidInFull`). Otherwise the order is left as it is (the operational
 * status is staff's).
 */
export function whenPaidInFull({ before, next, at, t, by = SYSTEM_USER }: { before: Order; next: Order; at: string; t: number; by?: string }): { order: Order; update?: StatusUpdate; paidInFull: boolean } {
  if (next.isDeleted || invoiceOf(before).paymentStatus === 'paid' || invoiceOf(next).paymentStatus !== 'paid') return { order: next, paidInFull: false }
  return {
    order: { ...next, currentStatus: PAYMENT_RECEIVED_STATUS },
    update: {
      orderId: next.orderId,
      updateId: sortableId(t),
      status: PAYMENT_RECEIVED_STATUS,
      notes: paidInFullTexts.update,
      createdBy: by,
      authorLabel: ADMIN_AUTHOR_LABEL,
      isCustomerNote: false,
      createdAt: at,
      updatedAt: at,
    },
    paidInFull: true,
  }
}
