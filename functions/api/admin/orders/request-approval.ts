import { approvalRequestSchema } from '@gs/shared/schemas/admin-orders'
import { createOrderRepository } from '../../../db/repositories/orders.ts'
import { defaultTable } from '../../../db/table.ts'
import { defineRoute } from '../../../lib/http.ts'
import { requestAdditionalCostApproval } from '../../../use-cases/request-additional-cost-approval.ts'
import { presentOrder } from '../../orders/present.ts'

/** POST /api/admin/orders/{orderId}/approval-request { reason, lineIds?, lines? } → 200 Order; the request is pending and the customer is notified. */
export const handler = defineRoute({ body: approvalRequestSchema }, async ({ caller, params, body }) => {
  const order = await requestAdditionalCostApproval({ orders: createOrderRepository(defaultTable()), orderId: params.orderId, input: body, adminId: caller.userId })
  return { body: presentOrder(order) }
})
