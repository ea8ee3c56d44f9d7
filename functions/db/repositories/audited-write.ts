import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb'
import type { AuditEvent } from '#functions/domain/audit.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { auditItem, resolveAudit } from './audit.ts'

/** An ElectroDB write not yet sent (a patch, upsert or create chain): its DynamoDB parameters. */
interface BuiltWrite {
  params(): object
}

/**
 * One write of a repository that is not a transaction of its own (a profile patch, the settings upsert,
 * a profile create), sent together with its staff audit records as one TransactWriteItems: both or
 * neither. A failed condition of the write is thrown as a single write's would be (ConditionalCheckFailed,
 * conditions.ts isConditionalFailure), so the repository's own handling (retry, null) is unchanged.
 */
export async function writeAudited({ table, client }: TableConfig, write: BuiltWrite, kind: 'Update' | 'Put', events: readonly AuditEvent[]): Promise<void> {
  const { auditEvent } = createService({ table, client }).entities
  const audit = (await resolveAudit(events)).map((e) => ({ Put: auditEvent.create(auditItem(e)).params() as never }))
  try {
    await client.send(new TransactWriteCommand({ TransactItems: [{ [kind]: write.params() } as never, ...audit] }))
  } catch (err) {
    const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons
    if (reasons?.[0]?.Code === 'ConditionalCheckFailed') {
      const e = new Error('The conditional request failed')
      e.name = 'ConditionalCheckFailedException'
      throw e
    }
    throw err
  }
}
