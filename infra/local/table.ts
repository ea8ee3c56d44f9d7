import { newDocumentClient } from '../../functions/db/client.ts'
import { CreateTableCommand, UpdateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb'
import { tableKeys } from '../../functions/db/table-schema.ts'

export function localDynamoClient(endpoint: string) {
  return new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } })
}

/** A document client for local tools (migrations, tests), apart from the functions' own. */
export const localDocumentClient = (endpoint: string) => newDocumentClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } })

/**
 * The table's change stream, as the notifier reads it in AWS (a Lambda event source mapping): new and old
 * images, so a handler written for either view type reads what it needs. Locally `stream-poller.ts` reads it.
 */
export const STREAM_SPECIFICATION = { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } as const

/**
 * Creates the table with the same keys as the CDK data stack, when missing. Returns true when it was created.
 * A table from an earlier version gets its missing indexes. With `stream` (the local stack with notification
 * delivery, as `npm start` runs it) the table's stream is on, turned on for a table made before it too; without,
 * no stream is recorded (the tests' and the bench's tables: DynamoDB Local would keep a copy of every write).
 */
export async function ensureTable(client: DynamoDBClient, tableName: string, { stream = false }: { stream?: boolean } = {}): Promise<boolean> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }))
    await addMissingIndexes(client, tableName, new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName)))
    // A data folder made before the stream: enable it (its own UpdateTable; records start from now on).
    if (stream && !Table?.StreamSpecification?.StreamEnabled) await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: STREAM_SPECIFICATION }))
    return false
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err
  }
  const attrs = new Set<string>([tableKeys.partitionKey, tableKeys.sortKey])
  for (const i of tableKeys.indexes) attrs.add(i.partitionKey).add(i.sortKey)
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attrs].map((AttributeName) => ({ AttributeName, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: tableKeys.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableKeys.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableKeys.indexes.map(indexSpec),
      ...(stream ? { StreamSpecification: STREAM_SPECIFICATION } : {}),
    }),
  )
  await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: tableKeys.ttlAttribute, Enabled: true } }))
  return true
}

const indexSpec = (i: (typeof tableKeys.indexes)[number]) => ({
  IndexName: i.indexName,
  KeySchema: [
    { AttributeName: i.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: i.sortKey, KeyType: 'RANGE' as const },
  ],
  Projection: { ProjectionType: 'ALL' as const },
})

/**
 * A data folder made before an index was added: add it (one per UpdateTable, as DynamoDB requires), each once the
 * one before is ACTIVE (DynamoDB builds one index at a time per table: another UpdateTable meanwhile is a
 * LimitExceededException). Items written before get into it when the migrations rewrite them (functions/db/migrations).
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, existing: Set<string | undefined>) {
  for (const i of tableKeys.indexes) {
    if (existing.has(i.indexName)) continue
    const update = new UpdateTableCommand({
      TableName: tableName,
      AttributeDefinitions: [i.partitionKey, i.sortKey].map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const })),
      GlobalSecondaryIndexUpdates: [{ Create: indexSpec(i) }],
    })
    for (let attempt = 0; ; attempt++) {
      try {
        await client.send(update)
        break
      } catch (err) {
        if (!(err instanceof Error && err.name === 'LimitExceededException') || attempt >= 50) throw err
        await new Promise((r) => setTimeout(r, 200))
      }
    }
    await indexesActive(client, tableName)
  }
}

/** Waits (at most 10 minutes: DynamoDB Local builds slowly on a busy machine) until no index of the table is being built. */
async function indexesActive(client: DynamoDBClient, tableName: string) {
  for (const until = Date.now() + 600_000; Date.now() < until; ) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }))
    if ((Table?.GlobalSecondaryIndexes ?? []).every((g) => !g.IndexStatus || g.IndexStatus === 'ACTIVE')) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`The indexes of table ${tableName} are still being built after 10 minutes`)
}

/** The ARN of the table's current stream (ensureTable enables it). */
export async function tableStreamArn(client: DynamoDBClient, tableName: string): Promise<string> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }))
  if (!Table?.LatestStreamArn || !Table.StreamSpecification?.StreamEnabled) throw new Error(`Table ${tableName} has no stream enabled`)
  return Table.LatestStreamArn
}
