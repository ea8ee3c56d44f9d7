/**
 * The same delivery path runs locally, for real. A notification written through the repository goes into
 * DynamoDB Local's stream; the local poller hands it to the notifier function (its deployed bundle, in a
 * container of the local runtime), which mails it over SMTP to maildev and texts it
 * to the SMS sink (infra/local/delivery.ts: what `npm start` runs). Nothing leaves 127.0.0.1.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { sortableId } from '../../functions/db/ids.ts'
import { createNotificationRepository } from '../../functions/db/repositories/notifications.ts'
import { createProfileRepository } from '../../functions/db/repositories/profiles.ts'
import { defaultTable } from '../../functions/db/table.ts'
import type { Notification } from '../../functions/domain/order.ts'
import { startLocalDelivery, type LocalDelivery } from '../../infra/local/delivery.ts'
import { ensureTable, localDynamoClient } from '../../infra/local/table.ts'
import type { DynamoDBBatchResponse } from 'aws-lambda'
import { bundledFunction } from './functions.ts'
import { stack, useOwnTable } from './helpers.ts'

/** Generous: a loaded 2-core machine, a first SMTP connection, a first import of the notifier. */
const WAIT = { timeout: 60_000, interval: 200 }

interface InboxMail {
  subject: string
  to: Array<{ address: string }>
  html?: string
  text?: string
}
interface Sms {
  to: string
  body: string
}

let delivery: LocalDelivery
const run = randomUUID().slice(0, 8)
const texting = { id: `texting-${run}`, email: `texting-${run}@example.com`, phone: '+15550101234' }
const quiet = { id: `quiet-${run}`, email: `quiet-${run}@example.com`, phone: '+15550109876' }

const inbox = async () => (await (await fetch(`${delivery.inboxUrl}/api/email`)).json()) as InboxMail[]
const mailTo = async (address: string) => (await inbox()).filter((m) => m.to.some((t) => t.address.toLowerCase() === address))
const texts = async () => (await (await fetch(`${delivery.smsUrl}/messages`)).json()) as Sms[]
const digits = (s: string) => s.replace(/\D/g, '').slice(-10)

let clock = Date.now()
function notify(userId: string, title: string) {
  const t = clock++
  const n: Notification = {
    userId,
    notificationId: sortableId(t),
    orderId: randomUUID(),
    title,
    message: 'Your firearm is being worked on.',
    read: false,
    createdAt: new Date(t).toISOString(),
    // A kind sent at once: status changes wait for the order's digest (functions/notify/digest-join.ts), which the
    // digest sender mails, not this path.
    kind: 'approval_requested',
    essential: false,
    context: 'Colt Python · GS-000123',
  }
  return createNotificationRepository(defaultTable()).add(n)
}

beforeAll(async () => {
  const table = await useOwnTable('delivery')
  await ensureTable(localDynamoClient(stack().dynamoEndpoint), table, { stream: true })
  // A fresh table: from the stream's start (npm start reads from LATEST).
  const notifier = bundledFunction('notifier')
  delivery = await startLocalDelivery({
    dynamoEndpoint: stack().dynamoEndpoint,
    tableName: table,
    portalUrl: stack().url,
    startingPosition: 'TRIM_HORIZON',
    log: () => undefined,
    handler: (event) => notifier(event) as Promise<DynamoDBBatchResponse | undefined>,
  })
  const profiles = createProfileRepository(defaultTable())
  await profiles.createProfile({ ...texting, firstName: 'Tess', lastName: 'Texter', enableSmsNotifications: true })
  await profiles.createProfile({ ...quiet, firstName: 'Quinn', lastName: 'Quiet', enableSmsNotifications: false })
}, 120_000)

afterAll(async () => {
  await delivery?.stop()
})

describe('local delivery (npm start): stream → notifier → maildev and the SMS sink', () => {
  it('runs the notifier function, on loopback only', () => {
    expect(new URL(delivery.inboxUrl).hostname).toBe('127.0.0.1')
    expect(new URL(delivery.smsUrl).hostname).toBe('127.0.0.1')
  })

  it('mails a notification and texts it to a customer with SMS on, once each', async () => {
    await notify(texting.id, `Shipped: Colt Python ${run}`)
    await vi.waitFor(async () => expect(await mailTo(texting.email)).toHaveLength(1), WAIT)
    await vi.waitFor(async () => expect(await texts()).toHaveLength(1), WAIT)
    const [mail] = await mailTo(texting.email)
    expect(mail.subject).toContain(`Shipped: Colt Python ${run}`)
    expect(`${mail.html ?? ''}${mail.text ?? ''}`).toContain(stack().url)
    const [sms] = await texts()
    expect(digits(sms.to)).toBe(digits(texting.phone))
    expect(sms.body).toContain(run)
  }, 90_000)

  it('only mails a customer with SMS off', async () => {
    await notify(quiet.id, `In progress: Colt Python ${run}`)
    await vi.waitFor(async () => expect(await mailTo(quiet.email)).toHaveLength(1), WAIT)
    // Records are handled in order: once a later one is texted, the quiet customer's was fully handled.
    await notify(texting.id, `Ready: Colt Python ${run}`)
    await vi.waitFor(async () => expect(await texts()).toHaveLength(2), WAIT)
    const sent = await texts()
    expect(sent.every((m) => digits(m.to) === digits(texting.phone))).toBe(true)
    expect(await mailTo(quiet.email)).toHaveLength(1)
    expect(await mailTo(texting.email)).toHaveLength(2)
    expect(await inbox()).toHaveLength(3)
    expect(delivery.deadLetters()).toHaveLength(0)
  }, 90_000)
})
