/**
 * The notifier's delivery path, locally and for real: the table's stream (stream-poller.ts) hands each batch to
 * the notifier handler (functions/notify/notifier-handler.ts, the one deployed), which sends mail over SMTP to
 * maildev (web inbox) and text messages to the SMS sink (sms-sink.ts). Everything on 127.0.0.1: nothing
 * leaves the machine.
 */
import path from 'node:path'
import { resetEnv } from '../../functions/lib/env.ts'
import { setLogContext } from '../../functions/lib/logger.ts'
import { startMailDev } from './maildev.ts'
import { startSmsSink } from './sms-sink.ts'
import { startStreamPoller, type DeadLetter, type StreamHandler, type StreamPoller } from './stream-poller.ts'
import { localDynamoClient, tableStreamArn } from './table.ts'

/** The notifier Lambda's entry; imported by URL so the local stack compiles and starts without it. */
const NOTIFIER = new URL('../../functions/notify/notifier-handler.ts', import.meta.url).href

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
  /** Another handler than the notifier (tests). */
  handler?: StreamHandler
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
  /** False when the notifier handler is not there (yet): nothing is delivered, the rest runs. */
  notifier: boolean
  poller: StreamPoller | undefined
  deadLetters(): readonly DeadLetter[]
  stop(): Promise<void>
}

async function loadNotifier(log: (line: string) => void): Promise<StreamHandler | undefined> {
  try {
    const mod = (await import(NOTIFIER)) as { handler?: StreamHandler; resetNotifier?: () => void }
    // Built from the environment on its first batch: from this one (a test may start delivery again in one process).
    mod.resetNotifier?.()
    if (typeof mod.handler === 'function') return mod.handler
    log('local delivery: functions/notify/notifier-handler.ts exports no handler: notifications are not delivered')
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'ERR_MODULE_NOT_FOUND' && String((err as Error).message).includes('notifier-handler')) log('local delivery: no notifier yet (functions/notify/notifier-handler.ts): notifications are not delivered')
    else log(`local delivery: the notifier failed to load, notifications are not delivered: ${err instanceof Error ? err.message : String(err)}`)
  }
  return undefined
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
    // The functions read the environment once (functions/lib/env.ts); the stack's handlers and seed may have already.
    resetEnv()
    const notifier = opts.handler ?? (await loadNotifier(log))
    // All the handlers share one process locally: the notifier's log lines are its own, not the last API request's.
    const handler: StreamHandler | undefined = notifier && ((event) => (setLogContext({ fn: 'notifier' }), notifier(event)))
    let poller: StreamPoller | undefined
    if (handler) {
      poller = startStreamPoller({
        endpoint: dynamoEndpoint,
        streamArn: await tableStreamArn(localDynamoClient(dynamoEndpoint), tableName),
        handler,
        startingPosition: opts.startingPosition ?? 'LATEST',
        backoffMs: opts.backoffMs,
        onDeadLetter: (d) => sms.addDeadLetter(d),
        log,
      })
      stops.push(() => poller!.stop())
      await poller.ready
    }
    return {
      inboxUrl: mail.webUrl,
      smtpPort: mail.smtpPort,
      smsUrl: sms.url,
      notifier: Boolean(handler),
      poller,
      deadLetters: () => poller?.deadLetters ?? [],
      stop,
    }
  } catch (err) {
    await stop()
    throw err
  }
}
