import type * as Api from '@gs/shared/api-types'
import type { OrderDetail } from '#functions/domain/order.ts'
import { presentPayment } from './payments/present-payment.ts'
import { presentOrder, presentUpdate } from './present.ts'

// Apart from present.ts: only the two order detail routes carry the payment presenter (the order
// write routes present an order alone; bundle budget, test/unit/bundle-budget.test.ts).

/** GET /api/orders/{id}: the order with the newest page of `updates` (newest first), the cursor of the older ones, and `payments`. */
export function presentOrderDetail(d: OrderDetail): Api.OrderDetail {
  return {
    ...presentOrder(d.order),
    updates: d.updates.map(presentUpdate),
    updatesCursor: d.updatesCursor ?? null,
    payments: d.payments.map(presentPayment),
  }
}
