/**
 * The notifier: delivers one stored notification outside the portal, by email and by SMS to those who opted in.
 * Idempotent per notification and channel: a compare-and-set on the delivery state stored on the item (claim,
 * sent, failed, skipped), transport errors retried with backoff, then thrown for the stream's retry
 * (docs/notifications.md, "Delivery").
 */
import { SHOP_MESSAGE_KIND, SHOP_RECIPIENT } from '@gs/shared/inbox'
import { toE164 } from '@gs/shared/phone'
import { shopIdentity } from '@gs/shared/shop'
import type { ChannelDelivery, DeliveredNotification, DeliveryChannel, NotificationDeliveryRepository } from '../db/repositories/notification-delivery.ts'
import type { Profile, ProfileRepository } from '../db/repositories/profiles.ts'
import type { SettingsRepository } from '../db/repositories/settings.ts'
import { log as defaultLog } from '../lib/logger.ts'
import { NOTIFICATION_KINDS, renderEmail, renderSms, type EmailNotification, type NotificationKind } from './email-template.ts'
import { renderShopMessageEmail } from './email-shop-message.ts'
import type { EmailTransport, SmsTransport } from './transports.ts'
import type { NotificationDigestRepository } from '../db/repositories/notification-digests.ts'
import { isBatched, joinDigest } from './digest-join.ts'

/** A 'sending' claim older than this was an attempt that crashed (the notifier's timeout must be well below it). */
export const CLAIM_STALE_MS = 2 * 60_000
/** Sends tried per channel in one run before the failure goes back to the stream. */
export const SEND_ATTEMPTS = 3
/** Pauses between those tries, and while waiting for a concurrent delivery of the same notification. */
export const BACKOFF_MS = [250, 1_000, 3_000] as const

/** Why a channel was skipped (stored as `reason`; the admin order page words them). */
export const SKIP_REASONS = {
  noAccount: 'no_account',
  archived: 'customer_archived',
  disabled: 'account_disabled',
  noEmail: 'no_email',
  optionalEmailOff: 'optional_email_off',
  smsOff: 'sms_off',
  noPhone: 'no_phone',
  invalidPhone: 'invalid_phone',
  /** The shop's email about a customer message: Settings → Email Settings has it off, or no message goes by text. */
  shopEmailOff: 'shop_email_off',
  shopMessage: 'shop_message',
} as const

export type ChannelResult = 'sent' | 'skipped' | 'already_sent' | 'already_skipped' | 'gone' | 'batched' | 'already_batched'

type Log = Pick<typeof defaultLog, 'info' | 'warn' | 'error'>

export interface NotifierDeps {
  deliveries: Pick<NotificationDeliveryRepository, 'get' | 'transition'>
  profiles: Pick<ProfileRepository, 'getProfile'>
  settings: Pick<SettingsRepository, 'getSettings'>
  /** Called on the first message of each kind (the transports load lazily). */
  email: () => Promise<EmailTransport> | EmailTransport
  sms: () => Promise<SmsTransport> | SmsTransport
  /** The portal's address, without a trailing slash: links are `${portalUrl}/orders/{orderId}` and `${portalUrl}/profile`. */
  portalUrl: string
  /** The sender address (EMAIL_FROM, always set in AWS and by npm start); else the shop's email. */
  emailFrom?: string
  /** Batching: changes to an order wait for its digest (digest-join.ts); absent, every notification is sent at once. */
  digests?: Pick<NotificationDigestRepository, 'join'>
  /** The batching window (default DIGEST_WINDOW_MS, 2 minutes). */
  digestWindowMs?: number
  now?: () => Date
  sleep?: (ms: number) => Promise<void>
  log?: Log
  sendAttempts?: number
}

/** A channel's send failed SEND_ATTEMPTS times in this run; the state says 'failed' and the record is to be retried. */
export class DeliveryFailed extends Error {
  constructor(
    readonly channels: DeliveryChannel[],
    readonly causes: unknown[],
  ) {
    super(`Notification delivery failed: ${channels.join(', ')}`)
    this.name = 'DeliveryFailed'
  }
}

/** Another delivery of the same notification holds the channel (a fresh 'sending'): retry the record later. */
export class DeliveryInProgress extends Error {
  constructor(readonly channel: DeliveryChannel) {
    super(`Notification delivery in progress elsewhere: ${channel}`)
    this.name = 'DeliveryInProgress'
  }
}

type Plan = { skip: string } | { to: string }

/**
 * Delivers the notification (as the stream's image shows it: only its keys are trusted, the rest is read
 * again, strongly consistent) on both channels. Resolves with what happened to each; rejects with
 * DeliveryFailed or DeliveryInProgress when the record must be retried (the other channel is done by then).
 */
export async function deliverNotification(deps: NotifierDeps, image: Pick<DeliveredNotification, 'userId' | 'notificationId'>): Promise<Record<DeliveryChannel, ChannelResult>> {
  const now = deps.now ?? (() => new Date())
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const log = deps.log ?? defaultLog
  const attemptsPerRun = deps.sendAttempts ?? SEND_ATTEMPTS
  const key = { userId: image.userId, notificationId: image.notificationId }
  const ids = { notificationId: key.notificationId }

  let current = await deps.deliveries.get(key)
  if (!current) return { email: 'gone', sms: 'gone' }
  const done = (c: DeliveryChannel) => ['sent', 'skipped', 'batched'].includes(current?.delivery?.[c]?.status ?? '')
  if (done('email') && done('sms')) return { email: alreadyOf(current, 'email'), sms: alreadyOf(current, 'sms') }
  // Progress news waits for the order's digest: one email and one text for the changes of the next 2 minutes.
  if (deps.digests && isBatched(current) && (['email', 'sms'] as const).every((c) => [undefined, 'batched'].includes(current!.delivery?.[c]?.status))) {
    await joinDigest({ digests: deps.digests, deliveries: deps.deliveries, now, windowMs: deps.digestWindowMs }, current)
    return { email: 'batched', sms: 'batched' }
  }

  // The shop's email about a customer message goes to the shop, not to a customer (no profile, no preferences).
  const forShop = key.userId === SHOP_RECIPIENT && (current.kind as string | undefined) === SHOP_MESSAGE_KIND
  const [profile, settings] = await Promise.all([forShop ? null : deps.profiles.getProfile(key.userId), deps.settings.getSettings()])
  const shop = shopIdentity(settings)
  // Every notification today is about an order; one that is not links to the customer's notifications.
  const orderUrl = current.orderId ? `${deps.portalUrl}/orders/${encodeURIComponent(current.orderId)}` : `${deps.portalUrl}/notifications`
  const preferencesUrl = `${deps.portalUrl}/profile`
  const notification = templateInput(current)

  const plans: Record<DeliveryChannel, Plan> = forShop ? shopMessagePlans(settings) : { email: emailPlan(profile, notification.essential), sms: smsPlan(profile) }
  const fromAddress = deps.emailFrom || shop.email || 'no-reply@localhost'
  const senders: Record<DeliveryChannel, (to: string) => Promise<{ messageId: string }>> = {
    email: async (to) => {
      if (forShop) {
        const staffOrderUrl = `${deps.portalUrl}/admin/manage-orders?order=${encodeURIComponent(current!.orderId ?? '')}`
        const mail = renderShopMessageEmail({ shopName: shop.name, title: notification.title, context: notification.context, message: notification.message, orderUrl: staffOrderUrl })
        return (await deps.email()).send({ to, from: mailbox(shop.name, fromAddress), ...mail })
      }
      const { subject, html, text } = renderEmail({ shop, recipient: { firstName: profile?.firstName || null }, notification, orderUrl, preferencesUrl })
      const replyTo = shop.email && shop.email.toLowerCase() !== fromAddress.toLowerCase() ? shop.email : undefined
      return (await deps.email()).send({ to, from: mailbox(shop.name, fromAddress), ...(replyTo ? { replyTo } : {}), subject, html, text })
    },
    sms: async (to) => (await deps.sms()).send({ to, body: renderSms({ shop, notification, orderUrl }) }),
  }

  /** Moves the channel from the state last read to `next`; on a lost race reads the notification again. */
  async function move(channel: DeliveryChannel, next: ChannelDelivery): Promise<boolean> {
    const expected = current!.delivery?.[channel]
    if (await deps.deliveries.transition(key, channel, expected, next, current!.delivery !== undefined)) {
      current = { ...current!, delivery: { ...current!.delivery, [channel]: next } }
      return true
    }
    current = await deps.deliveries.get(key)
    return false
  }

  async function runChannel(channel: DeliveryChannel): Promise<ChannelResult> {
    const plan = plans[channel]
    let sent = 0
    let waited = 0
    for (;;) {
      if (!current) return 'gone'
      const state = current.delivery?.[channel]
      if (state?.status === 'sent') return 'already_sent'
      if (state?.status === 'skipped') return 'already_skipped'
      const at = now().toISOString()
      if (state?.status === 'sending' && now().getTime() - Date.parse(state.at) < CLAIM_STALE_MS) {
        // A concurrent delivery of the same record is sending: wait for its outcome a little, else retry later.
        if (waited >= BACKOFF_MS.length) throw new DeliveryInProgress(channel)
        await sleep(BACKOFF_MS[waited++])
        current = await deps.deliveries.get(key)
        continue
      }
      if ('skip' in plan) {
        if (await move(channel, { status: 'skipped', attempts: state?.attempts ?? 0, at, reason: plan.skip })) {
          log.info('notification channel skipped', { ...ids, channel, reason: plan.skip })
          return 'skipped'
        }
        continue
      }
      if (sent >= attemptsPerRun) throw new DeliveryFailed([channel], [])
      const claim: ChannelDelivery = { status: 'sending', attempts: (state?.attempts ?? 0) + 1, at }
      if (!(await move(channel, claim))) continue
      sent++
      try {
        const { messageId } = await senders[channel](plan.to)
        const stored = await move(channel, { status: 'sent', attempts: claim.attempts, at: now().toISOString(), ...(messageId ? { messageId } : {}) })
        // Sent, but the claim went stale and another delivery took it over (a send slower than CLAIM_STALE_MS).
        if (!stored) log.warn('notification sent after its claim went stale', { ...ids, channel })
        log.info('notification sent', { ...ids, channel, to: channel === 'email' ? maskEmail(plan.to) : maskPhone(plan.to), attempts: claim.attempts, messageId })
        return 'sent'
      } catch (err) {
        const reason = errorCode(err)
        await move(channel, { status: 'failed', attempts: claim.attempts, at: now().toISOString(), reason })
        log.warn('notification send failed', { ...ids, channel, attempts: claim.attempts, reason })
        if (sent >= attemptsPerRun) throw new DeliveryFailed([channel], [err])
        await sleep(BACKOFF_MS[Math.min(sent - 1, BACKOFF_MS.length - 1)])
      }
    }
  }

  // One channel after the other (they share `current`); a failure of one does not stop the other.
  const results = {} as Record<DeliveryChannel, ChannelResult>
  const failures: { channel: DeliveryChannel; err: unknown }[] = []
  for (const channel of ['email', 'sms'] as const) {
    try {
      results[channel] = await runChannel(channel)
    } catch (err) {
      failures.push({ channel, err })
    }
  }
  if (failures.length) {
    const inProgress = failures.find((f) => f.err instanceof DeliveryInProgress)
    if (inProgress && failures.length === 1) throw inProgress.err
    throw new DeliveryFailed(
      failures.map((f) => f.channel),
      failures.flatMap((f) => (f.err instanceof DeliveryFailed ? f.err.causes : [f.err])),
    )
  }
  return results
}

const alreadyOf = (n: DeliveredNotification, c: DeliveryChannel): ChannelResult => {
  const status = n.delivery?.[c]?.status
  return status === 'sent' ? 'already_sent' : status === 'batched' ? 'already_batched' : 'already_skipped'
}

/** The shop's email about a customer message: to the shop's email while the setting is on (the default); never a text. */
export function shopMessagePlans(settings: { email: string; emailShopAboutMessages?: boolean }): Record<DeliveryChannel, Plan> {
  const to = settings.email.trim()
  const email: Plan = settings.emailShopAboutMessages === false ? { skip: SKIP_REASONS.shopEmailOff } : to ? { to } : { skip: SKIP_REASONS.noEmail }
  return { email, sms: { skip: SKIP_REASONS.shopMessage } }
}

/** Whether (and where) to email: every active customer, optional messages only if they did not turn them off. */
export function emailPlan(profile: Profile | null, essential: boolean): Plan {
  const stop = accountStop(profile)
  if (stop) return { skip: stop }
  const to = profile!.email.trim()
  if (!to) return { skip: SKIP_REASONS.noEmail }
  if (!essential && profile!.emailOptionalNotifications === false) return { skip: SKIP_REASONS.optionalEmailOff }
  return { to }
}

/** Whether (and where) to text: customers who opted in and have a phone that makes an E.164 number. */
export function smsPlan(profile: Profile | null): Plan {
  const stop = accountStop(profile)
  if (stop) return { skip: stop }
  if (!profile!.enableSmsNotifications) return { skip: SKIP_REASONS.smsOff }
  if (!profile!.phone?.trim()) return { skip: SKIP_REASONS.noPhone }
  const to = toE164(profile!.phone)
  return to ? { to } : { skip: SKIP_REASONS.invalidPhone }
}

/** Archived customers get nothing; nor do disabled accounts (they cannot open the order the message links to). */
function accountStop(profile: Profile | null): string | null {
  if (!profile) return SKIP_REASONS.noAccount
  if (profile.isArchived) return SKIP_REASONS.archived
  if (!profile.isActive) return SKIP_REASONS.disabled
  return null
}

/** The template's input from a stored notification; older ones lack kind, context and essential. */
export function templateInput(n: DeliveredNotification): EmailNotification {
  const kind: NotificationKind = (NOTIFICATION_KINDS as readonly string[]).includes(n.kind ?? '') ? (n.kind as NotificationKind) : 'status_changed'
  return {
    kind,
    title: n.title,
    message: n.message,
    context: n.context || n.title,
    essential: n.essential === true,
    ...(n.trackingUrl ? { trackingUrl: n.trackingUrl } : {}),
    ...(n.carrier ? { carrier: n.carrier } : {}),
  }
}

/**
 * `"Name" <address>`, the name without quotes, backslashes or line breaks; a name with non-ASCII
 * characters as a MIME encoded-word (SES v2 requires it in FromEmailAddress).
 */
export function mailbox(name: string, address: string): string {
  const clean = name.replace(/["\\\r\n<>]/g, ' ').replace(/\s+/g, ' ').trim()
  if (!clean) return address
  if (/[^\x20-\x7e]/.test(clean)) return `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?= <${address}>`
  return `"${clean}" <${address}>`
}

/** "q***@example.com": enough to tell addresses apart in a log, not to read them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  return at > 0 ? `${email[0]}***${email.slice(at)}` : '***'
}

/** "***1234". */
export const maskPhone = (phone: string): string => `***${phone.replace(/\D/g, '').slice(-4)}`

/** What is stored and logged of a transport error: its code or name, never its message (it may name the address). */
export function errorCode(err: unknown): string {
  if (err && typeof err === 'object') {
    const { code, name } = err as { code?: unknown; name?: unknown }
    if (typeof code === 'string' && /^[\w.-]{1,64}$/.test(code)) return code
    if (typeof name === 'string' && /^[\w.-]{1,64}$/.test(name)) return name
  }
  return 'Error'
}
