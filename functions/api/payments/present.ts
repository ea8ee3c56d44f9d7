import type { AdminPaymentsPage as AdminPaymentsPageBody, CreatedIntent } from '@gs/shared/api-types'
import type { CreatedPaymentIntent } from '#functions/use-cases/create-payment-intent.ts'
import type { AdminPaymentsPage } from '#functions/use-cases/list-admin-payments.ts'
import { presentAdminPayment } from './present-payment.ts'

/** POST /api/payments/intents (docs/api.md). */
export const presentCreatedIntent = (r: CreatedPaymentIntent): CreatedIntent => ({
  paymentIntentId: r.paymentIntentId,
  clientSecret: r.clientSecret,
  amountCents: r.amountCents,
  allocations: r.allocations.map((a) => ({ orderId: a.orderId, amountCents: a.amountCents })),
  mode: r.mode,
})

/** GET /api/admin/payments. */
export const presentAdminPaymentsPage = (p: AdminPaymentsPage): AdminPaymentsPageBody => ({
  items: p.items.map(presentAdminPayment),
  cursor: p.cursor,
  total: p.total,
  pageSize: p.pageSize,
  stats: p.stats,
})
