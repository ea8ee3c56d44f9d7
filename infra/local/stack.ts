import type { Server } from 'node:http'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { functionGroups, routesFor, type FunctionGroup } from '../../functions/routes.ts'
import type { ApiEvent } from '../../functions/lib/http.ts'
import type { DynamoDBBatchResponse } from 'aws-lambda'
import { cognitoMessages } from '../constructs/cognito-messages.ts'
import { startCognitoLocal, POST_CONFIRMATION_FN, PRE_SIGN_UP_FN } from './cognito.ts'
import type { LocalDelivery } from './delivery.ts'
import { startDynamoLocal } from './dynamodb.ts'
import { startLocalS3 } from './s3.ts'
import { EXPOSE_TO_NETWORK_FLAG, gatewayHost, isLoopback } from './host.ts'
import { createGateway, createLambdaInvokeServer, type LambdaHandler } from './gateway.ts'
import { createJwtVerifier } from './jwt.ts'
import { assertPortFree, freePort } from './ports.ts'
import { ensureTable, localDocumentClient, localDynamoClient } from './table.ts'
import { startDynamoRecorder, type CommandObserver } from './dynamo-recorder.ts'
import { buildLocalBundles, LOCAL_DEV_ROUTES, localLambda, readLocalBundles, type LocalLambda } from './lambda-runtime.ts'

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))
/** How often the local stack sends the due notification digests (AWS: notify-stack.ts DIGEST_SCHEDULE, one minute; NOTIFY_DIGEST_EVERY_MS shortens it, with NOTIFY_DIGEST_WINDOW_MS, for the e2e stack). */
const DIGEST_EVERY_MS = 60_000

export interface LocalStackOptions {
  /** Gateway port; 0 picks a free one. */
  port: number
  /** Where data lives across restarts; absent: DynamoDB in memory and Cognito in a temp dir. */
  dataDir?: string
  cognitoPort?: number
  /** The local S3 server's port (condition photos); absent: 4569 with a dataDir, else a free one. */
  s3Port?: number
  webDir?: string
  seed?: boolean
  tableName?: string
  /** DynamoDB Local's Java heap (default 512 MB; the year-three bench holds half a million items in memory). */
  dynamoHeapMb?: number
  /**
   * Delivers notifications as in AWS (`npm start`): the table's stream to the notifier handler, mail to maildev's
   * inbox, text messages to the SMS sink (infra/local/delivery.ts); and to the site publisher, which writes the public
   * pages with the shop's identity into `webDir` (infra/local/site-publisher.ts). Off by default (tests and the bench start
   * their own pieces or none). With a dataDir its ports default to 1025 (SMTP), 1080 (inbox), 1090 (SMS); else free ones.
   */
  delivery?: boolean | { smtpPort?: number; inboxPort?: number; smsPort?: number }
  /**
   * The functions' bundles, built by buildLocalBundles (infra/local/lambda-runtime.ts) into this folder already (the
   * integration suite builds them once for all its workers). Absent: the stack builds them at start into a folder
   * of its own, removed at stop.
   */
  bundlesDir?: string
  /** Sees every DynamoDB request the functions send (a recorder in front of DynamoDB Local relays theirs only). */
  observeDynamo?: CommandObserver
}

export interface LocalStack {
  url: string
  port: number
  cognitoEndpoint: string
  dynamoEndpoint: string
  /** The local S3 server (s3rver) and the photos bucket in it. */
  s3Endpoint: string
  photosBucket: string
  tableName: string
  userPoolId: string
  clientId: string
  seeded: boolean
  /** The data migrations this start ran (none on a data folder that has them all). */
  migrated: string[]
  /** With `delivery`: maildev's web inbox and the SMS sink's page. */
  inboxUrl?: string
  smsUrl?: string
  /** Runs the scheduled reconciliation function once (its bundle), as its EventBridge rule does in AWS. */
  reconcile(): Promise<unknown>
  stop(): Promise<void>
}

function listen(server: Server, port: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve((server.address() as { port: number }).port))
  })
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))

/** DynamoDB Local + cognito-local + the local gateway, running the same handlers as AWS. */
export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  const { dataDir, webDir = path.join(REPO_ROOT, 'web/dist'), seed = true, tableName = 'gunsmith-local' } = opts
  // Before anything starts: a HOST beyond loopback without the flag stops here, with the reason.
  const host = gatewayHost()
  if (!isLoopback(host)) console.warn(`${EXPOSE_TO_NETWORK_FLAG}=1: the local portal listens on ${host}, reachable from the network (seeded passwords, fake payments, no TLS).`)
  const cognitoPort = opts.cognitoPort ?? (dataDir ? 9229 : await freePort())
  if (opts.port) await assertPortFree(opts.port, 'the portal', 'PORT')
  await assertPortFree(cognitoPort, 'cognito-local', 'COGNITO_PORT')
  const s3Port = opts.s3Port ?? (dataDir ? 4569 : 0)
  if (s3Port) await assertPortFree(s3Port, 'the local S3 server', 'S3_PORT')
  const deliveryPorts = opts.delivery ? deliveryPortsOf(opts.delivery, dataDir) : undefined
  if (deliveryPorts) {
    const named = { smtpPort: ['maildev SMTP', 'MAIL_SMTP_PORT'], inboxPort: ['the mail inbox', 'MAIL_WEB_PORT'], smsPort: ['the SMS sink', 'SMS_PORT'] } as const
    for (const [k, [what, env]] of Object.entries(named)) {
      const p = deliveryPorts[k as keyof typeof named]
      if (p) await assertPortFree(p, what, env)
    }
  }

  const stops: Array<() => Promise<void>> = []
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined)
    stops.length = 0
  }
  try {
    const dynamo = await startDynamoLocal({ dataDir: dataDir ? path.join(dataDir, 'dynamodb') : undefined, heapMb: opts.dynamoHeapMb })
    stops.push(() => dynamo.stop())
    // Condition photos: the bucket in an S3-compatible server, loopback only, objects under the data folder.
    const photosBucket = 'gunsmith-local-photos'
    const s3 = await startLocalS3({ port: s3Port, dataDir: dataDir ? path.join(dataDir, 's3') : undefined, buckets: [photosBucket] })
    stops.push(() => s3.stop())

    // Functions read these once; set before any handler runs (same names the CDK sets).
    const cognitoEndpoint = `http://localhost:${cognitoPort}`
    Object.assign(process.env, {
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      COGNITO_ENDPOINT: cognitoEndpoint,
      PHOTOS_BUCKET: photosBucket,
      S3_ENDPOINT: s3.endpoint,
      AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
      STAGE: 'local',
    })

    // The deployed code: every function runs from its Lambda bundle, in a container process of its own.
    let bundlesDir = opts.bundlesDir
    if (!bundlesDir) {
      mkdirSync(path.join(REPO_ROOT, '.cdk'), { recursive: true })
      const built = mkdtempSync(path.join(REPO_ROOT, '.cdk', 'local-bundles-'))
      stops.push(async () => rmSync(built, { recursive: true, force: true }))
      buildLocalBundles(built, [...functionGroups, 'post-confirmation', 'reconcile', 'notifier', 'notify-digests', LOCAL_DEV_ROUTES])
      bundlesDir = built
    }
    const bundles = readLocalBundles(bundlesDir)
    // The functions' DynamoDB requests go through a recorder when someone watches them.
    let functionsDynamo = dynamo.endpoint
    if (opts.observeDynamo) {
      const recorder = await startDynamoRecorder(dynamo.endpoint)
      recorder.observe(opts.observeDynamo)
      stops.push(() => recorder.stop())
      functionsDynamo = recorder.endpoint
    }
    const functionEnv = () => ({ ...process.env, DYNAMODB_ENDPOINT: functionsDynamo })
    const lambdas: LocalLambda[] = []
    stops.push(async () => {
      await Promise.all(lambdas.map((l) => l.stop()))
    })
    const lambda = (name: string) => {
      if (!bundles[name]) throw new Error(`no bundle of ${name} in ${bundlesDir}`)
      const l = localLambda(name, bundles[name], functionEnv)
      lambdas.push(l)
      return l
    }

    const postConfirmation = lambda('post-confirmation')
    const reconcile = lambda('reconcile')
    const { handler: autoConfirm } = await import('./auto-confirm.ts')
    const invoke = createLambdaInvokeServer({
      [PRE_SIGN_UP_FN]: autoConfirm as (e: unknown) => Promise<unknown>,
      [POST_CONFIRMATION_FN]: (e: unknown) => postConfirmation(e),
    })
    const invokePort = await listen(invoke, 0)
    stops.push(() => close(invoke))

    const stateDir = dataDir ? path.join(dataDir, 'cognito') : mkdtempSync(path.join(os.tmpdir(), 'gs-cognito-'))
    if (!dataDir) stops.push(async () => rmSync(stateDir, { recursive: true, force: true }))
    const cognito = await startCognitoLocal({ stateDir, port: cognitoPort, lambdaEndpoint: `http://127.0.0.1:${invokePort}` })
    stops.push(() => cognito.stop())
    Object.assign(process.env, { USER_POOL_ID: cognito.userPoolId, USER_POOL_CLIENT_ID: cognito.clientId })

    await ensureTable(localDynamoClient(dynamo.endpoint), tableName, { stream: Boolean(opts.delivery) })
    // A data folder from an earlier version gets what this one needs (functions/db/migrations), with a client of
    // its own: the migrations Scan, which no function may (the integration suite watches the functions' client).
    const { runMigrations } = await import('../../functions/db/migrations/index.ts')
    const migrated = await runMigrations({ table: tableName, client: localDocumentClient(dynamo.endpoint) })

    const handlers: Partial<Record<FunctionGroup | typeof LOCAL_DEV_ROUTES, LambdaHandler>> = {}
    const asHandler =
      (fn: LocalLambda): LambdaHandler =>
      (event: ApiEvent, context) =>
        fn(event, { requestId: context.awsRequestId }) as ReturnType<LambdaHandler>
    for (const g of functionGroups) if (routesFor(g).length) handlers[g] = asHandler(lambda(g))
    handlers[LOCAL_DEV_ROUTES] = asHandler(lambda(LOCAL_DEV_ROUTES))

    let seeded = false
    if (seed) {
      const { seedLocal } = await import('./seed.ts')
      seeded = await seedLocal({ userPoolId: cognito.userPoolId })
    }

    const config = {
      apiUrl: '/api',
      region: process.env.AWS_REGION,
      userPoolId: cognito.userPoolId,
      userPoolClientId: cognito.clientId,
      cognitoEndpoint,
      // Same rule as the functions (functions/payments/index.ts): Stripe test mode when a secret key is set, else the dev gateway.
      paymentsMode: process.env.STRIPE_SECRET_KEY ? 'stripe' : 'dev',
      stripePublishableKey: process.env.STRIPE_SECRET_KEY ? process.env.STRIPE_PUBLISHABLE_KEY || null : null,
    }
    const gateway = createGateway({
      webDir,
      config,
      photosOrigin: s3.endpoint,
      verify: createJwtVerifier({ issuer: cognito.issuer, jwksUrl: `http://127.0.0.1:${cognitoPort}/${cognito.userPoolId}/.well-known/jwks.json`, clientId: cognito.clientId }),
      handlers,
    })
    const port = await listen(gateway, opts.port, host)
    stops.push(() => {
      gateway.closeAllConnections?.()
      return close(gateway)
    })
    const url = `http://localhost:${port}`
    // The page's origin may POST photos to the bucket (the CDK's CORS rule names the site's origin the same way).
    await s3.allowOrigin(photosBucket, url)

    // Last: the poller starts at the stream's end (LATEST), so the seed's notifications are not mailed, and the
    // links in the messages need the gateway's port.
    let delivery: LocalDelivery | undefined
    if (deliveryPorts) {
      const { startLocalDelivery } = await import('./delivery.ts')
      const notifier = lambda('notifier')
      delivery = await startLocalDelivery({
        dynamoEndpoint: dynamo.endpoint,
        tableName,
        portalUrl: url,
        dataDir,
        ...deliveryPorts,
        handler: (event) => notifier(event, { timeoutMs: 60_000 }) as Promise<DynamoDBBatchResponse | undefined>,
      })
      stops.push(() => delivery!.stop())
      // As the EventBridge rule in AWS (notify-stack.ts DIGEST_SCHEDULE): the due notification digests, every minute.
      const digests = lambda('notify-digests')
      const digestTimer = setInterval(() => {
        digests({ source: 'local.schedule', 'detail-type': 'Scheduled Event' }, { timeoutMs: 50_000 }).catch((err: unknown) =>
          console.error(`notification digests failed: ${err instanceof Error ? err.message : String(err)}`),
        )
      }, Number(process.env.NOTIFY_DIGEST_EVERY_MS) > 0 ? Number(process.env.NOTIFY_DIGEST_EVERY_MS) : DIGEST_EVERY_MS)
      digestTimer.unref()
      stops.push(async () => clearInterval(digestTimer))
      // Sign-up and password-reset codes, and welcomes with a temporary password, land in the same inbox.
      cognito.configureMail({ smtpPort: delivery.smtpPort, from: process.env.EMAIL_FROM || 'portal@localhost', messages: cognitoMessages(url) })
      // The stream's other reader, as in AWS: the public pages published again with the shop's identity on each save.
      const { startLocalSitePublisher } = await import('./site-publisher.ts')
      const publisher = await startLocalSitePublisher({ webDir, dynamoEndpoint: dynamo.endpoint, tableName })
      stops.push(() => publisher.stop())
    }
    return {
      url,
      port,
      cognitoEndpoint,
      dynamoEndpoint: dynamo.endpoint,
      s3Endpoint: s3.endpoint,
      photosBucket,
      tableName,
      userPoolId: cognito.userPoolId,
      clientId: cognito.clientId,
      seeded,
      migrated,
      reconcile: () => reconcile({ source: 'local.schedule', 'detail-type': 'Scheduled Event' }, { timeoutMs: 300_000 }),
      ...(delivery ? { inboxUrl: delivery.inboxUrl, smsUrl: delivery.smsUrl } : {}),
      stop,
    }
  } catch (err) {
    await stop()
    throw err
  }
}

/** Fixed default ports with a data folder (as cognito-local's 9229), free ones without. */
function deliveryPortsOf(delivery: true | { smtpPort?: number; inboxPort?: number; smsPort?: number }, dataDir: string | undefined) {
  const given = delivery === true ? {} : delivery
  return {
    smtpPort: given.smtpPort ?? (dataDir ? 1025 : 0),
    inboxPort: given.inboxPort ?? (dataDir ? 1080 : 0),
    smsPort: given.smsPort ?? (dataDir ? 1090 : 0),
  }
}
