import { Service } from 'electrodb'
import { checkoutSchema } from './entities/checkout.ts'
import { counterSchema } from './entities/counter.ts'
import { ledgerCounterSchema } from './entities/ledger-counter.ts'
import { notificationSchema } from './entities/notification.ts'
import { unreadNotificationsSchema } from './entities/unread-notifications.ts'
import { orderSchema } from './entities/order.ts'
import { orderRefSchema } from './entities/order-ref.ts'
import { partSchema } from './entities/part.ts'
import { paymentSchema } from './entities/payment.ts'
import { profileSchema } from './entities/profile.ts'
import { statusUpdateSchema } from './entities/status-update.ts'
import { webhookEventSchema } from './entities/webhook-event.ts'
import type { TableConfig } from './table.ts'
import { Entity } from 'electrodb'

const services = new WeakMap<TableConfig['client'], Map<string, GunsmithService>>()

/**
 * The one ElectroDB service over the table: collections (an order with its updates, parts and payments) and
 * transactions. Built once per client and table: building it validates every entity model (a JSON-schema pass),
 * which was about a third of the CPU of each request under load (scripts/load.ts).
 */
export function createService({ table, client }: TableConfig): GunsmithService {
  let byTable = services.get(client)
  if (!byTable) services.set(client, (byTable = new Map()))
  let service = byTable.get(table)
  if (!service) byTable.set(table, (service = buildService({ table, client })))
  return service
}

function buildService({ table, client }: TableConfig) {
  return new Service(
    {
      profile: new Entity(profileSchema),
      order: new Entity(orderSchema),
      orderRef: new Entity(orderRefSchema),
      statusUpdate: new Entity(statusUpdateSchema),
      part: new Entity(partSchema),
      payment: new Entity(paymentSchema),
      notification: new Entity(notificationSchema),
      unreadNotifications: new Entity(unreadNotificationsSchema),
      counter: new Entity(counterSchema),
      checkout: new Entity(checkoutSchema),
      webhookEvent: new Entity(webhookEventSchema),
      ledgerCounter: new Entity(ledgerCounterSchema),
    },
    { table, client },
  )
}

export type GunsmithService = ReturnType<typeof buildService>
