import { rmSync, writeFileSync } from 'node:fs'
import { localDataDir, stackFile } from './stack-file.ts'
import path from 'node:path'
import { LocalStackError } from './errors.ts'
import { SEEDED_ACCOUNTS } from './seed.ts'
import { LOCAL_ADMIN_TOTP_SECRET } from './totp.ts'
import { REPO_ROOT, startLocalStack, type LocalStack } from './stack.ts'

/** Same period as the reconciliation rule in AWS (infra/stacks/api-stack.ts). */
const RECONCILE_EVERY_MS = 6 * 60 * 60 * 1000

/** `npm start`: the whole portal on one machine, data under .local/ kept across restarts. */
async function main() {
  const port = Number(process.env.PORT ?? 3000)
  const cognitoPort = Number(process.env.COGNITO_PORT ?? 9229)
  // Condition photos' bucket (s3rver, loopback only; objects under <data>/s3).
  const s3Port = Number(process.env.S3_PORT ?? 4569)
  // Where the portal's mail and text messages stop (maildev and the SMS sink, loopback only).
  const delivery = { smtpPort: Number(process.env.MAIL_SMTP_PORT ?? 1025), inboxPort: Number(process.env.MAIL_WEB_PORT ?? 1080), smsPort: Number(process.env.SMS_PORT ?? 1090) }
  // GUNSMITH_DATA_DIR lets a second checkout or a test keep its data apart from .local/.
  const dataDir = localDataDir()
  if (process.env.STRIPE_SECRET_KEY) console.log('STRIPE_SECRET_KEY is set: payments will use Stripe test mode.')
  let stack: LocalStack | undefined
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`\n${signal}: stopping the local stack...`)
    rmSync(stackFile(dataDir), { force: true })
    await stack?.stop()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGHUP', () => void shutdown('SIGHUP'))
  process.on('disconnect', () => void shutdown('parent exited'))

  stack = await startLocalStack({ port, cognitoPort, s3Port, dataDir, delivery })
  if (stopping) return
  // Where `npm run reconcile` (and other local tools) find the running stack's table.
  writeFileSync(stackFile(dataDir), JSON.stringify({ url: stack.url, dynamoEndpoint: stack.dynamoEndpoint, tableName: stack.tableName, pid: process.pid }, null, 2))
  // As the EventBridge rule in AWS: reconcile payments with the provider every few hours while the portal runs.
  setInterval(() => {
    stack!
      .reconcile()
      .catch((err: unknown) => console.error(`reconciliation failed: ${err instanceof Error ? err.message : String(err)}`))
  }, RECONCILE_EVERY_MS).unref()
  const lines = [
    '',
    `  Gunsmith Portal is running at ${stack.url}`,
    '',
    `  Accounts (local only)${stack.seeded ? ', seeded just now' : ''}:`,
    ...SEEDED_ACCOUNTS.map((a) => `    ${a.group.padEnd(9)} ${a.email.padEnd(22)} ${a.password}`),
    `    Staff also type an authenticator code: the admin's key is ${LOCAL_ADMIN_TOTP_SECRET} (add it to any`,
    '    authenticator app), or print the current code with: npm run totp',
    '',
    `  Inbox (mail sent by the portal): ${stack.inboxUrl}`,
    `  Text messages (SMS): ${stack.smsUrl}/`,
    '  Nothing leaves this machine: mail and texts stop here.',
    `  Photos (local S3, s3rver): ${stack.s3Endpoint}/${stack.photosBucket}`,
    '',
    `  Data: ${dataDir.startsWith(REPO_ROOT) ? path.relative(REPO_ROOT, dataDir) : dataDir}/ (kept across restarts; npm run reset wipes it)`,
    // A data folder from an earlier version: say what was brought up to date (nothing on a fresh one after the first start).
    ...(stack.seeded ? [] : stack.migrated.map((m) => `  Migrated: ${m}`)),
    `  Payments: ${process.env.STRIPE_SECRET_KEY ? 'Stripe test mode' : 'dev gateway (test card 4242 4242 4242 4242)'}; reconcile now: npm run reconcile`,
    '  Stop: Ctrl-C',
    '',
  ]
  console.log(lines.join('\n'))
}

main().catch((err) => {
  if (err instanceof LocalStackError) console.error(`npm start: ${err.message}`)
  else console.error(`npm start failed: ${err instanceof Error ? err.message : String(err)}`)
  process.exit(1)
})
