import { updateServiceTypeSchema } from '@gs/shared/schemas/service-types'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { updateServiceType } from '#functions/use-cases/service-types.ts'
import { serviceTypeRepository } from '#functions/compose.ts'

/** PATCH /api/admin/service-types/{serviceTypeId} → ServiceType (owner): the fields sent; `active: false` deactivates. */
export const handler = defineRoute({ body: updateServiceTypeSchema }, async ({ caller, params, body }) => ({
  body: await updateServiceType({ types: await serviceTypeRepository(), serviceTypeId: params.serviceTypeId, input: body, actor: actorOf(caller) }),
}))
