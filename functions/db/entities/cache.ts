import type { Schema } from 'electrodb'
import { Entity } from '../electrodb.ts'
import type { TableConfig } from '../table.ts'
import { speedUpRetrieval } from './retrieval.ts'

/** `build`'s result, built once per client and table and handed out after. */
export function perTable<T>(build: (config: TableConfig) => T): (config: TableConfig) => T {
  const built = new WeakMap<TableConfig['client'], Map<string, T>>()
  return ({ table, client }) => {
    let byTable = built.get(client)
    if (!byTable) built.set(client, (byTable = new Map()))
    let made = byTable.get(table)
    if (!made) byTable.set(table, (made = build({ table, client })))
    return made
  }
}

/**
 * An entity factory that builds its entity once per client and table (perTable): building an ElectroDB Entity
 * parses (and, outside the bundles, validates) the whole model, which was about an eighth of the CPU of a read
 * request when the routes built their repositories' entities per request. Every entity has one factory (its
 * module's; the service, service.ts, builds its entities through them), so one schema has one Entity per table
 * and client. An Entity keeps no per-request state: sharing one is safe. Each one also parses items the
 * cheaper way of retrieval.ts (the same result).
 */
export const cachedEntity = <A extends string, F extends string, C extends string, S extends Schema<A, F, C>>(schema: S) =>
  perTable((config) => readsWithErrorsAsSent(speedUpRetrieval(new Entity<A, F, C, S>(schema, config))))

const READS = new Set(['get', 'query', 'batchGet'])

/**
 * Reads throw DynamoDB's error as it was sent. Before every operation ElectroDB creates an Error, whose stack it
 * gives a DynamoDB error later (`originalErr` turns that off): a stack capture per request, about a third of
 * ElectroDB's own time on a one-item read (measured after an idle wait, as between requests). The functions'
 * client (db/dynamo) is async/await throughout, so the thrown error's async stack still reaches the caller; what
 * the code reads of a refusal (cursor.ts: DynamoDB's name and message) both forms carry. Writes keep ElectroDB's
 * wrapping.
 */
function readsWithErrorsAsSent<T>(entity: T): T {
  const e = entity as unknown as { go(method: string, parameters: unknown, config?: Record<string, unknown>): Promise<unknown> }
  const go = e.go.bind(e)
  e.go = (method, parameters, config = {}) => {
    if (READS.has(method)) config.originalErr = true
    return go(method, parameters, config)
  }
  return entity
}
