import type { EntityItem } from 'electrodb'
import { invoiceOf, type Notification, type Order, type OrderDetail, type Part, type Payment, type StatusUpdate } from '../../domain/order.ts'
import { orderEntity } from '../entities/order.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { formatOrderNumber } from '../../domain/order.ts'
import { latestOrderAttributes, type LatestOrder } from './profiles.ts'

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
  /** A new order of this customer: bumps the profile's order count and makes it the latest order (admin customer list). */
  customerOrderAdded?: { customerId: string; latest: LatestOrder }
}

export class VersionConflict extends Error {
  constructor() {
    super('The order was changed by someone else')
    this.name = 'VersionConflict'
  }
}

export interface OrderRepository {
  nextOrderNumber(): Promise<string>
  /** Creates the order (version 1) with its first status update, atomically. */
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
   * Throws VersionConflict when someone else wrote first.
   */
  saveOrder(order: Order, expectedVersion: number, extras?: OrderWriteExtras): Promise<Order>
}

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

export function createOrderRepository({ table, client }: TableConfig): OrderRepository {
  const service = createService({ table, client })
  const { order, counter } = service.entities

  async function write(o: Order, condition: 'create' | number, extras: OrderWriteExtras = {}) {
    const item = orderItem(o)
    const result = await service.transaction
      .write(({ order: orders, statusUpdate, part, notification, profile }) => [
        condition === 'create'
          ? orders.create(item).commit()
          : orders
              .put(item)
              .where(({ version }, { eq }) => eq(version, condition))
              .commit(),
        ...(extras.putUpdates ?? []).map((u) => statusUpdate.put(u).commit()),
        ...(extras.deleteUpdates ?? []).map((updateId) => statusUpdate.delete({ orderId: o.orderId, updateId }).commit()),
        ...(extras.putParts ?? []).map((p) => part.put(p).commit()),
        ...(extras.deleteParts ?? []).map((partId) => part.delete({ orderId: o.orderId, partId }).commit()),
        ...(extras.putNotifications ?? []).map((n) => notification.put(n).commit()),
        ...(extras.customerOrderAdded
          ? [
              profile
                .patch({ userId: extras.customerOrderAdded.customerId })
                .add({ orderCount: 1 })
                .set(latestOrderAttributes(extras.customerOrderAdded.latest))
                .commit(),
            ]
          : []),
      ])
      .go()
    // ElectroDB reports a cancelled transaction instead of throwing.
    if (result.canceled) {
      const first = result.data[0] as { code?: string } | undefined
      if (first?.code === 'ConditionalCheckFailed') throw new VersionConflict()
      throw new Error(`Order transaction cancelled: ${JSON.stringify(result.data.map((d) => (d as { code?: string }).code))}`)
    }
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
  }
}
