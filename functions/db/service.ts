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
import { missingFirearmEntity } from './entities/missing-firearm.ts'
import { turnaroundCounterEntity } from './entities/turnaround-counter.ts'
import { inboxItemEntity } from './entities/inbox-item.ts'
import { awaitingIntakeEntity } from './entities/awaiting-intake.ts'
import type { EntityItem, Service } from 'electrodb'
import type { TableConfig } from './table.ts'
import { createConversions, createWriteTransaction } from 'electrodb'
import { cachedEntity, perTable } from './entities/cache.ts'

/** The ledger counters' entity (its schema's module has no factory of its own): one per table and client, as the others. */
const ledgerCounterEntity = cachedEntity(ledgerCounterSchema)

/**
 * The table's ElectroDB entities, each built once per client and table when first used (through the entity
 * factories, whose cache, entities/cache.ts, this shares), with the two things the functions need of a service:
 * write transactions over them (ElectroDB's createWriteTransaction) and the one collection the table has, an
 * order's partition (the order with its updates, ledger entries and legacy parts), read newest first.
 */
export const createService: (config: TableConfig) => GunsmithService = perTable(buildService)

/** Each entity's factory (cached per table and client), by the name the repositories and transactions use. */
const ENTITY_FACTORIES = {
  profile: profileEntity,
  order: orderEntity,
  orderRef: orderRefEntity,
  statusUpdate: statusUpdateEntity,
  part: partEntity,
  payment: paymentEntity,
  notification: notificationEntity,
  unreadNotifications: unreadNotificationsEntity,
  counter: counterEntity,
  checkout: checkoutEntity,
  webhookEvent: webhookEventEntity,
  ledgerCounter: ledgerCounterEntity,
  receivableCounter: receivableCounterEntity,
  auditEvent: auditEventEntity,
  missingFirearm: missingFirearmEntity,
  turnaroundCounter: turnaroundCounterEntity,
  inboxItem: inboxItemEntity,
  awaitingIntake: awaitingIntakeEntity,
}

type Entities = { [K in keyof typeof ENTITY_FACTORIES]: ReturnType<(typeof ENTITY_FACTORIES)[K]> }

/**
 * The table's entities, each built when first read: building one checks its whole model (ElectroDB validates it
 * against its JSON schemas), so a request builds the few it uses, not all fifteen. `onRead` sees each one read.
 */
function lazyEntities(config: TableConfig, onRead?: (name: keyof Entities, entity: Entities[keyof Entities]) => void): Entities {
  const out = {} as Entities
  for (const name of Object.keys(ENTITY_FACTORIES) as Array<keyof Entities>) {
    Object.defineProperty(out, name, {
      enumerable: true,
      get() {
        const entity = ENTITY_FACTORIES[name](config)
        onRead?.(name, entity)
        return entity
      },
    })
  }
  return out
}

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

/**
 * A write transaction over the entities `fn` uses: ElectroDB's createWriteTransaction is given those (it reads
 * every entity it is given to tell the items of its answer apart), found by running `fn`, which only builds the
 * items, once up front.
 */
function writeTransaction(config: TableConfig, fn: Parameters<typeof createWriteTransaction>[1]) {
  const used: Partial<Entities> = {}
  const items = fn(lazyEntities(config, (name, entity) => ((used as Record<string, unknown>)[name] = entity)) as never)
  // ElectroDB sends through one of them; a transaction of no item (which it answers without a request) needs one too.
  if (!Object.keys(used).length) used.order = ENTITY_FACTORIES.order(config)
  return createWriteTransaction(used as Entities, () => items)
}

function buildService(config: TableConfig) {
  const entities = lazyEntities(config)
  return {
    entities,
    transaction: {
      // Typed as ElectroDB's Service.transaction.write, which takes the same callback.
      write: ((fn: Parameters<typeof createWriteTransaction>[1]) => writeTransaction(config, fn)) as unknown as Service<Entities>['transaction']['write'],
    },
    /** The newest `limit` items of an order's partition (ElectroDB's collection query, parsed by each entity). */
    async orderPartition(orderId: string, { limit }: { limit: number }): Promise<OrderPartitionPage> {
      const { pk, sk } = createConversions(entities.order).fromComposite.toKeys({ orderId }) as { pk: string; sk: string }
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
