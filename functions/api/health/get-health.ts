import { defineRoute } from '../../lib/http.ts'

export const handler = defineRoute({}, async () => ({ body: { ok: true } }))
