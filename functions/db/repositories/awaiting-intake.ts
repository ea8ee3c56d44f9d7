import type { Order } from '#functions/domain/order.ts'
import { QueryCommand } from '@aws-sdk/lib-dynamodb'
import { intakeDueAt } from '@gs/shared/intake-due'
import { createConversions } from 'electrodb'
import { cancellationCodes, CONDITION_FAILED } from '../conditions.ts'
import { ownStartKey } from '../cursor.ts'
import { awaitingIntakeEntity } from '../entities/awaiting-intake.ts'
import { createService, type GunsmithService } from '../service.ts'
import type { TableConfig } from '../table.ts'

type TxEntities = Parameters<Parameters<GunsmithService['transaction']['write']>[0]>[0]

/** How many items a count reads at most (one Query of keys only): the dashboard shows "N+" beyond it. */
export const AWAITING_COUNT_CAP = 500

/** The order's listing on "awaiting intake": before (as read, the write is conditioned on it) and after (stored). */
export interface AwaitingIntakeChange {
  before: string | undefined
  after: string | undefined
}

/**
 * What an order write does to the awaiting-intake list: an order whose box was received (`boxReceivedAt`), with no
 * intake yet, not deleted nor archived, is listed by its intake's due time; anything else is not. `before` is the
 * order's `intakeDueAt` as read (undefined for a created order).
 */
export function awaitingOfWrite(order: Pick<Order, 'boxReceivedAt' | 'intakeDueAt' | 'intake' | 'isDeleted' | 'isArchived'>, created: boolean): AwaitingIntakeChange {
  const before = created ? undefined : order.intakeDueAt
  const after = order.boxReceivedAt && !order.intake && !order.isDeleted && !order.isArchived ? intakeDueAt(order.boxReceivedAt) : undefined
  return { before, after }
}

/** The list's items of an order commit: the old due time's items deleted, the new one's put (the list item and the reminder not yet sent). */
export function awaitingIntakeItems(entities: Pick<TxEntities, 'awaitingIntake'>, writes: readonly { order: Pick<Order, 'orderId' | 'boxReceivedAt'>; awaiting: AwaitingIntakeChange }[]): unknown[] {
  return writes.flatMap(({ order: { orderId, boxReceivedAt }, awaiting: { before, after } }) => {
    if (before === after) return []
    return [
      ...(before ? (['intake', 'reminder'] as const).map((awaitingList) => entities.awaitingIntake.delete({ awaitingList, dueAt: before, orderId }).commit()) : []),
      ...(after ? (['intake', 'reminder'] as const).map((awaitingList) => entities.awaitingIntake.put({ awaitingList, dueAt: after, orderId, receivedAt: boxReceivedAt! }).commit()) : []),
    ]
  })
}

export interface AwaitingIntakeEntry {
  orderId: string
  dueAt: string
  receivedAt: string
  remindedAt?: string
}

export interface AwaitingIntakeCounts {
  /** Boxes awaiting their intake, and those overdue (due before now); `capped` when more than AWAITING_COUNT_CAP. */
  awaiting: number
  overdue: number
  capped: boolean
}

export interface AwaitingIntakeRepository {
  /** A page of the list, the earliest due first (one Query). */
  page(q: { limit: number; cursor: string | null }): Promise<{ items: AwaitingIntakeEntry[]; cursor: string | null }>
  /** Both counts: two bounded Queries of keys (Select COUNT), the overdue one by its key condition sk < now. */
  counts(now: Date): Promise<AwaitingIntakeCounts>
  /** Reminders not yet sent whose intake was due before now, the earliest first (one Query page). */
  dueReminders(now: Date, limit: number): Promise<AwaitingIntakeEntry[]>
  /**
   * Takes a reminder to send it: the reminder item deleted (it must exist) and the list item marked `remindedAt`, in
   * one transaction. True for exactly one taker; false (nothing written) when another run took it or the intake came.
   */
  claimReminder(entry: Pick<AwaitingIntakeEntry, 'orderId' | 'dueAt'>, at: Date): Promise<boolean>
}

export function createAwaitingIntakeRepository(config: TableConfig): AwaitingIntakeRepository {
  const items = awaitingIntakeEntity(config)
  const service = createService(config)
  const keysOf = (awaitingList: 'intake' | 'reminder', dueAt: string) =>
    createConversions(items).fromComposite.toKeys({ awaitingList, dueAt, orderId: '' }) as { pk: string; sk: string }
  // The list's partition and its items' key prefix: a cursor naming any other key is refused before DynamoDB sees it.
  const listKeys = keysOf('intake', '')
  const own = { pk: listKeys.pk, sk: listKeys.sk.slice(0, listKeys.sk.indexOf('#') + 1) }
  const entryOf = (i: { orderId: string; dueAt: string; receivedAt: string; remindedAt?: string }): AwaitingIntakeEntry => ({
    orderId: i.orderId,
    dueAt: i.dueAt,
    receivedAt: i.receivedAt,
    ...(i.remindedAt ? { remindedAt: i.remindedAt } : {}),
  })

  async function count(awaitingList: 'intake', before?: string): Promise<{ n: number; more: boolean }> {
    const { pk, sk } = keysOf(awaitingList, before ?? '')
    const prefix = own.sk
    const { Count, LastEvaluatedKey } = await config.client.send(
      new QueryCommand({
        TableName: config.table,
        KeyConditionExpression: before ? '#pk = :pk AND #sk BETWEEN :from AND :to' : '#pk = :pk AND begins_with(#sk, :from)',
        ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
        ExpressionAttributeValues: before ? { ':pk': pk, ':from': prefix, ':to': sk } : { ':pk': pk, ':from': prefix },
        Select: 'COUNT',
        Limit: AWAITING_COUNT_CAP,
      }),
    )
    return { n: Count ?? 0, more: LastEvaluatedKey !== undefined }
  }

  return {
    async page({ limit, cursor }) {
      if (cursor) ownStartKey(cursor, own)
      const res = await items.query.byDue({ awaitingList: 'intake' }).go({ order: 'asc', limit, cursor })
      return { items: res.data.map(entryOf), cursor: res.cursor ?? null }
    },
    async counts(now) {
      const [all, late] = await Promise.all([count('intake'), count('intake', now.toISOString())])
      return { awaiting: all.n, overdue: late.n, capped: all.more || late.more }
    },
    async dueReminders(now, limit) {
      const res = await items.query.byDue({ awaitingList: 'reminder' }).lt({ dueAt: now.toISOString() }).go({ order: 'asc', limit })
      return res.data.map(entryOf)
    },
    async claimReminder({ orderId, dueAt }, at) {
      const result = await service.transaction
        .write(({ awaitingIntake }) => [
          awaitingIntake
            .delete({ awaitingList: 'reminder', dueAt, orderId })
            .where(({ orderId: id }, { exists }) => exists(id))
            .commit(),
          awaitingIntake
            .patch({ awaitingList: 'intake', dueAt, orderId })
            .set({ remindedAt: at.toISOString() })
            .commit(),
        ] as never)
        .go()
      if (!result.canceled) return true
      if (cancellationCodes(result.data).includes(CONDITION_FAILED)) return false
      throw new Error(`Reminder claim cancelled: ${JSON.stringify(cancellationCodes(result.data))}`)
    },
  }
}
