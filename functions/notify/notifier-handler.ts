/**
 * The notifier function: the table's DynamoDB Stream → deliverNotification for every notification item inserted;
 * a failed record is returned in `batchItemFailures` so the stream retries from it (docs/notifications.md,
 * "Delivery"). The local stack calls the same `handler` with the records of DynamoDB Local's stream.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb'
import { unmarshall } from '@aws-sdk/util-dynamodb'
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda'
import { createNotificationDeliveryRepository, notificationFromImage, type DeliveredNotification } from '../db/repositories/notification-delivery.ts'
import { createNotificationDigestRepository } from '../db/repositories/notification-digests.ts'
import { createProfileRepository } from '../db/repositories/profiles.ts'
import { createSettingsRepository } from '../db/repositories/settings.ts'
import { defaultTable, type TableConfig } from '../db/table.ts'
import { errorFields, log } from '../lib/logger.ts'
import { DeliveryFailed, DeliveryInProgress, deliverNotification, type NotifierDeps } from './notifier.ts'
import { notifyEnv, requirePortalUrl } from './notify-env.ts'
import { emailTransportFromEnv, smsTransportFromEnv } from './transports.ts'

/** The notification an INSERT record carries, or null for any other record. */
export function insertedNotification(record: DynamoDBRecord, table: TableConfig): DeliveredNotification | null {
  if (record.eventName !== 'INSERT' || !record.dynamodb?.NewImage) return null
  const image = record.dynamodb.NewImage as unknown as Record<string, AttributeValue>
  if ((image.__edb_e__ as { S?: string } | undefined)?.S !== 'notification') return null
  return notificationFromImage(unmarshall(image), table)
}

/** The handler over the given dependencies (tests pass fakes; `handler` builds them from the environment). */
export function createNotifierHandler(deps: () => { table: TableConfig; notifier: NotifierDeps }) {
  return async function handle(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
    const { table, notifier } = deps()
    const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = []
    for (const record of event.Records ?? []) {
      const notification = insertedNotification(record, table)
      if (!notification) continue
      const ids = { notificationId: notification.notificationId, orderId: notification.orderId, eventId: record.eventID }
      try {
        const result = await deliverNotification(notifier, notification)
        log.info('notification delivered', { ...ids, email: result.email, sms: result.sms })
      } catch (err) {
        const itemIdentifier = record.dynamodb?.SequenceNumber ?? record.eventID ?? ''
        batchItemFailures.push({ itemIdentifier })
        if (err instanceof DeliveryInProgress) log.info('notification delivery in progress elsewhere: retried later', { ...ids, channel: err.channel })
        else if (err instanceof DeliveryFailed) log.error('notification delivery failed: retried by the stream', { ...ids, alert: 'notification_failed', channels: err.channels })
        else log.error('notification delivery error: retried by the stream', { ...ids, alert: 'notification_failed', ...errorFields(err) })
      }
    }
    return { batchItemFailures }
  }
}

let built: { table: TableConfig; notifier: NotifierDeps } | undefined

/** Repositories and transports for this environment, once per container (the transports load on first use). */
function fromEnv() {
  if (built) return built
  const table = defaultTable()
  const e = notifyEnv()
  let email: ReturnType<typeof emailTransportFromEnv> | undefined
  let sms: ReturnType<typeof smsTransportFromEnv> | undefined
  built = {
    table,
    notifier: {
      deliveries: createNotificationDeliveryRepository(table),
      digests: createNotificationDigestRepository(table),
      profiles: createProfileRepository(table),
      settings: createSettingsRepository(table),
      email: () => (email ??= emailTransportFromEnv(e)),
      sms: () => (sms ??= smsTransportFromEnv(e)),
      portalUrl: requirePortalUrl(e),
      emailFrom: e.emailFrom,
      digestWindowMs: e.digestWindowMs,
    },
  }
  return built
}

/** Tests and the local stack change the environment between runs in one process. */
export function resetNotifier() {
  built = undefined
}

/** The Lambda handler (entry `functions/notify/notifier-handler.ts`, export `handler`). */
export const handler = createNotifierHandler(fromEnv)
