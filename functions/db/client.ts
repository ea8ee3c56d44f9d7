import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { env } from '../lib/env.ts'

let client: DynamoDBDocumentClient | undefined

/** Sees the name of every DynamoDB command the client sends ('GetItemCommand', 'QueryCommand', ...). Tests only. */
export type CommandObserver = (commandName: string) => void

let observer: CommandObserver | undefined

/**
 * Registers (or, with undefined, removes) the one command observer. Nothing is
 * registered by default: production clients carry no extra middleware. The
 * read-budget tests count requests per route with it.
 */
export function setCommandObserver(fn: CommandObserver | undefined) {
  observer = fn
  if (fn) client = undefined // the next documentClient() carries the middleware
}

/** One document client per container; the endpoint is set only for DynamoDB Local. */
export function documentClient(): DynamoDBDocumentClient {
  if (client) return client
  const { region, dynamoEndpoint } = env()
  const raw = new DynamoDBClient({
    region,
    ...(dynamoEndpoint ? { endpoint: dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  })
  if (observer) {
    raw.middlewareStack.add(
      (next, context) => async (args) => {
        observer?.(String(context.commandName ?? 'unknown'))
        return next(args)
      },
      { step: 'initialize', name: 'commandObserver' },
    )
  }
  client = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } })
  return client
}

export function resetDocumentClient() {
  client = undefined
}
