import type * as Api from '@gs/shared/api-types'
import type { Payment } from '#functions/domain/order.ts'
import type { PaymentSummary } from '#functions/domain/payment.ts'

/** A ledger entry as the contract shows it (docs/api.md, Payment): apart from the order presenters, so the payment routes load only these. */
export const presentPayment = (p: PaymentSummary): Api.Payment => ({
  paymentId: p.paymentId,
  orderId: p.orderId,
  orderNumber: p.orderNumber,
  amountCents: p.amountCents,
  paymentDate: p.paymentDate,
  paymentMethod: p.paymentMethod || 'Credit Card',
  paymentStatus: p.paymentStatus,
  paymentIntentId: p.paymentIntentId,
  receiptUrl: p.receiptUrl ?? null,
  notes: p.notes ?? null,
  kind: p.kind ?? 'payment',
  refundedCents: p.refundedCents ?? 0,
  refundOf: p.refundOf ?? null,
  reason: p.reason ?? null,
  flag: p.flag ?? null,
  purpose: p.purpose ?? null,
  fromProvider: p.origin === 'provider',
  dispute: p.dispute ?? null,
})

export const presentAdminPayment = (p: Payment): Api.AdminPayment => ({
  ...presentPayment(p),
  customerName: p.customerName,
  customerEmail: p.customerEmail,
  firearmMake: p.firearmMake,
  firearmModel: p.firearmModel,
  serialNumber: p.serialNumber,
})
