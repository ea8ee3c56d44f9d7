import { Entity, type Schema } from 'electrodb'
import type { TableConfig } from '../table.ts'

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
 * parses and validates the whole model, work a container does once rather than per request. Every entity has one
 * factory (its module's; the service, service.ts, builds its entities through them), so one schema has one Entity
 * per table and client. An Entity keeps no per-request state: sharing one is safe.
 */
export const cachedEntity = <A extends string, F extends string, C extends string, S extends Schema<A, F, C>>(schema: S) =>
  perTable((config) => new Entity<A, F, C, S>(schema, config))
