import { Entity } from 'electrodb'
import type { TableConfig } from '../table.ts'

const now = () => new Date().toISOString()

/**
 * An order, with its invoice summary kept on the same item (one invoice per
 * order), so lists show balances without a second read and the webhook can
 * update order and invoice in one conditional write.
 */
export const orderSchema = {
  model: { entity: 'order', version: '1', service: 'gunsmith' },
  attributes: {
    orderId: { type: 'string', required: true },
    orderNumber: { type: 'string', required: true },
    customerId: { type: 'string', required: true },
    customerName: { type: 'string', default: '' },
    customerEmail: { type: 'string', default: '' },
    customerPhone: { type: 'string' },
    firearmMake: { type: 'string', required: true },
    firearmModel: { type: 'string', required: true },
    serialNumber: { type: 'string', default: '' },
    firearmCaliber: { type: 'string' },
    serviceType: { type: 'string', default: '' },
    description: { type: 'string', default: '' },
    estimatedCostCents: { type: 'number', default: 0 },
    serviceCostCents: { type: 'number' },
    additionalCostCents: { type: 'number', default: 0 },
    additionalCostReason: { type: 'string' },
    additionalCostApprovalStatus: { type: ['not_required', 'pending', 'approved', 'rejected'], default: 'not_required' },
    additionalCostApprovalDate: { type: 'string' },
    additionalCostApprovalNote: { type: 'string' },
    additionalCostRejectionReason: { type: 'string' },
    currentStatus: { type: 'string', default: 'order_created' },
    inboundTrackingNumber: { type: 'string' },
    outboundTrackingNumber: { type: 'string' },
    shippingSelected: { type: 'boolean', default: true },
    isArchived: { type: 'boolean', default: false },
    archivedAt: { type: 'string' },
    isDeleted: { type: 'boolean', default: false },
    deletedAt: { type: 'string' },
    /** 'active' | 'archived' | 'deleted': the admin lists' partition. */
    listState: { type: ['active', 'archived', 'deleted'], default: 'active' },
    /** Sum of parts (cost x quantity), kept in step with the part items; 0 when there are none. */
    partsTotalCents: { type: 'number', default: 0 },
    partsCount: { type: 'number', default: 0 },
    amountPaidCents: { type: 'number', default: 0 },
    invoiceId: { type: 'string', required: true },
    invoiceNumber: { type: 'string', required: true },
    invoiceTotalCents: { type: 'number', default: 0 },
    invoiceBalanceDueCents: { type: 'number', default: 0 },
    invoicePaymentStatus: { type: ['unpaid', 'partially_paid', 'paid'], default: 'unpaid' },
    invoiceLastUpdated: { type: 'string', default: now },
    /** Admin direct fix (functions/domain/order.ts invoiceOf): when it was made and the invoice inputs it applies to. */
    invoiceFixedAt: { type: 'string' },
    invoiceFixKey: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true, default: now },
    updatedAt: { type: 'string', default: now },
    version: { type: 'number', default: 1 },
  },
  indexes: {
    byOrder: {
      collection: 'orderDetail',
      pk: { field: 'pk', composite: ['orderId'] },
      sk: { field: 'sk', composite: [] },
    },
    byCustomer: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['customerId'] },
      sk: { field: 'gsi1sk', composite: ['createdAt'] },
    },
    byListState: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['listState'] },
      sk: { field: 'gsi2sk', composite: ['createdAt'] },
    },
  },
} as const

export const orderEntity = ({ table, client }: TableConfig) => new Entity(orderSchema, { table, client })
