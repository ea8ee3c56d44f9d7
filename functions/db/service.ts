import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import { checkoutEntity } from './entities/checkout.ts'
import { counterEntity } from './entities/counter.ts'
import { ledgerCounterSchema } from './entities/ledger-counter.ts'
import { receivableCounterEntity } from './entities/receivable-counter.ts'
import { notificationEntity } from './entities/notification.ts'
import { unreadNotificationsEntity } from './entities/unread-notifications.ts'
import { orderEntity } from './entities/order.ts'
import { orderRefEntity } from './entities/order-ref.ts'
import { partEntity } from './entities/part.ts'
import { paymentEntity } from './entities/payment.ts'
import { profileEntity } from './entities/profile.ts'
import { statusUpdateEntity } from './entities/status-update.ts'
import { webhookEventEntity } from './entities/webhook-event.ts'
import { auditEventEntity } from './entities/audit-event.ts'
import type { EntityItem, Service } from 'electrodb'
import type { TableConfig } from './table.ts'
import { createConversions, createWriteTransaction } from 'electrodb'
import { cachedEntity, perTable } from './entities/cache.ts'

/** The ledger counters' entity (its schema's module has no factory of its own): one per table and client, as the others. */
const ledgerCounterEntity = cachedEntity(ledgerCounterSchema)

/**
 * The table's ElectroDB entities, built once per client and table (through the entity factories, whose
 * cache, entities/cache.ts, this shares: one schema has one Entity per table and client): building them
 * validates every entity model (a JSON-schema pass), which was about a third of the CPU of each request
 * under load (scripts/load.ts). With the two things the functions need of a service: write transactions over
 * these entities (ElectroDB's createWriteTransaction) and the one collection the table has, an order's
 * partition (the order with its updates, ledger entries and legacy parts), read newest first.
 */
export const createService: (config: TableConfig) => GunsmithService = perTable(buildService)

function buildEntities(config: TableConfig) {
  return {
    profile: profileEntity(config),
    order: orderEntity(config),
    orderRef: orderRefEntity(config),
    statusUpdate: statusUpdateEntity(config),
    part: partEntity(config),
    payment: paymentEntity(config),
    notification: notificationEntity(config),
    unreadNotifications: unreadNotificationsEntity(config),
    counter: counterEntity(config),
    checkout: checkoutEntity(config),
    webhookEvent: webhookEventEntity(config),
    ledgerCounter: ledgerCounterEntity(config),
    receivableCounter: receivableCounterEntity(config),
    auditEvent: auditEventEntity(config),
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
      // Typed as ElectroDB's Service.transaction.write, which takes the same callback.
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
