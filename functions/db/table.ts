import { requireEnv } from '../lib/env.ts'
import { documentClient } from './client.ts'

/** What every repository factory takes: the table and the client (ElectroDB examples/locks style). */
export interface TableConfig {
  table: string
  client: ReturnType<typeof documentClient>
}

export function defaultTable(): TableConfig {
  return { table: requireEnv('tableName').tableName, client: documentClient() }
}
