import { Entity } from 'electrodb'
import type { TableConfig } from '../table.ts'

/**
 * One entry of an order's ledger (domain Payment): a card payment (written by the webhook),
 * a shop payment, refund, discount or write-off (written by staff), a credit above the bill,
 * or a card attempt that failed or is pending. It carries what the history and the admin
 * ledger show, so those pages read one index.
 */
export const paymentSchema = {
  model: { entity: 'payment', version: '1', service: 'gunsmith' },
  attributes: {
    orderId: { type: 'string', required: true },
    paymentId: { type: 'string', required: true },
    customerId: { type: 'string', required: true },
    orderNumber: { type: 'string', default: '' },
    amountCents: { type: 'number', required: true },
    paymentDate: { type: 'string', required: true },
    paymentMethod: { type: 'string', default: 'Credit Card' },
    paymentStatus: { type: ['successful', 'pending', 'failed'], required: true },
    paymentIntentId: { type: 'string', required: true },
    receiptUrl: { type: 'string' },
    notes: { type: 'string' },
    kind: { type: ['payment', 'refund', 'adjustment', 'credit'] },
    refundedCents: { type: 'number' },
    refundOf: { type: 'string' },
    reason: { type: 'string' },
    flag: { type: ['overpayment', 'order_deleted', 'order_archived'] },
    recordedBy: { type: 'string' },
    providerRefundId: { type: 'string' },
    customerName: { type: 'string', default: '' },
    customerEmail: { type: 'string', default: '' },
    firearmMake: { type: 'string', default: '' },
    firearmModel: { type: 'string', default: '' },
    serialNumber: { type: 'string', default: '' },
    description: { type: 'string', default: '' },
    /** Constant partition of the admin ledger index. */
    ledger: { type: 'string', default: 'all' },
  },
  indexes: {
    byOrder: {
      collection: 'orderDetail',
      pk: { field: 'pk', composite: ['orderId'] },
      sk: { field: 'sk', composite: ['paymentId'] },
    },
    byCustomer: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['customerId'] },
      sk: { field: 'gsi1sk', composite: ['paymentDate', 'paymentId'] },
    },
    byLedger: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['ledger'] },
      sk: { field: 'gsi2sk', composite: ['paymentDate', 'paymentId'] },
    },
  },
} as const

export const paymentEntity = ({ table, client }: TableConfig) => new Entity(paymentSchema, { table, client })
