import { Service } from 'electrodb'
import { checkoutSchema } from './entities/checkout.ts'
import { counterSchema } from './entities/counter.ts'
import { notificationSchema } from './entities/notification.ts'
import { orderSchema } from './entities/order.ts'
import { partSchema } from './entities/part.ts'
import { paymentSchema } from './entities/payment.ts'
import { profileSchema } from './entities/profile.ts'
import { statusUpdateSchema } from './entities/status-update.ts'
import { webhookEventSchema } from './entities/webhook-event.ts'
import type { TableConfig } from './table.ts'
import { Entity } from 'electrodb'

/** The one ElectroDB service over the table: collections (an order with its updates, parts and payments) and transactions. */
export function createService({ table, client }: TableConfig) {
  return new Service(
    {
      profile: new Entity(profileSchema),
      order: new Entity(orderSchema),
      statusUpdate: new Entity(statusUpdateSchema),
      part: new Entity(partSchema),
      payment: new Entity(paymentSchema),
      notification: new Entity(notificationSchema),
      counter: new Entity(counterSchema),
      checkout: new Entity(checkoutSchema),
      webhookEvent: new Entity(webhookEventSchema),
    },
    { table, client },
  )
}

export type GunsmithService = ReturnType<typeof createService>
