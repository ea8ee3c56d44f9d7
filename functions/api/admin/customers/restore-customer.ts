import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { restoreCustomer } from '#functions/use-cases/restore-customer.ts'
import { presentCustomerRow } from './present.ts'
import { profileRestore, userDirectory } from '#functions/compose.ts'

/** POST /api/admin/customers/{id}/restore: un-archives the customer and enables the sign-in; 200 with the customer row (as the list has it). */
export const handler = defineRoute({}, async ({ caller, params }) => {
  const profile = await restoreCustomer({ profiles: await profileRestore(), directory: await userDirectory(), id: params.id, actor: actorOf(caller) })
  return { body: presentCustomerRow({ profile, orderCount: profile.orderCount ?? 0, latestOrder: profile.latestOrder ?? null }) }
})
