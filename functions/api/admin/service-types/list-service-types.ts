import { defineRoute } from '#functions/lib/http.ts'
import { listServiceTypes } from '#functions/use-cases/service-types.ts'
import { serviceTypeRepository, settingsRepository } from '#functions/compose.ts'

/** GET /api/admin/service-types → ServiceTypeList: the whole price list (bounded: at most MAX_SERVICE_TYPES) and the labor rate. */
export const handler = defineRoute({}, async () => ({ body: await listServiceTypes({ types: await serviceTypeRepository(), settings: await settingsRepository() }) }))
