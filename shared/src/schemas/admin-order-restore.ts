import { adminMessages as m } from '../admin-messages.ts'
import * as z from './zod.ts'

/**
 * POST /api/admin/orders/{orderId}/restore: the version of the deleted order the admin saw (Deleted Orders);
 * a restore of a version that moved since is a 409. In its own module: only the restore route loads it.
 */
export const restoreOrderSchema = z.strictObject({
  version: z.number({ error: m.versionRequired }).check(z.int(m.versionRequired), z.gte(1, m.versionRequired)),
})
export type RestoreOrderInput = z.infer<typeof restoreOrderSchema>
