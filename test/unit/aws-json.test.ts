/**
 * The functions' own AWS clients (functions/lib/aws, functions/db/dynamo), held to the AWS SDK they replace at the
 * cold start: the same Signature V4 as @smithy/signature-v4, the same attribute values as @aws-sdk/util-dynamodb,
 * byte-for-byte the same DynamoDB requests (and the same answers read back) as @aws-sdk/lib-dynamodb for every
 * operation, and the SDK's standard retries and error shapes. A local HTTP server plays DynamoDB for both.
 */
import { createHash, createHmac } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import * as lib from '@aws-sdk/lib-dynamodb'
import * as util from '@aws-sdk/util-dynamodb'
import { SignatureV4 } from '@smithy/signature-v4'
import fc from 'fast-check'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import * as ours from '../../functions/db/dynamo/commands.ts'
import { DocumentClient } from '../../functions/db/dynamo/document-client.ts'
import { marshall, unmarshall } from '../../functions/db/dynamo/marshall.ts'
import { AwsJsonClient } from '../../functions/lib/aws/json-client.ts'
import { signRequest } from '../../functions/lib/aws/sigv4.ts'
import { localAwsService, type AwsServiceAnswer } from './local-aws-service.ts'

class Sha256 {
  private readonly h
  constructor(secret?: unknown) {
    this.h = secret ? createHmac('sha256', secret as string) : createHash('sha256')
  }
  update(data: unknown) {
    this.h.update(data as string)
  }
  async digest() {
    return new Uint8Array(this.h.digest())
  }
  reset() {}
}

describe('Signature V4 (functions/lib/aws/sigv4.ts)', () => {
  const cases = [
    { service: 'dynamodb', region: 'us-east-1', target: 'DynamoDB_20120810.Query', body: '{"TableName":"t","KeyConditionExpression":"#pk = :pk"}', token: undefined },
    { service: 'dynamodb', region: 'eu-west-2', target: 'DynamoDB_20120810.TransactWriteItems', body: '{"TransactItems":[]}', token: 'IQoJb3JpZ2luX2VjEJ//////////session+token=' },
    { service: 'secretsmanager', region: 'us-west-2', target: 'secretsmanager.GetSecretValue', body: '{"SecretId":"arn:aws:secretsmanager:us-west-2:1:secret:x"}', token: 'tok' },
    { service: 'cognito-idp', region: 'ap-southeast-2', target: 'AWSCognitoIdentityProviderService.AdminGetUser', body: '{"UserPoolId":"p","Username":"ü ser  two"}', token: undefined },
  ]
  for (const c of cases) {
    it(`signs ${c.target} exactly as the SDK's signer does`, async () => {
      const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', ...(c.token ? { sessionToken: c.token } : {}) }
      const date = new Date('2026-11-27T05:15:30.123Z')
      const host = `${c.service}.${c.region}.amazonaws.com`
      const base = { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': c.target }
      const sdk = await new SignatureV4({ credentials, region: c.region, service: c.service, sha256: Sha256, applyChecksum: false }).sign(
        { method: 'POST', protocol: 'https:', hostname: host, path: '/', headers: { ...base, host }, body: c.body, query: {} },
        { signingDate: date },
      )
      const mine = signRequest({ method: 'POST', host, path: '/', headers: base, body: c.body, region: c.region, service: c.service, credentials, date })
      expect(mine.authorization).toBe(sdk.headers.authorization)
      expect(mine['x-amz-date']).toBe(sdk.headers['x-amz-date'])
      expect(mine['x-amz-security-token']).toBe(sdk.headers['x-amz-security-token'])
    })
  }
})

/** JSON-like documents as items hold them: nested maps and lists, strings (empty too), safe numbers, booleans, null, undefined members. */
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }), fc.boolean(), fc.constant(null)),
  node: fc.oneof({ depthSize: 'small' }, tie('leaf'), fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.oneof(tie('node'), fc.constant(undefined)), { maxKeys: 5 })),
}))
const item = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.oneof(value.node, fc.constant(undefined)), { maxKeys: 8 })

describe('attribute values (functions/db/dynamo/marshall.ts)', () => {
  it('marshalls and unmarshalls every document as @aws-sdk/util-dynamodb does (removeUndefinedValues)', () => {
    fc.assert(
      fc.property(item, (doc) => {
        const m = marshall(doc)
        expect(m).toEqual(util.marshall(doc, { removeUndefinedValues: true }))
        expect(unmarshall(m)).toEqual(util.unmarshall(m as never))
      }),
      { numRuns: 500 },
    )
  })

  it('reads sets, numbers beyond 2^53 and binary as the SDK does; refuses what DynamoDB cannot hold', () => {
    const sets = { s: new Set(['a', 'b']), n: new Set([1, 2.5]) }
    expect(marshall(sets)).toEqual(util.marshall(sets))
    expect(unmarshall(marshall(sets))).toEqual(sets)
    expect(unmarshall({ big: { N: '123456789012345678901' } })).toEqual({ big: 123456789012345678901n })
    expect(marshall({ b: new Uint8Array([1, 2, 255]) })).toEqual({ b: { B: 'AQL/' } })
    expect(unmarshall({ b: { B: 'AQL/' } })).toEqual({ b: new Uint8Array([1, 2, 255]) })
    expect(() => marshall({ n: Number.NaN })).toThrow(/NaN/)
    expect(() => marshall({ n: 2 ** 60 })).toThrow(/MAX_SAFE_INTEGER/)
    expect(() => marshall({ d: new Date() })).toThrow(/Unsupported type/)
    expect(() => marshall({ s: new Set() })).toThrow(/empty set/)
  })
})

/** A local DynamoDB stand-in: records each request and answers from a queue (status, JSON body), 200 {} by default. */
const seen: Array<{ headers: IncomingHttpHeaders; body: string }> = []
let answers: AwsServiceAnswer[] = []
const service = localAwsService(({ headers, body }) => {
  seen.push({ headers, body })
  const a = answers.shift() ?? { status: 200, body: '{}' }
  return { ...a, headers: { 'content-type': 'application/x-amz-json-1.0', ...a.headers } }
})
let endpoint = ''
beforeAll(() => {
  endpoint = service.endpoint()
})
beforeEach(() => {
  seen.length = 0
  answers = []
})

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' }
const strip = ({ $metadata: _m, ...rest }: Record<string, unknown>) => rest

describe('the document client (functions/db/dynamo/document-client.ts) against @aws-sdk/lib-dynamodb', () => {
  const sdk = () => lib.DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1', endpoint, credentials, maxAttempts: 1 }), { marshallOptions: { removeUndefinedValues: true } })
  const mine = () => new DocumentClient({ region: 'us-east-1', endpoint, credentials, maxAttempts: 1 })
  const doc = { pk: 'p#1', sk: 'o#2', n: 12.5, list: [1, 'two', { three: true }], map: { a: null, b: undefined, c: { d: [''] } }, empty: '' }
  const M = util.marshall(doc, { removeUndefinedValues: true })

  const operations: Array<{ name: keyof typeof ours & keyof typeof lib; input: Record<string, unknown>; answer: Record<string, unknown> }> = [
    { name: 'GetCommand', input: { TableName: 't', Key: { pk: 'p#1', sk: 'o#2' }, ConsistentRead: true }, answer: { Item: M } },
    { name: 'PutCommand', input: { TableName: 't', Item: doc, ConditionExpression: 'attribute_not_exists(pk)', ExpressionAttributeValues: undefined, ReturnValues: 'ALL_OLD' }, answer: { Attributes: M } },
    {
      name: 'UpdateCommand',
      input: { TableName: 't', Key: { pk: 'p#1', sk: 'o#2' }, UpdateExpression: 'SET #n = :n, #m = :m', ExpressionAttributeNames: { '#n': 'n', '#m': 'map' }, ExpressionAttributeValues: { ':n': 3, ':m': { x: [1, undefined, 2] } }, ReturnValues: 'ALL_NEW' },
      answer: { Attributes: M },
    },
    { name: 'DeleteCommand', input: { TableName: 't', Key: { pk: 'p#1', sk: 'o#2' }, ConditionExpression: '#v = :v', ExpressionAttributeNames: { '#v': 'version' }, ExpressionAttributeValues: { ':v': 4 } }, answer: {} },
    {
      name: 'QueryCommand',
      input: { TableName: 't', IndexName: 'gsi1', KeyConditionExpression: '#pk = :pk', ExpressionAttributeNames: { '#pk': 'gsi1pk' }, ExpressionAttributeValues: { ':pk': 'x' }, ExclusiveStartKey: { pk: 'a', sk: 'b' }, Limit: 20, ScanIndexForward: false },
      answer: { Items: [M, M], Count: 2, ScannedCount: 3, LastEvaluatedKey: util.marshall({ pk: 'a', sk: 'c' }) },
    },
    { name: 'ScanCommand', input: { TableName: 't', FilterExpression: 'begins_with(#pk, :p)', ExpressionAttributeNames: { '#pk': 'pk' }, ExpressionAttributeValues: { ':p': 'p#' } }, answer: { Items: [M], Count: 1, ScannedCount: 1 } },
    {
      name: 'BatchGetCommand',
      input: { RequestItems: { t: { Keys: [{ pk: 'a', sk: 'b' }, { pk: 'c', sk: 'd' }], ConsistentRead: true } } },
      answer: { Responses: { t: [M] }, UnprocessedKeys: { t: { Keys: [util.marshall({ pk: 'c', sk: 'd' })] } } },
    },
    {
      name: 'BatchWriteCommand',
      input: { RequestItems: { t: [{ PutRequest: { Item: doc } }, { DeleteRequest: { Key: { pk: 'a', sk: 'b' } } }] } },
      answer: { UnprocessedItems: { t: [{ PutRequest: { Item: M } }] } },
    },
    { name: 'TransactGetCommand', input: { TransactItems: [{ Get: { TableName: 't', Key: { pk: 'a', sk: 'b' } } }, { Get: { TableName: 't', Key: { pk: 'c', sk: 'd' } } }] }, answer: { Responses: [{ Item: M }, {}] } },
    {
      name: 'TransactWriteCommand',
      input: {
        ClientRequestToken: 'tok-1',
        TransactItems: [
          { Put: { TableName: 't', Item: doc, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Update: { TableName: 't', Key: { pk: 'a', sk: 'b' }, UpdateExpression: 'ADD #c :one', ExpressionAttributeNames: { '#c': 'count' }, ExpressionAttributeValues: { ':one': 1 } } },
          { Delete: { TableName: 't', Key: { pk: 'c', sk: 'd' } } },
          { ConditionCheck: { TableName: 't', Key: { pk: 'e', sk: 'f' }, ConditionExpression: '#v = :v', ExpressionAttributeNames: { '#v': 'version' }, ExpressionAttributeValues: { ':v': 2 } } },
        ],
      },
      answer: {},
    },
  ]

  for (const op of operations) {
    it(`${op.name}: sends the SDK's request body and target, and reads its answer back the same`, async () => {
      const { name } = op
      answers = [{ status: 200, body: JSON.stringify(op.answer) }, { status: 200, body: JSON.stringify(op.answer) }]
      const client = sdk()
      const fromSdk = await client.send(new (lib[name] as unknown as new (i: unknown) => never)(structuredClone(op.input)))
      client.destroy()
      const ourClient = mine()
      const fromOurs = await ourClient.send(new (ours[name] as unknown as new (i: unknown) => never)(structuredClone(op.input)))
      ourClient.destroy()
      expect(seen).toHaveLength(2)
      expect(JSON.parse(seen[1].body)).toEqual(JSON.parse(seen[0].body))
      expect(seen[1].headers['x-amz-target']).toBe(seen[0].headers['x-amz-target'])
      expect(seen[1].headers['content-type']).toBe(seen[0].headers['content-type'])
      expect(seen[1].headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=local\/\d{8}\/us-east-1\/dynamodb\/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=[0-9a-f]{64}$/)
      expect(strip(fromOurs as Record<string, unknown>)).toEqual(strip(fromSdk as Record<string, unknown>))
    })
  }

  it("takes lib-dynamodb's own commands too (ElectroDB builds those outside a bundle)", async () => {
    answers = [{ status: 200, body: JSON.stringify({ Item: M }) }]
    const c = mine()
    expect(strip(await c.send(new lib.GetCommand({ TableName: 't', Key: { pk: 'p#1', sk: 'o#2' } })))).toEqual({ Item: doc.map.b === undefined ? util.unmarshall(M) : doc })
    c.destroy()
    expect(JSON.parse(seen[0].body)).toEqual({ TableName: 't', Key: { pk: { S: 'p#1' }, sk: { S: 'o#2' } } })
  })
})

describe('errors and retries (functions/lib/aws/json-client.ts): the SDK standard strategy', () => {
  const client = (maxAttempts?: number) => new DocumentClient({ region: 'us-east-1', endpoint, credentials, maxAttempts })
  const query = () => new ours.QueryCommand({ TableName: 't', KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'x' } })

  it("throws a refused condition at once, shaped as the SDK's (name, message, status, request id)", async () => {
    answers = [{ status: 400, body: JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException', message: 'The conditional request failed', Item: { pk: { S: 'a' } } }) }]
    const c = client()
    const err = await c.send(query()).catch((e: unknown) => e)
    c.destroy()
    expect(err).toMatchObject({ name: 'ConditionalCheckFailedException', message: 'The conditional request failed', $fault: 'client', $metadata: { httpStatusCode: 400, requestId: 'req-1', attempts: 1 }, Item: { pk: { S: 'a' } } })
    expect(seen).toHaveLength(1)
  })

  it('leaves a cancelled transaction its CancellationReasons, items in DynamoDB form (as ElectroDB reads them)', async () => {
    const reasons = [{ Code: 'None' }, { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed', Item: { v: { N: '3' } } }]
    answers = [{ status: 400, body: JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException', Message: 'Transaction cancelled', CancellationReasons: reasons }) }]
    const c = client()
    const err = await c.send(new ours.TransactWriteCommand({ TransactItems: [] })).catch((e: unknown) => e)
    c.destroy()
    expect(err).toMatchObject({ name: 'TransactionCanceledException', message: 'Transaction cancelled', CancellationReasons: reasons })
  })

  it('retries a 5xx answer and throttling, then answers', async () => {
    answers = [
      { status: 500, body: JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'oops' }) },
      { status: 400, body: JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException', message: 'slow down' }) },
      { status: 200, body: JSON.stringify({ Items: [], Count: 0, ScannedCount: 0 }) },
    ]
    const c = client()
    expect(strip(await c.send(query()))).toEqual({ Items: [], Count: 0, ScannedCount: 0 })
    c.destroy()
    expect(seen).toHaveLength(3)
  })

  it('gives up after three attempts (by default), saying what the last one was; an answer that is not JSON is an error too', async () => {
    answers = [0, 1, 2].map(() => ({ status: 502, body: '<html>Bad Gateway</html>' }))
    const c = client()
    const err = await c.send(query()).catch((e: unknown) => e)
    c.destroy()
    expect(err).toMatchObject({ name: 'HTTP502', $metadata: { httpStatusCode: 502, attempts: 3 } })
    expect((err as Error).message).toContain('Bad Gateway')
    expect(seen).toHaveLength(3)
  })

  it('retries a connection refused, then throws it', async () => {
    const c = new DocumentClient({ region: 'us-east-1', endpoint: 'http://127.0.0.1:9', credentials, maxAttempts: 2 })
    await expect(c.send(query())).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    c.destroy()
  })

  it('signs with the Lambda environment credentials (and session token); without any, says so before sending', async () => {
    const saved = { ...process.env }
    try {
      Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'ASIAENVKEY', AWS_SECRET_ACCESS_KEY: 'envsecret', AWS_SESSION_TOKEN: 'envtoken' })
      const c = new AwsJsonClient({ service: 'secretsmanager', targetPrefix: 'secretsmanager', jsonVersion: '1.1', region: 'us-east-1', endpoint })
      answers = [{ status: 200, body: JSON.stringify({ SecretString: 's' }) }]
      expect(await c.call('GetSecretValue', { SecretId: 'x' })).toMatchObject({ SecretString: 's', $metadata: { httpStatusCode: 200 } })
      c.destroy()
      expect(seen[0].headers['x-amz-security-token']).toBe('envtoken')
      expect(seen[0].headers['x-amz-target']).toBe('secretsmanager.GetSecretValue')
      expect(seen[0].headers['content-type']).toBe('application/x-amz-json-1.1')
      expect(seen[0].headers.authorization).toMatch(/Credential=ASIAENVKEY\/\d{8}\/us-east-1\/secretsmanager\/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-security-token;x-amz-target,/)
      delete process.env.AWS_ACCESS_KEY_ID
      delete process.env.AWS_SECRET_ACCESS_KEY
      const none = new AwsJsonClient({ service: 'secretsmanager', targetPrefix: 'secretsmanager', jsonVersion: '1.1', region: 'us-east-1', endpoint })
      await expect(none.call('GetSecretValue', { SecretId: 'x' })).rejects.toMatchObject({ name: 'CredentialsProviderError' })
      none.destroy()
      expect(seen).toHaveLength(1)
    } finally {
      process.env = saved
    }
  })
})
