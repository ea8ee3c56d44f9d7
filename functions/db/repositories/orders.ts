import type { EntityItem } from 'electrodb'
import { invoiceOf, type Notification, type Order, type OrderDetail, type Part, type Payment, type StatusUpdate } from '../../domain/order.ts'
import { orderEntity } from '../entities/order.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { formatOrderNumber } from '../../domain/order.ts'
import { latestOrderItems, planLatestOrder, planLatestRefresh, type LatestOrderPlan, type OrderWriteKind } from './latest-order.ts'

export type OrderListState = 'active' | 'archived'

export interface Page<T> {
  items: T[]
  cursor: string | null
}

/** What else commits atomically with an order write. */
export interface OrderWriteExtras {
  putUpdates?: StatusUpdate[]
  deleteUpdates?: string[]
  putParts?: Part[]
  deleteParts?: string[]
  putNotifications?: Notification[]
}

export class VersionConflict extends Error {
  constructor() {
    super('The order was changed by someone else')
    this.name = 'VersionConflict'
  }
}

/**
 * Every order write also keeps the customer's profile summary (order count, latest order and
 * its status) in the same transaction: see latest-order.ts for the invariant and the race guard.
 */
export interface OrderRepository {
  nextOrderNumber(): Promise<string>
  /** Creates the order (version 1) with its first status update, atomically; it becomes the customer's latest order. */
  createOrder(order: Order, extras?: OrderWriteExtras): Promise<Order>
  getOrder(orderId: string): Promise<Order | null>
  /** Several orders by id in one BatchGet (missing ones are left out). */
  getOrders(orderIds: string[]): Promise<Order[]>
  /** The order with its updates (newest first), parts and payments: one Query. */
  getOrderDetail(orderId: string): Promise<OrderDetail | null>
  listOrdersForCustomer(customerId: string): Promise<Order[]>
  listOrdersByState(state: OrderListState, opts?: { limit?: number; cursor?: string | null }): Promise<Page<Order>>
  /**
   * Writes the whole order when its stored version is still `expectedVersion`,
   * bumping the version and recomputing the invoice summary, together with the extras.
   * Throws VersionConflict when someone else wrote first. Saving an order with
   * isDeleted set is its soft delete: it must not have been deleted before (else VersionConflict).
   */
  saveOrder(order: Order, expectedVersion: number, extras?: OrderWriteExtras): Promise<Order>
  /** Recomputes the customer's latest order from their orders (a summary stored before its status was kept current). */
  refreshLatestOrder(customerId: string): Promise<void>
}

/** Attempts of one order write when the customer's latest order changes under it (each one replanned on fresh reads). */
const MAX_ATTEMPTS = 8
const backoff = (attempt: number) => new Promise<void>((r) => setTimeout(r, Math.round(Math.random() * 10 * 2 ** Math.min(attempt, 5))))
type CancelCode = string | undefined
const codesOf = (data: unknown[]): CancelCode[] => data.map((d) => (d as { code?: string } | undefined)?.code)

export type OrderItem = EntityItem<ReturnType<typeof orderEntity>>

/** Reads a stored order item (exported for the payments repository, which writes orders inside its own transaction). */
export function toOrder(i: OrderItem): Order {
  const { listState: _l, invoiceTotalCents: _t, invoiceBalanceDueCents: _b, invoicePaymentStatus: _p, ...rest } = i
  return {
    ...rest,
    customerName: i.customerName ?? '',
    customerEmail: i.customerEmail ?? '',
    serialNumber: i.serialNumber ?? '',
    serviceType: i.serviceType ?? '',
    description: i.description ?? '',
    estimatedCostCents: i.estimatedCostCents ?? 0,
    additionalCostCents: i.additionalCostCents ?? 0,
    additionalCostApprovalStatus: i.additionalCostApprovalStatus ?? 'not_required',
    currentStatus: i.currentStatus ?? 'order_created',
    shippingSelected: i.shippingSelected ?? true,
    isArchived: i.isArchived ?? false,
    isDeleted: i.isDeleted ?? false,
    partsTotalCents: i.partsTotalCents ?? 0,
    partsCount: i.partsCount ?? 0,
    amountPaidCents: i.amountPaidCents ?? 0,
    invoiceLastUpdated: i.invoiceLastUpdated ?? i.createdAt,
    updatedAt: i.updatedAt ?? i.createdAt,
    version: i.version ?? 1,
  } as Order
}

/** The stored item: the order plus the projections the lists read (state partition, invoice summary). */
export function orderItem(o: Order): OrderItem {
  const inv = invoiceOf(o)
  return {
    ...o,
    listState: o.isDeleted ? 'deleted' : o.isArchived ? 'archived' : 'active',
    invoiceTotalCents: inv.totalCents,
    invoiceBalanceDueCents: inv.balanceDueCents,
    invoicePaymentStatus: inv.paymentStatus,
  } as OrderItem
}

const byNewest = <T extends { createdAt: string }>(a: T, b: T) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)

type TxEntities = Parameters<Parameters<ReturnType<typeof createService>['transaction']['write']>[0]>[0]

export function createOrderRepository({ table, client }: TableConfig): OrderRepository {
  const service = createService({ table, client })
  const { order, counter } = service.entities

  /**
   * Runs one transaction, planned afresh on each attempt: the items (built inside the callback)
   * followed by the customer profile's items. Retried when the profile's plan went stale (its
   * condition failed) or DynamoDB cancelled on a conflicting concurrent transaction; the
   * first item's own condition failing is the caller's business (`onFirstFailed`).
   */
  async function transact(plan: () => Promise<LatestOrderPlan>, items: (entities: TxEntities) => unknown[], onFirstFailed: () => Error) {
    for (let attempt = 1; ; attempt++) {
      const latest = await plan()
      let profileFrom = 0
      const result = await service.transaction
        .write((entities) => {
          const own = items(entities)
          profileFrom = own.length
          return [...own, ...latestOrderItems(entities, latest)] as never
        })
        .go()
      // ElectroDB reports a cancelled transaction instead of throwing.
      if (!result.canceled) return
      const codes = codesOf(result.data)
      if (profileFrom > 0 && codes[0] === 'ConditionalCheckFailed') throw onFirstFailed()
      const stale = codes.some((c, i) => c === 'TransactionConflict' || (i >= profileFrom && c === 'ConditionalCheckFailed'))
      if (!stale || attempt >= MAX_ATTEMPTS) throw new Error(`Order transaction cancelled: ${JSON.stringify(codes)}`)
      await backoff(attempt)
    }
  }

  async function write(o: Order, condition: 'create' | number, extras: OrderWriteExtras = {}) {
    const item = orderItem(o)
    const kind: OrderWriteKind = condition === 'create' ? 'create' : o.isDeleted ? 'delete' : 'save'
    await transact(
      () => planLatestOrder(service, o.customerId, [{ order: o, kind }]),
      ({ order: orders, statusUpdate, part, notification }) => [
        condition === 'create'
          ? orders.create(item).commit()
          : orders
              .put(item)
              // A soft delete counts once: the order must not be deleted already.
              .where(({ version, isDeleted }, { eq, notExists }) => (kind === 'delete' ? `${eq(version, condition)} AND (${notExists(isDeleted)} OR ${eq(isDeleted, false)})` : eq(version, condition)))
              .commit(),
        ...(extras.putUpdates ?? []).map((u) => statusUpdate.put(u).commit()),
        ...(extras.deleteUpdates ?? []).map((updateId) => statusUpdate.delete({ orderId: o.orderId, updateId }).commit()),
        ...(extras.putParts ?? []).map((p) => part.put(p).commit()),
        ...(extras.deleteParts ?? []).map((partId) => part.delete({ orderId: o.orderId, partId }).commit()),
        ...(extras.putNotifications ?? []).map((n) => notification.put(n).commit()),
      ],
      () => new VersionConflict(),
    )
    return o
  }

  return {
    async nextOrderNumber() {
      const { data } = await counter.update({ name: 'orderNumber' }).add({ value: 1 }).go({ response: 'all_new' })
      return formatOrderNumber(data.value ?? 1)
    },
    async createOrder(o, extras) {
      return write({ ...o, version: 1 }, 'create', extras)
    },
    async getOrder(orderId) {
      const { data } = await order.get({ orderId }).go()
      return data ? toOrder(data) : null
    },
    async getOrders(orderIds) {
      const ids = [...new Set(orderIds)]
      if (!ids.length) return []
      const { data, unprocessed } = await order.get(ids.map((orderId) => ({ orderId }))).go({ concurrent: 4 })
      const found = data.map(toOrder)
      // DynamoDB may leave keys unprocessed under load; read those one by one.
      for (const key of unprocessed) {
        const { data: one } = await order.get({ orderId: key.orderId }).go()
        if (one) found.push(toOrder(one))
      }
      return found
    },
    async getOrderDetail(orderId) {
      const { data } = await service.collections.orderDetail({ orderId }).go({ pages: 'all' })
      const [o] = data.order
      if (!o) return null
      return {
        order: toOrder(o),
        updates: (data.statusUpdate as StatusUpdate[]).sort(byNewest),
        parts: (data.part as Part[]).sort(byNewest),
        payments: (data.payment as Payment[]).sort((a, b) => (a.paymentDate < b.paymentDate ? 1 : -1)),
      }
    },
    async listOrdersForCustomer(customerId) {
      const { data } = await order.query
        .byCustomer({ customerId })
        .where(({ isDeleted }, { ne }) => ne(isDeleted, true))
        .go({ order: 'desc', pages: 'all' })
      return data.map(toOrder)
    },
    async listOrdersByState(state, { limit = 100, cursor = null } = {}) {
      const res = await order.query.byListState({ listState: state }).go({ order: 'desc', limit, cursor })
      return { items: res.data.map(toOrder), cursor: res.cursor ?? null }
    },
    async saveOrder(o, expectedVersion, extras) {
      const next = { ...o, version: expectedVersion + 1, updatedAt: new Date().toISOString(), invoiceLastUpdated: new Date().toISOString() }
      return write(next, expectedVersion, extras)
    },
    async refreshLatestOrder(customerId) {
      await transact(
        async () => (await planLatestRefresh(service, customerId)) ?? { customerId, seen: 'absent', countDelta: 0 },
        () => [],
        () => new Error('unreachable: the refresh writes the profile items only'),
      )
    },
  }
}
