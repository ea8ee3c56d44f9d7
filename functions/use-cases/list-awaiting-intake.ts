import type * as Api from '@gs/shared/api-types'
import type { AwaitingIntakeQuery } from '@gs/shared/schemas/awaiting-intake'
import { INVALID_CURSOR } from '@gs/shared/schemas/paging'
import { isCursorError } from '../db/cursor.ts'
import type { AwaitingIntakeRepository } from '../db/repositories/awaiting-intake.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import { ValidationError } from '../lib/errors.ts'

/** Cursors of this list name it (`a.<ElectroDB's>`): another list's is refused, never misread. */
const LIST = 'a'
const invalidCursor = () => new ValidationError(INVALID_CURSOR, { cursor: INVALID_CURSOR })

/**
 * "Boxes awaiting intake" (docs/business-rules.md): the received boxes without their intake, the earliest due first,
 * each marked overdue when its due time has passed, with both counts. Bounded: one Query of the list, one BatchGet
 * of its orders (strongly read: an intake recorded a moment ago is not shown), two capped COUNT Queries.
 */
export async function listAwaitingIntake({ awaiting, orders, query, now }: { awaiting: AwaitingIntakeRepository; orders: Pick<OrderRepository, 'getOrders'>; query: AwaitingIntakeQuery; now: Date }): Promise<Api.AwaitingIntakePage> {
  let inner: string | null = null
  if (query.cursor) {
    if (!query.cursor.startsWith(`${LIST}.`) || query.cursor.length <= LIST.length + 1) throw invalidCursor()
    inner = query.cursor.slice(LIST.length + 1)
  }
  const [page, counts] = await Promise.all([
    awaiting.page({ limit: query.limit, cursor: inner }).catch((err: unknown) => {
      throw inner && isCursorError(err) ? invalidCursor() : err
    }),
    awaiting.counts(now),
  ])
  const byId = new Map((await orders.getOrders(page.items.map((i) => i.orderId), { consistent: true })).map((o) => [o.orderId, o]))
  const items = page.items.flatMap((e): Api.AwaitingIntakeRow[] => {
    const o = byId.get(e.orderId)
    if (!o || o.isDeleted || o.intake || o.intakeDueAt !== e.dueAt) return []
    return [{ orderId: o.orderId, orderNumber: o.orderNumber, customerName: o.customerName, firearmMake: o.firearmMake, firearmModel: o.firearmModel, receivedAt: e.receivedAt, dueAt: e.dueAt, overdue: Date.parse(e.dueAt) < now.getTime(), remindedAt: e.remindedAt ?? null }]
  })
  return { ...counts, items, cursor: page.cursor ? `${LIST}.${page.cursor}` : null }
}
