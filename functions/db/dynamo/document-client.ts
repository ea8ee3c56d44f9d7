import { AwsJsonClient, type Credentials } from '../../lib/aws/json-client.ts'
import { OPERATION_OF_SDK_COMMAND, type DocumentCommand, type Operation } from './commands.ts'
import { marshall, unmarshall, type Item } from './marshall.ts'

/**
 * The functions' DynamoDB client: the document client's `send(command)` (plain JavaScript items in and out,
 * as `@aws-sdk/lib-dynamodb` with `removeUndefinedValues`) over DynamoDB's JSON protocol (functions/lib/aws:
 * Signature V4, kept-alive connections, the SDK's standard retries). It exists for the cold start: the AWS
 * SDK's DynamoDB client costs more to load than a bare Node start (issue 19), this one about a millisecond.
 * What it does not do: endpoint discovery, FIPS or dual-stack endpoints, PartiQL, table management (the local
 * stack's infra/local/table.ts uses the SDK for that).
 *
 * Errors are the SDK's shape (functions/lib/aws/json-client.ts AwsError): `name` is DynamoDB's type
 * (ConditionalCheckFailedException; TransactionCanceledException with its `CancellationReasons`, their items
 * in DynamoDB's form, as the SDK leaves them and ElectroDB expects).
 */
export interface DocumentClientConfig {
  region: string
  /** DynamoDB Local's URL; AWS's regional endpoint without it. */
  endpoint?: string
  /** Fixed credentials, or a provider (ops scripts: scripts/lib/aws-credentials.ts); by default the Lambda environment's. */
  credentials?: Credentials | (() => Promise<Credentials>)
  maxAttempts?: number
}

/**
 * Sees a command as it is sent (its operation and document input) and may return what sees its outcome: the
 * document output, or the error once retries are over. For tests and the bench; none by default.
 */
export type CommandObserver = (operation: Operation, input: Record<string, unknown>) => ((outcome: { output?: Record<string, unknown>; error?: unknown }) => void) | void

export type SendOptions = { abortSignal?: AbortSignal }

type AnyCommand = DocumentCommand<unknown, unknown> | { input: unknown; operation?: Operation }

/** The fields that hold one item (or key, or a map of expression values) in the requests and answers of the data operations. */
const ITEM = new Set(['Key', 'Item', 'ExpressionAttributeValues', 'ExclusiveStartKey', 'LastEvaluatedKey', 'Attributes', 'ItemCollectionKey'])
/** The fields that hold a list of them. */
const ITEMS = new Set(['Keys', 'Items'])

/**
 * Converts every item of a request or an answer, wherever the data operations put one (a Query's
 * ExclusiveStartKey, a transaction's Put.Item, a batch's RequestItems[table][i].PutRequest.Item, a BatchGetItem's
 * Responses[table], ...), and leaves everything else as it is: what lib-dynamodb does, operation by operation
 * (test/unit/dynamo-client.test.ts compares them).
 */
function convert(value: unknown, item: (i: any) => any, key = ''): any {
  if (value === null || typeof value !== 'object') return value
  if (ITEM.has(key)) return item(value)
  if (ITEMS.has(key)) return (value as unknown[]).map(item)
  if (Array.isArray(value)) return value.map((v) => convert(v, item))
  // A BatchGetItem's answer: the items of each table.
  if (key === 'Responses' && !Array.isArray(value)) return Object.fromEntries(Object.entries(value).map(([t, items]) => [t, (items as unknown[]).map(item)]))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = convert(v, item, k)
  return out
}

export class DocumentClient {
  private readonly wire: AwsJsonClient
  private readonly observers = new Set<CommandObserver>()

  constructor(config: DocumentClientConfig) {
    this.wire = new AwsJsonClient({ service: 'dynamodb', targetPrefix: 'DynamoDB_20120810', jsonVersion: '1.0', ...config })
  }

  /** Adds an observer of every command; returns the way to remove it. */
  observe(fn: CommandObserver): () => void {
    this.observers.add(fn)
    return () => this.observers.delete(fn)
  }

  /** Sends one of functions/db/dynamo/commands.ts (or lib-dynamodb's own, which ElectroDB builds outside a bundle). */
  async send<I, O>(command: DocumentCommand<I, O>, options?: SendOptions): Promise<O>
  async send(command: AnyCommand, options?: SendOptions): Promise<any>
  async send(command: AnyCommand, options: SendOptions = {}): Promise<unknown> {
    const operation = command.operation ?? OPERATION_OF_SDK_COMMAND[command.constructor.name]
    if (!operation) throw new Error(`Unsupported DynamoDB command: ${command.constructor.name}`)
    const input = command.input as Record<string, unknown>
    const seen = [...this.observers].map((o) => o(operation, input))
    try {
      const output = convert(await this.wire.call(operation, convert(input, marshall), options.abortSignal), (i: Item) => unmarshall(i))
      for (const done of seen) done?.({ output })
      return output
    } catch (error) {
      for (const done of seen) done?.({ error })
      throw error
    }
  }

  /** Closes the kept-alive connections. */
  destroy() {
    this.wire.destroy()
  }
}
