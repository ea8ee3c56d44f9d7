import { RECEIVABLE_BUCKET_IDS, receivableMessages as m, type ReceivableBucketId } from '../receivables.ts'
import { cursorParam } from './paging.ts'
import * as z from './zod.ts'

/** GET /api/admin/receivables?bucket=&direction=asc|desc&cursor= (blank or `all` bucket = every receivable; oldest first by default). */
export const receivablesQuerySchema = z.object({
  bucket: z.pipe(
    z.optional(z.enum(['', 'all', ...RECEIVABLE_BUCKET_IDS], { error: m.invalidBucket })),
    z.transform((b: '' | 'all' | ReceivableBucketId | undefined) => (!b || b === 'all' ? undefined : b)),
  ),
  direction: z._default(z.enum(['asc', 'desc'], { error: m.invalidDirection }), 'asc'),
  cursor: cursorParam,
})
export type ReceivablesQuery = z.infer<typeof receivablesQuerySchema>
