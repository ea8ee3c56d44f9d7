import { env } from '../lib/env.ts'
import { DocumentClient } from './dynamo/document-client.ts'

let client: DocumentClient | undefined
let decorate: ((c: DocumentClient) => void) | undefined

/**
 * Tests only: what every new client gets (the command observer, functions/db/command-observer.ts). Setting one
 * drops the current client, so the next documentClient() carries it; nothing is set in production.
 */
export function decorateDocumentClient(fn: ((c: DocumentClient) => void) | undefined) {
  decorate = fn
  if (fn) client = undefined
}

/**
 * One document client per container (functions/db/dynamo: DynamoDB's JSON protocol without the AWS SDK, for
 * the cold start); the endpoint is set only for DynamoDB Local. In AWS the credentials are the function's
 * (its environment).
 */
export function documentClient(): DocumentClient {
  if (client) return client
  const { region, dynamoEndpoint } = env()
  const fresh = new DocumentClient({
    region,
    ...(dynamoEndpoint ? { endpoint: dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  })
  decorate?.(fresh)
  client = fresh
  return client
}

export function resetDocumentClient() {
  client = undefined
}
