import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { CreateTableCommand, UpdateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb'
import { tableKeys } from '../../functions/db/table-schema.ts'

export function localDynamoClient(endpoint: string) {
  return new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } })
}

/** A document client for local tools (migrations, tests), apart from the functions' own. */
export const localDocumentClient = (endpoint: string) => DynamoDBDocumentClient.from(localDynamoClient(endpoint), { marshallOptions: { removeUndefinedValues: true } })

/** Creates the table with the same keys as the CDK data stack, when missing. Returns true when it was created. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }))
    await addMissingIndexes(client, tableName, new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName)))
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
 * A data folder made before an index was added: add it (one per UpdateTable, as DynamoDB requires).
 * Items written before get into it when the migrations rewrite them (functions/db/migrations).
 */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, existing: Set<string | undefined>) {
  for (const i of tableKeys.indexes) {
    if (existing.has(i.indexName)) continue
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: [i.partitionKey, i.sortKey].map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const })),
        GlobalSecondaryIndexUpdates: [{ Create: indexSpec(i) }],
      }),
    )
  }
}
