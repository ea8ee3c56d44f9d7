import { cachedEntity } from './cache.ts'
import { nameSortKey, searchTextOf } from '#functions/domain/search.ts'

/** Amounts sort as numbers in a string key: zero-padded to 12 digits (up to $9,999,999,999.99). */
export const amountKeyOf = (cents: number) => String(Math.max(0, Math.round(cents))).padStart(12, '0')


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
    flag: { type: ['overpayment', 'order_deleted', 'order_archived', 'unconfirmed'] },
    recordedBy: { type: 'string' },
    providerRefundId: { type: 'string' },
    purpose: { type: ['price_reduction', 'return'] },
    origin: { type: ['provider'] },
    dispute: {
      type: 'map',
      properties: {
        disputeId: { type: 'string', required: true },
        status: { type: 'string', required: true },
        amountCents: { type: 'number', required: true },
        reason: { type: 'string', required: true },
        updatedAt: { type: 'string', required: true },
      },
    },
    customerName: { type: 'string', default: '' },
    customerEmail: { type: 'string', default: '' },
    firearmMake: { type: 'string', default: '' },
    firearmModel: { type: 'string', default: '' },
    serialNumber: { type: 'string', default: '' },
    description: { type: 'string', default: '' },
    /** Constant partition of the admin ledger indexes. */
    ledger: { type: 'string', default: 'all' },
    // Derived on every put (the admin ledger's sort and search keys); never returned.
    amountKey: { type: 'string', hidden: true, watch: ['amountCents'], set: (_: unknown, i: { amountCents?: number }) => amountKeyOf(i.amountCents ?? 0) },
    customerKey: { type: 'string', hidden: true, watch: ['customerName'], set: (_: unknown, i: { customerName?: string }) => nameSortKey(i.customerName ?? '') },
    searchText: {
      type: 'string',
      hidden: true,
      // The ids too: staff type the first characters of an order id as the table shows them.
      watch: ['customerName', 'customerEmail', 'firearmMake', 'firearmModel', 'serialNumber', 'description', 'orderNumber', 'orderId', 'paymentId', 'paymentIntentId'],
      set: (_: unknown, i: Record<string, string | undefined>) =>
        searchTextOf([i.customerName, i.customerEmail, i.firearmMake, i.firearmModel, i.serialNumber, i.description, i.orderNumber, i.orderId, i.paymentId, i.paymentIntentId]),
    },
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
    // The admin payments page: each sort (date, amount, customer), over all entries or one status.
    byLedgerStatus: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['ledger', 'paymentStatus'] },
      sk: { field: 'gsi3sk', composite: ['paymentDate', 'paymentId'] },
    },
    byLedgerAmount: {
      index: 'gsi4',
      pk: { field: 'gsi4pk', composite: ['ledger'] },
      sk: { field: 'gsi4sk', composite: ['amountKey', 'paymentId'] },
    },
    byLedgerStatusAmount: {
      index: 'gsi5',
      pk: { field: 'gsi5pk', composite: ['ledger', 'paymentStatus'] },
      sk: { field: 'gsi5sk', composite: ['amountKey', 'paymentId'] },
    },
    byLedgerCustomer: {
      index: 'gsi6',
      pk: { field: 'gsi6pk', composite: ['ledger'] },
      sk: { field: 'gsi6sk', composite: ['customerKey', 'paymentDate', 'paymentId'] },
    },
    byLedgerStatusCustomer: {
      index: 'gsi7',
      pk: { field: 'gsi7pk', composite: ['ledger', 'paymentStatus'] },
      sk: { field: 'gsi7sk', composite: ['customerKey', 'paymentDate', 'paymentId'] },
    },
  },
} as const

export const paymentEntity = cachedEntity(paymentSchema)
