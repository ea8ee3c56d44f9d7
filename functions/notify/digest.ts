/**
 * The digest sender (docs/notifications.md, "Batching"): every minute, one page of the digests that are due, each
 * claimed (a conditional delete: exactly one sender gets it, however many run) and sent as ONE email and ONE text
 * listing every change in order; a send that fails puts the digest back, due again a minute later, with the channel
 * already sent marked done. Then each change's notification records how the digest went (staff read it on the order).
 */
import { digestTexts } from '@gs/shared/notification-texts'
import { shopIdentity } from '@gs/shared/shop'
import type { Digest, DigestEntry, NotificationDigestRepository } from '../db/repositories/notification-digests.ts'
import type { ChannelDelivery, DeliveryChannel, NotificationDeliveryRepository } from '../db/repositories/notification-delivery.ts'
import type { Profile, ProfileRepository } from '../db/repositories/profiles.ts'
import type { SettingsRepository } from '../db/repositories/settings.ts'
import { log as defaultLog } from '../lib/logger.ts'
import { BATCHED } from './digest-join.ts'
import { NOTIFICATION_KINDS, renderEmail, renderSms, type EmailNotification, type NotificationKind } from './email-template.ts'
import { emailPlan, errorCode, mailbox, maskEmail, maskPhone, smsPlan, SKIP_REASONS } from './notifier.ts'
import type { EmailTransport, SmsTransport } from './transports.ts'

/** Digests one run takes (one Query page): a backlog drains over the next runs. */
export const DIGEST_PAGE_SIZE = 25
/** A digest whose send failed is due again this much later... */
export const DIGEST_RETRY_MS = 60_000
/** ...until it has failed this many times; then it is given up (logged as notification_failed). */
export const DIGEST_MAX_ATTEMPTS = 5

type Log = Pick<typeof defaultLog, 'info' | 'warn' | 'error'>

export interface DigestSenderDeps {
  digests: Pick<NotificationDigestRepository, 'due' | 'claim' | 'reopen'>
  deliveries: Pick<NotificationDeliveryRepository, 'get' | 'transition'>
  profiles: Pick<ProfileRepository, 'getProfile'>
  settings: Pick<SettingsRepository, 'getSettings'>
  email: () => Promise<EmailTransport> | EmailTransport
  sms: () => Promise<SmsTransport> | SmsTransport
  portalUrl: string
  emailFrom?: string
  now?: () => Date
  log?: Log
  pageSize?: number
}

export interface DigestRunResult {
  /** Due digests this run saw, and those it claimed (another sender took the rest). */
  due: number
  claimed: number
  /** Per claimed digest: what each channel did. */
  results: Array<{ orderId: string; changes: number; email: ChannelOutcome; sms: ChannelOutcome }>
}

type ChannelOutcome = 'sent' | 'skipped' | 'failed' | 'already_sent'

/** The email or text of a digest: a single change as it was written, several as a numbered list titled by the order. */
export function digestNotification(entries: DigestEntry[]): EmailNotification {
  const kindOf = (k: string): NotificationKind => ((NOTIFICATION_KINDS as readonly string[]).includes(k) ? (k as NotificationKind) : 'status_changed')
  const tracked = [...entries].reverse().find((e) => e.trackingUrl)
  const tracking = tracked ? { trackingUrl: tracked.trackingUrl!, ...(tracked.carrier ? { carrier: tracked.carrier } : {}) } : {}
  const essential = entries.some((e) => e.essential)
  if (entries.length === 1) {
    const [e] = entries
    return { kind: kindOf(e.kind), title: e.title, message: e.message, context: e.context, essential, ...tracking }
  }
  const { title, message } = digestTexts(entries[entries.length - 1].context, entries.map((e) => e.message))
  const kind: NotificationKind = entries.some((e) => e.kind === 'status_changed') ? 'status_changed' : kindOf(entries[0].kind)
  return { kind, title, message, context: entries[entries.length - 1].context, essential, ...tracking }
}

/** Runs once: one page of due digests, each claimed and sent (the scheduled function and the local stack's interval). */
export async function sendDueDigests(deps: DigestSenderDeps): Promise<DigestRunResult> {
  const now = deps.now ?? (() => new Date())
  const log = deps.log ?? defaultLog
  const due = await deps.digests.due(now().toISOString(), deps.pageSize ?? DIGEST_PAGE_SIZE)
  const result: DigestRunResult = { due: due.length, claimed: 0, results: [] }
  if (!due.length) return result
  const shop = shopIdentity(await deps.settings.getSettings())
  for (const key of due) {
    const digest = await deps.digests.claim(key)
    if (!digest || !digest.entries.length) continue
    result.claimed++
    const outcome = await sendDigest(deps, digest, shop, now, log)
    result.results.push({ orderId: digest.orderId, changes: digest.entries.length, ...outcome })
  }
  return result
}

async function sendDigest(deps: DigestSenderDeps, digest: Digest, shop: ReturnType<typeof shopIdentity>, now: () => Date, log: Log): Promise<Record<DeliveryChannel, ChannelOutcome>> {
  const ids = { orderId: digest.orderId, changes: digest.entries.length }
  const profile = await deps.profiles.getProfile(digest.userId)
  const orderUrl = `${deps.portalUrl}/orders/${encodeURIComponent(digest.orderId)}`
  const preferencesUrl = `${deps.portalUrl}/profile`
  const fromAddress = deps.emailFrom || shop.email || 'no-reply@localhost'
  // Email: essential changes always; the others only to customers who did not turn optional emails off.
  const mailed = optionalOff(profile) ? digest.entries.filter((e) => e.essential) : digest.entries
  const plans: Record<DeliveryChannel, { skip: string } | { to: string }> = {
    email: mailed.length ? emailPlan(profile, mailed.some((e) => e.essential)) : { skip: SKIP_REASONS.optionalEmailOff },
    sms: smsPlan(profile),
  }
  const senders: Record<DeliveryChannel, (to: string) => Promise<{ messageId: string }>> = {
    email: async (to) => {
      const mail = renderEmail({ shop, recipient: { firstName: profile?.firstName || null }, notification: digestNotification(mailed), orderUrl, preferencesUrl })
      const replyTo = shop.email && shop.email.toLowerCase() !== fromAddress.toLowerCase() ? shop.email : undefined
      return (await deps.email()).send({ to, from: mailbox(shop.name, fromAddress), ...(replyTo ? { replyTo } : {}), ...mail })
    },
    sms: async (to) => (await deps.sms()).send({ to, body: renderSms({ shop, notification: digestNotification(digest.entries), orderUrl }) }),
  }

  const outcome = {} as Record<DeliveryChannel, ChannelOutcome>
  const states = {} as Record<DeliveryChannel, ChannelDelivery>
  const done = new Set(digest.done)
  for (const channel of ['email', 'sms'] as const) {
    const plan = plans[channel]
    const at = now().toISOString()
    if (done.has(channel)) {
      // Sent by an earlier run of this digest, whose other channel failed.
      outcome[channel] = 'already_sent'
      states[channel] = { status: 'sent', attempts: digest.attempts, at }
    } else if ('skip' in plan) {
      outcome[channel] = 'skipped'
      states[channel] = { status: 'skipped', attempts: 0, at, reason: plan.skip }
    } else {
      try {
        const { messageId } = await senders[channel](plan.to)
        done.add(channel)
        outcome[channel] = 'sent'
        states[channel] = { status: 'sent', attempts: digest.attempts + 1, at: now().toISOString(), ...(messageId ? { messageId } : {}) }
        log.info('notification digest sent', { ...ids, channel, to: channel === 'email' ? maskEmail(plan.to) : maskPhone(plan.to), messageId })
      } catch (err) {
        outcome[channel] = 'failed'
        states[channel] = { status: 'failed', attempts: digest.attempts + 1, at, reason: errorCode(err) }
        log.warn('notification digest send failed', { ...ids, channel, attempts: digest.attempts + 1, reason: errorCode(err) })
      }
    }
  }

  const failed = (['email', 'sms'] as const).filter((c) => outcome[c] === 'failed')
  if (failed.length && digest.attempts + 1 < DIGEST_MAX_ATTEMPTS) {
    // Back in the table, due again shortly, with what went out marked done (never sent twice).
    await deps.digests.reopen({ ...digest, done: [...done] }, new Date(now().getTime() + DIGEST_RETRY_MS).toISOString())
    return outcome
  }
  if (failed.length) log.error('notification digest given up', { ...ids, alert: 'notification_failed', channels: failed })
  await recordOnNotifications(deps, digest, states)
  return outcome
}

/** Each change's notification says how its digest went (from `batched`: a notification another path moved is left alone). */
async function recordOnNotifications(deps: DigestSenderDeps, digest: Digest, states: Partial<Record<DeliveryChannel, ChannelDelivery>>) {
  for (const entry of digest.entries) {
    const key = { userId: digest.userId, notificationId: entry.notificationId }
    const n = await deps.deliveries.get(key)
    if (!n) continue
    for (const channel of ['email', 'sms'] as const) {
      const state = states[channel]
      const expected = n.delivery?.[channel]
      if (!state || expected?.status !== BATCHED) continue
      await deps.deliveries.transition(key, channel, expected, state, true)
    }
  }
}

const optionalOff = (profile: Profile | null) => profile?.emailOptionalNotifications === false
