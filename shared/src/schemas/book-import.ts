import { BOOK_IMPORT_MAX_BYTES, bookImportMessages as m } from '../book-import.ts'
import * as z from './zod.ts'

/**
 * POST /api/admin/book/imports: a CSV file of firearms already in the shop's custody, as text (the server parses it),
 * checked only (`dryRun`) or imported. The text's limit is the file's (BOOK_IMPORT_MAX_BYTES, in characters here:
 * the route also measures its bytes).
 */
export const bookImportSchema = z.strictObject({
  fileName: z.string({ error: m.fileNameRequired }).check(z.trim(), z.minLength(1, m.fileNameRequired), z.maxLength(200, m.fileNameRequired)),
  csv: z.string({ error: m.csvRequired }).check(z.minLength(1, m.fileEmpty), z.maxLength(BOOK_IMPORT_MAX_BYTES, m.tooLarge)),
  dryRun: z.boolean({ error: 'Say whether to check the file only (dryRun)' }),
})
export type BookImportInput = z.infer<typeof bookImportSchema>
