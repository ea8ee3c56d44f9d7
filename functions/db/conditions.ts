import { ConcurrentChange } from '../lib/retry.ts'

/**
 * The one reading of DynamoDB's refusals, for every repository.
 *
 * A single write whose condition fails throws ConditionalCheckFailedException (ElectroDB
 * wraps it, keeping the SDK error as `cause`). A transaction that is cancelled does not
 * throw through ElectroDB: `transaction.write().go()` returns `{ canceled: true, data }`
 * with one reason per item, in the order the items were given.
 */
export function isConditionalFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false
  const cause = (err as { cause?: { name?: string } }).cause
  return /ConditionalCheckFailed|conditional request failed/i.test(`${err.name} ${err.message} ${cause?.name ?? ''}`)
}

/** The reason code of each item of a cancelled transaction ('None' for items that were not the cause). */
export const cancellationCodes = (data: readonly unknown[]): string[] => data.map((d) => (d as { code?: string } | undefined)?.code ?? 'None')

export const CONDITION_FAILED = 'ConditionalCheckFailed'
/** Another transaction held one of the items: the same write may simply be tried again. */
export const TRANSACTION_CONFLICT = 'TransactionConflict'

/**
 * A transaction that met a concurrent one: DynamoDB cancelled it because another transaction held one of its
 * items (TransactionConflict), or something it was planned on moved since it was read (a customer's profile
 * summary, a ledger row, a count). Nothing the caller asked for is wrong: the same write, read and planned
 * again, may go through (lib/retry.ts).
 */
export class ContendedTransaction extends ConcurrentChange {
  constructor(readonly codes: string[]) {
    super(`The transaction met a concurrent one: ${codes.join(',')}`)
  }
}
