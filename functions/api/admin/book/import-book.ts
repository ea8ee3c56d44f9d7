import { bookImportSchema } from '@gs/shared/schemas/book-import'
import { defineRoute } from '#functions/lib/http.ts'
import { actorOf } from '#functions/domain/audit-actor.ts'
import { importBook } from '#functions/use-cases/import-book.ts'
import { auditRepository, bookLines, orderRepository, profileRepository, settingsRepository } from '#functions/compose.ts'

/**
 * POST /api/admin/book/imports → 200 BookImportResult (a dry run: every row and its errors, nothing written) or
 * 201 BookImportResult (the entries written); a file with a row in error is a 400 and writes nothing.
 */
export const handler = defineRoute({ body: bookImportSchema }, async ({ caller, body }) => {
  const [orders, book, profiles, settings, audit] = await Promise.all([orderRepository(), bookLines(), profileRepository(), settingsRepository(), auditRepository()])
  const result = await importBook({ orders, book, profiles, settings, audit, input: body, adminId: caller.userId, actor: actorOf(caller) })
  return { statusCode: body.dryRun ? 200 : 201, body: result }
})
