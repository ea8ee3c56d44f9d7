import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { env } from '../lib/env.ts'

export type DocumentClient = DynamoDBDocumentClient

let client: DocumentClient | undefined

/**
 * A document client as every caller builds one (the functions, the ops scripts, the local stack's tools): undefined
 * attributes are dropped, as ElectroDB's writes expect. Without credentials in `config`, the SDK's default chain
 * finds them (the Lambda environment, or an operator's profile).
 */
export const newDocumentClient = (config: DynamoDBClientConfig): DocumentClient =>
  DynamoDBDocumentClient.from(new DynamoDBClient(config), { marshallOptions: { removeUndefinedValues: true } })

/**
 * The functions' document client, one per container (built on the first request that reads or writes). The
 * endpoint is set only for DynamoDB Local; in AWS the region and credentials are the function's environment.
 */
export function documentClient(): DocumentClient {
  if (client) return client
  const { region, dynamoEndpoint } = env()
  client = newDocumentClient({
    region,
    ...(dynamoEndpoint ? { endpoint: dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  })
  return client
}

/** Tests and tools that change the environment in one process: the next documentClient() is built again. */
export function resetDocumentClient() {
  client = undefined
}
