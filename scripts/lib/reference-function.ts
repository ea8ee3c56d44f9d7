/**
 * The bench's reference function (scripts/lib/bench-bundles.ts): the smallest Lambda handler on the functions' stack,
 * the AWS SDK's DynamoDB client and document client under ElectroDB, and nothing of the app. It is bundled exactly as
 * the functions are (infra/constructs/lambda-bundle.ts bundleLambda), and each function's cold start is compared with
 * the reference's: what a function costs beyond it is what the app adds.
 *
 * One entity on the app's table (TABLE_NAME; its key attributes are the table's own) and one GetItem per invocation.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { Entity } from 'electrodb'
import { tableKeys } from '../../functions/db/table-schema.ts'

/** The item every invocation reads (the bench writes it with this entity before timing). */
export const REFERENCE_ITEM = { id: 'reference', name: 'The bench reference item', count: 1 }

/** The one entity, on `table` through `client` (the bench seeds with the same definition). */
export function referenceEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: { entity: 'benchReference', version: '1', service: 'bench' },
      attributes: {
        id: { type: 'string', required: true },
        name: { type: 'string' },
        count: { type: 'number' },
      },
      indexes: {
        primary: {
          pk: { field: tableKeys.partitionKey, composite: ['id'] },
          sk: { field: tableKeys.sortKey, composite: [] },
        },
      },
    },
    { client, table },
  )
}

/** The client as a function builds its own: DynamoDB Local's endpoint (and its dummy credentials) when DYNAMODB_ENDPOINT is set. */
export function referenceClient(env: NodeJS.ProcessEnv = process.env): DynamoDBDocumentClient {
  const endpoint = env.DYNAMODB_ENDPOINT
  const dynamo = new DynamoDBClient({
    region: env.AWS_REGION,
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  })
  return DynamoDBDocumentClient.from(dynamo, { marshallOptions: { removeUndefinedValues: true } })
}

let entity: ReturnType<typeof referenceEntity> | undefined

/** Any event: one GetItem of the reference item (the client and entity built by the first, as the functions build theirs), answered as API Gateway (payload 2.0) expects. */
export const handler = async () => {
  const table = process.env.TABLE_NAME
  if (!table) throw new Error('Missing required environment variable TABLE_NAME')
  entity ??= referenceEntity(referenceClient(), table)
  const { data } = await entity.get({ id: REFERENCE_ITEM.id }).go()
  if (!data) return { statusCode: 404, headers: { 'content-type': 'application/json' }, body: '{"error":"not found"}' }
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(data) }
}
