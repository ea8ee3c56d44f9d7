import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { env } from '../lib/env.ts'

let client: DynamoDBDocumentClient | undefined

/** One document client per container; the endpoint is set only for DynamoDB Local. */
export function documentClient(): DynamoDBDocumentClient {
  if (client) return client
  const { region, dynamoEndpoint } = env()
  const raw = new DynamoDBClient({
    region,
    ...(dynamoEndpoint ? { endpoint: dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  })
  client = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } })
  return client
}

export function resetDocumentClient() {
  client = undefined
}
