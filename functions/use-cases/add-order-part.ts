import type { AddPartInput } from '@gs/shared/schemas/admin-orders'
import { sortableId } from '../db/ids.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { Part } from '../domain/order.ts'
import { changeOrder } from './admin-order-write.ts'

interface AddOrderPart {
  orders: Pick<OrderRepository, 'getOrder' | 'saveOrder'>
  orderId: string
  input: AddPartInput
  adminId: string
  now?: () => Date
}

/** A part line; the order's parts total moves with it in the same transaction, so the invoice follows at once. */
export async function addOrderPart({ orders, orderId, input, adminId, now }: AddOrderPart): Promise<Part> {
  const { result } = await changeOrder({
    orders,
    orderId,
    now,
    change: (current, at) => {
      const part: Part = {
        orderId: current.orderId,
        partId: sortableId(Date.parse(at)),
        partName: input.partName.trim(),
        partDescription: input.partDescription?.trim() || undefined,
        partCostCents: input.partCostCents,
        quantity: input.quantity,
        createdAt: at,
        createdBy: adminId,
      }
      const order = { ...current, partsTotalCents: current.partsTotalCents + part.partCostCents * part.quantity, partsCount: current.partsCount + 1 }
      return { order, extras: { putParts: [part] }, result: part }
    },
  })
  return result
}
