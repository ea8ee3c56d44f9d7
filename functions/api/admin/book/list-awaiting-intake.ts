import { awaitingIntakeQuerySchema } from '@gs/shared/schemas/awaiting-intake'
import { defineRoute } from '#functions/lib/http.ts'
import { listAwaitingIntake } from '#functions/use-cases/list-awaiting-intake.ts'
import { awaitingIntakeRepository, orderRepository } from '#functions/compose.ts'

/** GET /api/admin/book/awaiting-intake?limit=&cursor= → AwaitingIntakePage: the boxes received without their intake, the earliest due first, and their counts. */
export const handler = defineRoute({ query: awaitingIntakeQuerySchema }, async ({ query }) => {
  const [awaiting, orders] = await Promise.all([awaitingIntakeRepository(), orderRepository()])
  return { body: await listAwaitingIntake({ awaiting, orders, query, now: new Date() }) }
})
