import * as http from 'node:http'
import * as https from 'node:https'
import { signRequest, type Credentials } from './sigv4.ts'

/**
 * A client of one AWS service's JSON protocol (DynamoDB, Secrets Manager, Cognito user pools): POST / with the
 * operation in X-Amz-Target, signed with Signature V4, over kept-alive connections, with the SDK's standard
 * retries (3 attempts; throttling, 5xx and network errors, with full-jitter backoff). It exists for the cold
 * start (issue 19): loading the AWS SDK's clients costs more than a bare Node start, this file about 1 ms. The
 * functions use it for the calls of their first request (DynamoDB: functions/db/dynamo; the Stripe secrets;
 * staff two-step sign-in; the sign-up trigger); Cognito's user administration, SES and SNS keep the SDK.
 *
 * Errors look like the SDK's: `name` is the service's error type (ConditionalCheckFailedException,
 * UserNotFoundException, ...), `message`, `$fault`, `$metadata.httpStatusCode`, and the error's other fields
 * (a TransactionCanceledException's CancellationReasons).
 */
export interface AwsJsonClientConfig {
  /** Signing name and endpoint prefix: 'dynamodb', 'secretsmanager', 'cognito-idp'. */
  service: string
  /** X-Amz-Target's prefix: 'DynamoDB_20120810', 'secretsmanager', 'AWSCognitoIdentityProviderService'. */
  targetPrefix: string
  /** The protocol's content type version: DynamoDB speaks 1.0, the others 1.1. */
  jsonVersion: '1.0' | '1.1'
  region: string
  /** A local emulator's URL; AWS's regional endpoint without it. */
  endpoint?: string
  /** Fixed credentials, or a provider (ops scripts: the SDK's default chain, scripts/lib/aws-credentials.ts); by default the Lambda environment's. */
  credentials?: Credentials | (() => Promise<Credentials>)
  /** Attempts per request, the first included (the SDK's default: 3). */
  maxAttempts?: number
}

export type { Credentials }

/**
 * Error types the SDK's standard retry strategy retries: its throttling ones (ThrottlingException, Throttling,
 * ThrottledException, RequestThrottledException, RequestThrottled, TooManyRequestsException,
 * ProvisionedThroughputExceededException, TransactionInProgressException, RequestLimitExceeded,
 * BandwidthLimitExceeded, LimitExceededException, SlowDown, PriorRequestNotComplete, EC2ThrottledException) and
 * its transient ones; 5xx answers; connection errors.
 */
const THROTTLING = /^(Throttl(ing|ed)(Exception)?|RequestThrottled(Exception)?|TooManyRequestsException|ProvisionedThroughputExceededException|TransactionInProgressException|RequestLimitExceeded|BandwidthLimitExceeded|LimitExceededException|SlowDown|PriorRequestNotComplete|EC2ThrottledException)$/
const TRANSIENT = /^(TimeoutError|RequestTimeout(Exception)?|HTTP50[0234]|ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN)$/
/** Temporary credentials are renewed this long before they expire. */
const CREDENTIALS_MARGIN_MS = 5 * 60_000

/** An error the service answered (or a connection error): `name` its type, `$metadata.httpStatusCode`, its other fields. */
export class AwsError extends Error {
  $fault: 'client' | 'server'
  $metadata: { httpStatusCode?: number; requestId?: string; attempts: number };
  [field: string]: unknown

  constructor(name: string, message: string, status?: number, requestId?: string, fields?: Record<string, unknown>) {
    super(message)
    Object.assign(this, fields)
    this.name = name
    this.$fault = status! < 500 ? 'client' : 'server'
    this.$metadata = { httpStatusCode: status, requestId, attempts: 1 }
  }
}

/** Whether the SDK's standard strategy would try again, and whether it is throttling (a longer backoff). */
export function isRetryable(err: unknown): { retry: boolean; throttling: boolean } {
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } }
  const throttling = THROTTLING.test(e?.name ?? '')
  return { retry: throttling || TRANSIENT.test(e?.name ?? '') || TRANSIENT.test(`HTTP${e?.$metadata?.httpStatusCode}`) || TRANSIENT.test(e?.code ?? ''), throttling }
}

/** The Lambda environment's credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), if set. */
export function environmentCredentials(env: NodeJS.ProcessEnv = process.env): Credentials | undefined {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = env
  return accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, sessionToken } : undefined
}

export class AwsJsonClient {
  private readonly url: URL
  private readonly agent: http.Agent
  private cached?: Credentials

  constructor(private readonly config: AwsJsonClientConfig) {
    this.url = new URL(config.endpoint ?? `https://${config.service}.${config.region}.amazonaws.com`)
    this.agent = new (this.url.protocol === 'https:' ? https : http).Agent({ keepAlive: true, maxSockets: 50 })
  }

  /** Calls `operation` with `input` (the service's JSON); the answer's JSON with `$metadata`. */
  async call(operation: string, input: unknown, signal?: AbortSignal): Promise<Record<string, any>> {
    const body = JSON.stringify(input)
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(operation, body, signal)
      } catch (err) {
        const e = err as AwsError
        if (e.$metadata) e.$metadata.attempts = attempt
        const { retry, throttling } = isRetryable(err)
        if (!retry || attempt >= (this.config.maxAttempts ?? 3) || signal?.aborted) throw err
        // Full jitter on an exponential base (100 ms, throttling 500 ms), at most 20 s: the SDK's standard strategy.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(20_000, (throttling ? 500 : 100) * 2 ** (attempt - 1))))
      }
    }
  }

  /** Closes the kept-alive connections. */
  destroy() {
    this.agent.destroy()
  }

  private async credentials(): Promise<Credentials> {
    const c = this.cached
    if (c && !(c.expiration && c.expiration.getTime() - Date.now() < CREDENTIALS_MARGIN_MS)) return c
    const source = this.config.credentials
    const found = typeof source === 'function' ? await source() : (source ?? environmentCredentials())
    if (!found) throw new AwsError('CredentialsProviderError', 'No AWS credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set')
    return (this.cached = found)
  }

  private async attempt(operation: string, body: string, signal?: AbortSignal): Promise<Record<string, any>> {
    const { url, config } = this
    const headers = signRequest({
      method: 'POST',
      host: url.host,
      path: '/',
      headers: { 'content-type': `application/x-amz-json-${config.jsonVersion}`, 'x-amz-target': `${config.targetPrefix}.${operation}` },
      body,
      region: config.region,
      service: config.service,
      credentials: await this.credentials(),
      date: new Date(),
    })
    const res = await new Promise<http.IncomingMessage & { text: string }>((resolve, reject) => {
      const req = (url.protocol === 'https:' ? https : http).request(
        url,
        { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, agent: this.agent, signal },
        (r) => {
          const chunks: Buffer[] = []
          r.on('data', (c: Buffer) => chunks.push(c))
          r.on('end', () => resolve(Object.assign(r, { text: Buffer.concat(chunks).toString('utf8') })))
          r.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(body)
    })
    const status = res.statusCode!
    const requestId = res.headers['x-amzn-requestid'] as string | undefined
    let json: Record<string, any>
    try {
      json = res.text ? JSON.parse(res.text) : {}
    } catch {
      throw new AwsError(`HTTP${status}`, `${config.service} answered ${status} with a body that is not JSON: ${res.text.slice(0, 200)}`, status, requestId)
    }
    if (status > 299) {
      const { __type, message, Message, ...fields } = json
      // 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException', or the header's 'UserNotFoundException:http://…'.
      const name = String(__type ?? (res.headers['x-amzn-errortype'] as string | undefined)?.split(':')[0] ?? `HTTP${status}`).split('#').pop()!
      throw new AwsError(name, String(message ?? Message ?? name), status, requestId, fields)
    }
    return { ...json, $metadata: { httpStatusCode: status, requestId } }
  }
}
