/**
 * The notifier's delivery path, locally and for real: the table's stream (stream-poller.ts) hands each batch to
 * the notifier function (its Lambda bundle, in the local runtime: lambda-runtime.ts), which sends mail over SMTP to
 * maildev (web inbox) and text messages to the SMS sink (sms-sink.ts). Everything on 127.0.0.1: nothing
 * leaves the machine.
 */
import path from 'node:path'
import { startMailDev } from './maildev.ts'
import { startSmsSink } from './sms-sink.ts'
import { startStreamPoller, type DeadLetter, type StreamHandler, type StreamPoller } from './stream-poller.ts'
import { localDynamoClient, tableStreamArn } from './table.ts'

export interface LocalDeliveryOptions {
  dynamoEndpoint: string
  tableName: string
  /** The portal's address, for the links in the messages (PORTAL_URL). */
  portalUrl: string
  /** Keeps the mail (<dataDir>/maildev), the text messages and dead letters (<dataDir>/sms.jsonl, dead-letters.jsonl). */
  dataDir?: string
  smtpPort?: number
  inboxPort?: number
  smsPort?: number
  /** LATEST (a table in use: only what is written from now on) or TRIM_HORIZON (a fresh table: all of it). */
  startingPosition?: 'LATEST' | 'TRIM_HORIZON'
  /** The notifier function (a LocalLambda of its bundle), or another handler (tests). It reads the environment set here. */
  handler: StreamHandler
  /** The first retry's wait (doubling; Lambda-like 1 s by default). */
  backoffMs?: number
  log?: (line: string) => void
}

export interface LocalDelivery {
  /** maildev's web inbox; its JSON at /api/email. */
  inboxUrl: string
  smtpPort: number
  /** The SMS sink's page; POST/GET /messages. */
  smsUrl: string
  poller: StreamPoller
  deadLetters(): readonly DeadLetter[]
  stop(): Promise<void>
}

export async function startLocalDelivery(opts: LocalDeliveryOptions): Promise<LocalDelivery> {
  const { dynamoEndpoint, tableName, portalUrl, dataDir, log = (line: string) => console.error(line) } = opts
  const stops: Array<() => Promise<void>> = []
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined)
    stops.length = 0
  }
  try {
    const mail = await startMailDev({ smtpPort: opts.smtpPort, webPort: opts.inboxPort, mailDir: dataDir && path.join(dataDir, 'maildev') })
    stops.push(() => mail.stop())
    const sms = await startSmsSink({ port: opts.smsPort, dataDir })
    stops.push(() => sms.stop())

    // What the notifier reads (the names its CDK function gets), before it is imported.
    Object.assign(process.env, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.smtpPort),
      SMS_SINK_URL: `${sms.url}/messages`,
      EMAIL_FROM: process.env.EMAIL_FROM || 'portal@localhost',
      PORTAL_URL: portalUrl,
    })
    const poller = startStreamPoller({
      endpoint: dynamoEndpoint,
      streamArn: await tableStreamArn(localDynamoClient(dynamoEndpoint), tableName),
      handler: opts.handler,
      startingPosition: opts.startingPosition ?? 'LATEST',
      backoffMs: opts.backoffMs,
      onDeadLetter: (d) => sms.addDeadLetter(d),
      log,
    })
    stops.push(() => poller.stop())
    await poller.ready
    return {
      inboxUrl: mail.webUrl,
      smtpPort: mail.smtpPort,
      smsUrl: sms.url,
      poller,
      deadLetters: () => poller.deadLetters,
      stop,
    }
  } catch (err) {
    await stop()
    throw err
  }
}
