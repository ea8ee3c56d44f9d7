import { defineRoute } from '#functions/lib/http.ts'

export const handler = defineRoute({}, async () => ({ body: { ok: true } }))
