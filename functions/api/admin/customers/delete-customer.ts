import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { deleteCustomer } from '#functions/use-cases/delete-customer.ts'
import { presentProfile } from '#functions/api/me/present.ts'
import { profileRepository, userDirectory } from '#functions/compose.ts'

/** DELETE /api/admin/customers/{id}: archives the profile and disables the sign-in; 200 with the archived Profile. */
export const handler = defineRoute({}, async ({ caller, params }) => {
  const profile = await deleteCustomer({ profiles: await profileRepository(), directory: await userDirectory(), id: params.id, actor: actorOf(caller) })
  return { body: presentProfile(profile) }
})
