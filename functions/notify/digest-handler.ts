/**
 * The digest sender function: run every minute (an EventBridge schedule in AWS, an interval in the local stack),
 * it sends the notification digests that are due (digest.ts; docs/notifications.md, "Batching").
 */
import { createNotificationDeliveryRepository } from '../db/repositories/notification-delivery.ts'
import { createNotificationDigestRepository } from '../db/repositories/notification-digests.ts'
import { createProfileRepository } from '../db/repositories/profiles.ts'
import { createSettingsRepository } from '../db/repositories/settings.ts'
import { defaultTable } from '../db/table.ts'
import { errorFields, log } from '../lib/logger.ts'
import { sendDueDigests, type DigestRunResult, type DigestSenderDeps } from './digest.ts'
import { sendIntakeReminders, type IntakeReminderDeps, type IntakeReminderResult } from './intake-reminders.ts'
import { createAwaitingIntakeRepository } from '../db/repositories/awaiting-intake.ts'
import { createOrderRepository } from '../db/repositories/orders.ts'
import { notifyEnv, requirePortalUrl } from './notify-env.ts'
import { emailTransportFromEnv, smsTransportFromEnv } from './transports.ts'

/**
 * The handler over the given dependencies (tests pass their own clock and transports; `handler` builds them from the
 * environment). Each run also sends the overdue-intake reminders (intake-reminders.ts) when given their dependencies:
 * after the digests, and a failure of theirs is logged without failing the digests' run.
 */
export function createDigestHandler(deps: () => DigestSenderDeps, reminders?: () => IntakeReminderDeps) {
  return async function handle(): Promise<DigestRunResult & { reminders?: IntakeReminderResult }> {
    let result: DigestRunResult
    try {
      result = await sendDueDigests(deps())
      if (result.due) log.info('notification digests run', { due: result.due, claimed: result.claimed })
    } catch (err) {
      log.error('notification digests run failed', { alert: 'notification_failed', ...errorFields(err) })
      throw err
    }
    if (!reminders) return result
    try {
      return { ...result, reminders: await sendIntakeReminders(reminders()) }
    } catch (err) {
      log.error('intake reminders run failed', { alert: 'notification_failed', ...errorFields(err) })
      return result
    }
  }
}

let built: DigestSenderDeps | undefined

function fromEnv(): DigestSenderDeps {
  if (built) return built
  const table = defaultTable()
  const e = notifyEnv()
  let email: ReturnType<typeof emailTransportFromEnv> | undefined
  let sms: ReturnType<typeof smsTransportFromEnv> | undefined
  built = {
    digests: createNotificationDigestRepository(table),
    deliveries: createNotificationDeliveryRepository(table),
    profiles: createProfileRepository(table),
    settings: createSettingsRepository(table),
    email: () => (email ??= emailTransportFromEnv(e)),
    sms: () => (sms ??= smsTransportFromEnv(e)),
    portalUrl: requirePortalUrl(e),
    emailFrom: e.emailFrom,
  }
  return built
}

let builtReminders: IntakeReminderDeps | undefined

function remindersFromEnv(): IntakeReminderDeps {
  if (builtReminders) return builtReminders
  const table = defaultTable()
  const digests = fromEnv()
  builtReminders = { awaiting: createAwaitingIntakeRepository(table), orders: createOrderRepository(table), settings: digests.settings, email: digests.email, portalUrl: digests.portalUrl, emailFrom: digests.emailFrom }
  return builtReminders
}

/** Tests and the local stack change the environment between runs in one process. */
export function resetDigestSender() {
  built = undefined
  builtReminders = undefined
}

/** The Lambda handler (entry `functions/notify/digest-handler.ts`, export `handler`). */
export const handler = createDigestHandler(fromEnv, remindersFromEnv)
