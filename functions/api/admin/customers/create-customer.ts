import { createCustomerSchema } from '@gs/shared/schemas/customers'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { createCustomer } from '#functions/use-cases/create-customer.ts'
import { presentProfile } from '#functions/api/me/present.ts'
import { profileRepository, userDirectory } from '#functions/compose.ts'

/** POST /api/admin/customers → 201 Profile; a confirmed Cognito user in `customer` and its profile. */
export const handler = defineRoute({ body: createCustomerSchema }, async ({ caller, body }) => {
  const profile = await createCustomer({ directory: await userDirectory(), profiles: await profileRepository(), input: body, actor: actorOf(caller) })
  return { statusCode: 201, body: presentProfile(profile) }
})
