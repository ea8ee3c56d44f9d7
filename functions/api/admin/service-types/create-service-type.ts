import { createServiceTypeSchema } from '@gs/shared/schemas/service-types'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { createServiceType } from '#functions/use-cases/service-types.ts'
import { serviceTypeRepository } from '#functions/compose.ts'

/** POST /api/admin/service-types → 201 ServiceType (owner). */
export const handler = defineRoute({ body: createServiceTypeSchema }, async ({ caller, body }) => ({
  statusCode: 201,
  body: await createServiceType({ types: await serviceTypeRepository(), input: body, actor: actorOf(caller) }),
}))
