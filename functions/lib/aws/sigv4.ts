import { createHash, createHmac } from 'node:crypto'

/**
 * AWS Signature Version 4 for a request with no query string (DynamoDB's JSON protocol: POST / with the
 * operation in X-Amz-Target), as https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
 * describes it. test/unit/dynamo-sigv4.test.ts holds every signature to the SDK's own signer
 * (@smithy/signature-v4) on the same request.
 */
export interface Credentials {
  accessKeyId: string
  secretAccessKey: string
  sessionToken?: string
  /** When temporary credentials stop working (refreshed a little before). */
  expiration?: Date
}

export interface SignInput {
  method: string
  host: string
  path: string
  /** Every header sent except host and authorization; all of them are signed. */
  headers: Record<string, string>
  body: string
  region: string
  service: string
  credentials: Credentials
  date: Date
}

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex')
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest()

/** The signing key of a day, region and service: four HMACs, cached (a container signs with the same one all day). */
const keys = new Map<string, Buffer>()
function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  const id = `${secret}\n${day}\n${region}\n${service}`
  let key = keys.get(id)
  if (!key) {
    key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request')
    if (keys.size > 10) keys.clear()
    keys.set(id, key)
  }
  return key
}

/** 20261127T051500Z */
export const amzDate = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')

/** The headers to send: the input's, with host, x-amz-date, the session token and the Authorization. */
export function signRequest(input: SignInput): Record<string, string> {
  const { credentials } = input
  const stamp = amzDate(input.date)
  const day = stamp.slice(0, 8)
  const headers: Record<string, string> = { ...input.headers, host: input.host, 'x-amz-date': stamp }
  if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken
  const names = Object.keys(headers)
    .map((n) => n.toLowerCase())
    .sort()
  const lower = Object.fromEntries(Object.entries(headers).map(([n, v]) => [n.toLowerCase(), v]))
  const canonicalHeaders = names.map((n) => `${n}:${String(lower[n]).trim().replace(/\s+/g, ' ')}\n`).join('')
  const signedHeaders = names.join(';')
  const canonicalRequest = [input.method, input.path, '', canonicalHeaders, signedHeaders, sha256Hex(input.body)].join('\n')
  const scope = `${day}/${input.region}/${input.service}/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n')
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, day, input.region, input.service)).update(stringToSign, 'utf8').digest('hex')
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`
  return headers
}
