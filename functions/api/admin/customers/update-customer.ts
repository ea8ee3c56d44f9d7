import { updateCustomerSchema } from '@gs/shared/schemas/customers'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { updateCustomer } from '#functions/use-cases/update-customer.ts'
import { presentProfile } from '#functions/api/me/present.ts'
import { profileRepository } from '#functions/compose.ts'

/** PATCH /api/admin/customers/{id}: names, phone, mailing address, SMS flag (never email or password). */
export const handler = defineRoute({ body: updateCustomerSchema }, async ({ caller, params, body }) => {
  const profile = await updateCustomer({ profiles: await profileRepository(), id: params.id, changes: body, actor: actorOf(caller) })
  return { body: presentProfile(profile) }
})
