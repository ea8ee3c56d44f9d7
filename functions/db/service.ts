import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import { checkoutSchema } from './entities/checkout.ts'
import { counterSchema } from './entities/counter.ts'
import { ledgerCounterSchema } from './entities/ledger-counter.ts'
import { receivableCounterSchema } from './entities/receivable-counter.ts'
import { notificationSchema } from './entities/notification.ts'
import { unreadNotificationsSchema } from './entities/unread-notifications.ts'
import { orderSchema } from './entities/order.ts'
import { orderRefSchema } from './entities/order-ref.ts'
import { partSchema } from './entities/part.ts'
import { paymentSchema } from './entities/payment.ts'
import { profileSchema } from './entities/profile.ts'
import { statusUpdateSchema } from './entities/status-update.ts'
import { webhookEventSchema } from './entities/webhook-event.ts'
import { auditEventSchema } from './entities/audit-event.ts'
import type { EntityItem, Service } from 'electrodb'
import type { TableConfig } from './table.ts'
import { createConversions, createWriteTransaction, Entity } from './electrodb.ts'

const services = new WeakMap<TableConfig['client'], Map<string, GunsmithService>>()

/**
 * The table's ElectroDB entities, built once per client and table: building them validates every entity
 * model (a JSON-schema pass), which was about a third of the CPU of each request under load
 * (scripts/load.ts). With the two things ElectroDB's `Service` class would add, without its 19 KB
 * (electrodb.ts): write transactions over these entities, and the one collection the table has, an
 * order's partition (the order with its updates, ledger entries and legacy parts).
 */
export function createService({ table, client }: TableConfig): GunsmithService {
  let byTable = services.get(client)
  if (!byTable) services.set(client, (byTable = new Map()))
  let service = byTable.get(table)
  if (!service) byTable.set(table, (service = buildService({ table, client })))
  return service
}

function buildEntities(config: TableConfig) {
  return {
    profile: new Entity(profileSchema, config),
    order: new Entity(orderSchema, config),
    orderRef: new Entity(orderRefSchema, config),
    statusUpdate: new Entity(statusUpdateSchema, config),
    part: new Entity(partSchema, config),
    payment: new Entity(paymentSchema, config),
    notification: new Entity(notificationSchema, config),
    unreadNotifications: new Entity(unreadNotificationsSchema, config),
    counter: new Entity(counterSchema, config),
    checkout: new Entity(checkoutSchema, config),
    webhookEvent: new Entity(webhookEventSchema, config),
    ledgerCounter: new Entity(ledgerCounterSchema, config),
    receivableCounter: new Entity(receivableCounterSchema, config),
    auditEvent: new Entity(auditEventSchema, config),
  }
}

type Entities = ReturnType<typeof buildEntities>
type Parsed<K extends keyof Entities> = EntityItem<Entities[K]>[]

/** An order's partition, newest keys first, as one Query reads it: each entity's items, and whether the partition goes on. */
export interface OrderPartitionPage {
  order: Parsed<'order'>
  statusUpdate: Parsed<'statusUpdate'>
  payment: Parsed<'payment'>
  part: Parsed<'part'>
  more: boolean
}

/** The entities of the order partition's collection (their `byOrder` index is `collection: 'orderDetail'`), by ElectroDB's `__edb_e__` name. */
const ORDER_DETAIL = ['order', 'statusUpdate', 'payment', 'part'] as const

function buildService(config: TableConfig) {
  const entities = buildEntities(config)
  const orderKeys = createConversions(entities.order).fromComposite.toKeys
  return {
    entities,
    transaction: {
      // ElectroDB's Service.transaction.write, typed as it (a type only: no code of the class is loaded).
      write: ((fn: Parameters<typeof createWriteTransaction>[1]) => createWriteTransaction(entities, fn)) as unknown as Service<Entities>['transaction']['write'],
    },
    /** The newest `limit` items of an order's partition (ElectroDB's collection query, parsed by each entity). */
    async orderPartition(orderId: string, { limit }: { limit: number }): Promise<OrderPartitionPage> {
      const { pk, sk } = orderKeys({ orderId }) as { pk: string; sk: string }
      // The collection's sort keys are `$orderdetail#<entity>_<version>#…` (the order's own is `$orderdetail#order_1`).
      const prefix = sk.slice(0, sk.indexOf('#') + 1)
      const { Items = [], LastEvaluatedKey } = await config.client.send(
        new QueryCommand({
          TableName: config.table,
          KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :sk)',
          ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
          ExpressionAttributeValues: { ':pk': pk, ':sk': prefix },
          ScanIndexForward: false,
          Limit: limit,
        }),
      )
      const page = { order: [], statusUpdate: [], payment: [], part: [], more: LastEvaluatedKey !== undefined } as unknown as OrderPartitionPage
      for (const name of ORDER_DETAIL) {
        const own = Items.filter((item) => item.__edb_e__ === name)
        if (own.length) (page[name] as unknown[]) = ((entities[name] as { parse: (r: { Items: unknown[] }) => { data: unknown[] } }).parse({ Items: own })).data
      }
      return page
    },
  }
}

export type GunsmithService = ReturnType<typeof buildService>
