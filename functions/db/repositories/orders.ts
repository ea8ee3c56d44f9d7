import { createConversions } from 'electrodb'
import type { EntityItem } from 'electrodb'
import { UPDATES_PAGE_SIZE } from '@gs/shared/order-messages'
import { type Notification, type Order, type OrderDetail, type Payment, type StatusUpdate } from '#functions/domain/order.ts'
import { DEFAULT_TAX_RATE_PPM } from '@gs/shared/invoice'
import { orderEntity } from '../entities/order.ts'
import { isLegacy, itemizeLegacy, needsLegacyParts, type LegacyPart } from './legacy-order.ts'
import { cancellationCodes, CONDITION_FAILED, ContendedTransaction, TRANSACTION_CONFLICT } from '../conditions.ts'
import { createService, type GunsmithService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { formatOrderNumber, normalizeOrderNumber } from '#functions/domain/order.ts'
import { decideOrderWrites, invoiceSummaryOf, type DecidedOrderWrite, type InvoiceSummary, type OrderWrite } from '#functions/domain/order-commit.ts'
import { resolveAudit } from '#functions/domain/audit-resolve.ts'
import { ConcurrentChange, retryOnConflict } from '#functions/lib/retry.ts'
import type { EntryChange } from '#functions/domain/ledger-stats.ts'
import { counterItems } from './ledger-counters.ts'
import { receivableCounterItems } from './receivable-counters.ts'
import { inboxCommitItems, inboxOfWrite } from './inbox.ts'
import { missingFromBookItems } from './missing-from-book.ts'
import { awaitingIntakeItems, awaitingOfWrite } from './awaiting-intake.ts'
import { workCounterItems } from './work-counters.ts'
import { serialKeyOf } from '#functions/domain/search.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
import { byCustomer, latestOrderItems, planLatestOrder, type LatestOrderPlan } from './latest-order.ts'
import { notificationWrites } from './notification-writes.ts'
import { auditWrites } from './audit.ts'
import type { AuditEvent } from '#functions/domain/audit.ts'

export type { OrderWrite } from '#functions/domain/order-commit.ts'
export { ContendedTransaction } from '../conditions.ts'

export type OrderListState = 'active' | 'archived' | 'deleted'

export interface Page<T> {
  items: T[]
  cursor: string | null
}

/** What else commits atomically with an order write. */
export interface OrderWriteExtras {
  putUpdates?: StatusUpdate[]
  deleteUpdates?: string[]
  putNotifications?: Notification[]
  /** Staff audit records of this change (domain/audit.ts): appended, create-only, in the same transaction. */
  audit?: AuditEvent[]
}

export type TxEntities = Parameters<Parameters<GunsmithService['transaction']['write']>[0]>[0]

/**
 * An order change as a writer asks for it: the orders, what else of theirs changes (updates, notifications,
 * staff audit records), other items built by their own repositories (`items`: a checkout, payments, an event
 * marker, the A&D book's). commitChange makes it ready (decided, its audit text resolved, its summaries planned)
 * and commits it.
 */
export interface OrderChange extends OrderWriteExtras {
  orders: OrderWrite[]
  items?: (entities: TxEntities) => unknown[]
  /** Ledger entries `items` writes, before and after: their difference goes to the ledger counters in the same transaction. */
  ledgerChanges?: EntryChange[]
}

/**
 * One transaction over orders, everything in it decided before: the orders as stored, with what the receivables
 * count each with (domain/order-commit.ts), the checkouts the writes close, the staff audit records with their
 * readable text (domain/audit-resolve.ts), and each customer's profile summary as planned on fresh reads
 * (OrderRepository.summaries, domain/latest-order.ts). OrderRepository.commit stores exactly this.
 */
export interface OrderCommit extends Omit<OrderChange, 'orders'> {
  orders: DecidedOrderWrite[]
  /** The open checkouts these writes close: canceled in the same transaction, the provider told after it (OrderRepositoryHooks). */
  closeCheckouts?: string[]
  /** One plan per customer of the orders written (their profile items). */
  summaries: LatestOrderPlan[]
}

/** An order's stored version is not the one the write expected: someone else wrote it first. */
export class VersionConflict extends ConcurrentChange {
  constructor() {
    super('The order was changed by someone else')
  }
}

/** A condition of one of OrderCommit.items failed (for example a checkout that has already succeeded, an entry number taken). */
export class ItemConditionFailed extends ConcurrentChange {
  constructor(readonly codes: string[]) {
    super(`A condition of the transaction failed: ${codes.join(',')}`)
  }
}

/**
 * The one owner of order storage: every read and write of an order item goes through here
 * (the webhook's payment write too, through commit). Every write also keeps the customer's
 * profile summary (order count, latest order and its status) in the same transaction: see
 * latest-order.ts for the invariant and the race guard.
 */
export interface OrderRepository {
  nextOrderNumber(): Promise<string>
  /** Creates the order (version 1) with its first status update, atomically; it becomes the customer's latest order. */
  createOrder(order: Order, extras?: OrderWriteExtras): Promise<Order>
  getOrder(orderId: string): Promise<Order | null>
  /** The order a person typed: its id, or its number (GS-000123, any case); null when there is none. */
  findOrder(idOrNumber: string): Promise<Order | null>
  /** Orders with this serial number (case, spaces and dashes ignored), newest first, at most `limit`: one Query of the serial index. */
  findBySerial(serial: string, limit: number): Promise<Order[]>
  /** The id of the order a person typed, without reading the order (a number costs one GetItem); null when it names none. */
  resolveOrderId(idOrNumber: string): Promise<string | null>
  /** Several orders by id in one BatchGet (missing ones are left out); `consistent` when a write is planned on them. */
  getOrders(orderIds: string[], opts?: { consistent?: boolean }): Promise<Order[]>
  /**
   * The order with the newest `updates` of its history (newest first, and the cursor of the older ones) and
   * its ledger entries (at most `ledger`; every one by default). Bounded however long the history: one Query
   * of the order's partition, newest keys first, reads a short history whole; a long one costs a GetItem of
   * the order and a Query of its ledger besides.
   */
  getOrderDetail(orderId: string, opts?: DetailOptions): Promise<OrderDetail | null>
  /** Every undeleted order of the customer, newest first (every page: for the local seed; the route pages: order-history.ts). */
  listOrdersForCustomer(customerId: string): Promise<Order[]>
  listOrdersByState(state: OrderListState, opts?: { limit?: number; cursor?: string | null }): Promise<Page<Order>>
  /**
   * Writes the whole order when its stored version is still `expectedVersion`, bumping the version
   * and its times, together with the extras (commitChange). Throws VersionConflict when someone else
   * wrote first: the version is the caller's, so only a ContendedTransaction is retried here (the same
   * write, planned again: lib/retry.ts). Saving an order with isDeleted set is its soft delete: it must
   * not have been deleted before (else VersionConflict).
   */
  saveOrder(order: Order, expectedVersion: number, extras?: OrderWriteExtras): Promise<Order>
  /** Each customer's profile summary for these writes, planned on the profiles as they are now (strongly consistent reads). */
  summaries(writes: readonly OrderWrite[]): Promise<LatestOrderPlan[]>
  /**
   * The one transaction every order write goes through (createOrder and saveOrder included), ONE attempt:
   * stores what it is given (OrderCommit) and tells the provider of the checkouts it closed afterwards
   * (OrderRepositoryHooks). Throws VersionConflict when an order's stored version moved, ItemConditionFailed
   * when one of `items` was refused, ContendedTransaction when another transaction held an item or a summary
   * moved; the writer reads again and retries (lib/retry.ts). Resolves with the orders as written.
   */
  commit(c: OrderCommit): Promise<Order[]>
}

/**
 * An order change made ready and committed once: the writes decided (domain/order-commit.ts: the checkouts they
 * close, the invoice summary, what the receivables count), the staff audit text resolved (domain/audit-resolve.ts),
 * each customer's summary planned on fresh reads; then one commit. Throws what commit throws: a writer that reads
 * again calls it once per attempt of its retry (lib/retry.ts).
 */
export async function commitChange(orders: Pick<OrderRepository, 'summaries' | 'commit'>, { orders: writes, audit, ...rest }: OrderChange): Promise<Order[]> {
  const decided = decideOrderWrites(writes)
  const [resolved, summaries] = await Promise.all([resolveAudit(audit), orders.summaries(decided.orders)])
  return orders.commit({ ...rest, ...decided, audit: resolved, summaries })
}

export type OrderItem = EntityItem<ReturnType<typeof orderEntity>>

const LEGACY_ATTRIBUTES = [
  'additionalCostCents',
  'additionalCostReason',
  'additionalCostApprovalStatus',
  'additionalCostApprovalDate',
  'additionalCostApprovalNote',
  'additionalCostRejectionReason',
  'partsTotalCents',
  'partsCount',
  'invoiceFixedAt',
  'invoiceFixKey',
] as const

/** What a stored order item has that an Order has not: the list projections (orderItem) and the legacy attributes. */
const NOT_ORDER_FIELDS = new Set<string>(['listState', 'invoiceTotalCents', 'invoiceBalanceDueCents', 'invoicePaymentStatus', ...LEGACY_ATTRIBUTES])

/** Reads a stored order item (with its part items when it predates itemized lines: legacy-order.ts). */
export function toOrder(i: OrderItem, legacyParts: readonly LegacyPart[] | null = null): Order {
  // The item's own fields but the list projections and the legacy attributes, in the item's order (copied, not
  // copied-then-deleted: a `delete` turns the object into a slow dictionary for the spread below).
  const fields: Record<string, unknown> = {}
  for (const k of Object.keys(i)) if (!NOT_ORDER_FIELDS.has(k)) fields[k] = (i as Record<string, unknown>)[k]
  const extra = isLegacy(i) ? itemizeLegacy(i, legacyParts) : { lines: i.lines ?? [], approvalRequests: i.approvalRequests ?? [] }
  return {
    ...fields,
    customerName: i.customerName ?? '',
    customerEmail: i.customerEmail ?? '',
    serialNumber: i.serialNumber ?? '',
    serviceType: i.serviceType ?? '',
    description: i.description ?? '',
    estimatedCostCents: i.estimatedCostCents ?? 0,
    lines: extra.lines.map((l) => ({ ...l })) as Order['lines'],
    approvalRequests: extra.approvalRequests.map((r) => ({ ...r, lines: r.lines.map((l) => ({ ...l })) })) as Order['approvalRequests'],
    taxRatePpm: i.taxRatePpm ?? DEFAULT_TAX_RATE_PPM,
    currentStatus: i.currentStatus ?? 'order_created',
    storedStatus: i.currentStatus ?? 'order_created',
    shippingSelected: i.shippingSelected ?? true,
    isArchived: i.isArchived ?? false,
    isDeleted: i.isDeleted ?? false,
    amountPaidCents: i.amountPaidCents ?? 0,
    invoiceLastUpdated: i.invoiceLastUpdated ?? i.createdAt,
    updatedAt: i.updatedAt ?? i.createdAt,
    version: i.version ?? 1,
    storedInvoice: { totalCents: i.invoiceTotalCents ?? 0, balanceDueCents: i.invoiceBalanceDueCents ?? 0, paymentStatus: i.invoicePaymentStatus ?? 'unpaid', amountPaidCents: i.amountPaidCents ?? 0 },
  } as Order
}

/** The stored item: the order plus the projections the lists read (state partition, the invoice summary given, else the order's own). */
export function orderItem({ storedInvoice: _stored, storedStatus: _status, ...o }: Order, inv: InvoiceSummary = invoiceSummaryOf(o)): OrderItem {
  return {
    ...o,
    listState: o.isDeleted ? 'deleted' : o.isArchived ? 'archived' : 'active',
    invoiceTotalCents: inv.totalCents,
    invoiceBalanceDueCents: inv.balanceDueCents,
    invoicePaymentStatus: inv.paymentStatus,
  } as OrderItem
}

const byNewest = <T extends { createdAt: string }>(a: T, b: T) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)
/** Entries of one change share a time and follow their ids (sortable, in the order written). */
export const newestUpdateFirst = (a: StatusUpdate, b: StatusUpdate) => byNewest(a, b) || (a.updateId < b.updateId ? 1 : a.updateId > b.updateId ? -1 : 0)
const newestPaymentFirst = (a: Payment, b: Payment) => (a.paymentDate < b.paymentDate ? 1 : -1)

export interface DetailOptions {
  /** How many of the newest updates (default UPDATES_PAGE_SIZE). */
  updates?: number
  /** At most this many ledger entries (0: none), or every one (the default: the invoice fix re-reads them all). */
  ledger?: number | 'all'
}

/**
 * Besides its newest updates, what the partition of an order with a short history holds (the order, its
 * ledger entries, legacy parts): read in the same Query, so such an order costs one request.
 */
const DETAIL_HEAD_SLACK = 20

/** The cursor of the page of an order's updates that follows `u` (ElectroDB's, as a Query of the updates gives it out). */
export const updatesCursor = (service: GunsmithService, { orderId, updateId }: Pick<StatusUpdate, 'orderId' | 'updateId'>) =>
  createConversions(service.entities.statusUpdate).fromComposite.toCursor({ orderId, updateId })

export interface OrderRepositoryHooks {
  /** After a commit that closed open checkouts: cancel them at the provider (functions/payments/cancel-checkouts.ts). */
  onCheckoutsClosed?: (paymentIntentIds: string[]) => Promise<void>
}

export function createOrderRepository({ table, client }: TableConfig, hooks: OrderRepositoryHooks = {}): OrderRepository {
  const service = createService({ table, client })
  const { order, counter, orderRef, part } = service.entities

  async function resolveOrderId(idOrNumber: string): Promise<string | null> {
    const typed = idOrNumber.trim()
    if (UUID.test(typed)) return typed.toLowerCase()
    const number = normalizeOrderNumber(typed)
    if (!number) return null
    const { data } = await orderRef.get({ orderNumber: number }).go()
    return data?.orderId ?? null
  }

  /** One order; one that predates itemized lines is read with its part items (legacy-order.ts). */
  async function readOne(orderId: string, consistent: boolean): Promise<Order | null> {
    const { data } = await order.get({ orderId }).go({ consistent })
    if (!data) return null
    if (!needsLegacyParts(data)) return toOrder(data)
    const { data: parts } = await part.query.byOrder({ orderId }).go({ pages: 'all', consistent })
    return toOrder(data, parts as LegacyPart[])
  }

  const { payment: ledgerEntries } = service.entities

  async function readLedger(orderId: string, ledger: number | 'all'): Promise<Payment[]> {
    if (ledger === 'all') return (await ledgerEntries.query.byOrder({ orderId }).go({ pages: 'all' })).data as Payment[]
    // Entry ids are not time-ordered: this bounded read keeps `ledger` of them, all of them for any order that has no more.
    return ledger > 0 ? ((await ledgerEntries.query.byOrder({ orderId }).go({ order: 'desc', limit: ledger })).data as Payment[]) : []
  }

  async function readDetail(orderId: string, { updates: wanted = UPDATES_PAGE_SIZE, ledger = 'all' }: DetailOptions = {}): Promise<OrderDetail | null> {
    // Newest keys first: the updates, then the ledger entries, legacy parts and, last, the order item.
    const data = await service.orderPartition(orderId, { limit: wanted + 1 + DETAIL_HEAD_SLACK + 1 })
    // The partition read to its end without an order item: there is no such order.
    if (!data.order.length && !data.more) return null
    // The order item is the last key: reaching it means the whole partition was read.
    const [o, entries] = data.order.length
      ? [toOrder(data.order[0], data.part as LegacyPart[]), data.payment as Payment[]]
      : await Promise.all([readOne(orderId, false), readLedger(orderId, ledger)])
    if (!o) return null
    // One more update than asked was read when there are older ones; the page ends (and the next one starts) at its last key.
    const page = (data.statusUpdate as StatusUpdate[]).slice(0, wanted)
    const more = data.statusUpdate.length > wanted
    return {
      order: o,
      updatesCursor: more ? updatesCursor(service, page[page.length - 1]) : null,
      updates: page.sort(newestUpdateFirst),
      payments: entries.sort(newestPaymentFirst).slice(0, ledger === 'all' ? undefined : ledger),
    }
  }

  async function summaries(writes: readonly OrderWrite[]): Promise<LatestOrderPlan[]> {
    const kinds = writes.map(({ order: o, expected, softDelete, restore }) => ({ order: o, kind: expected === 'create' ? ('create' as const) : softDelete ? ('delete' as const) : restore ? ('restore' as const) : ('save' as const) }))
    return Promise.all([...byCustomer(kinds)].map(([customerId, w]) => planLatestOrder(service, customerId, w)))
  }

  async function commit({ orders: writes, items, closeCheckouts = [], summaries: plans, ...extras }: OrderCommit): Promise<Order[]> {
    const orderId = writes[0]?.order.orderId
    let ownItems = 0
    // What each write does to the staff inbox: an answer, a delete or an archive takes the order off it.
    const inboxes = writes.map((w) => inboxOfWrite(w.order, w.expected === 'create', extras.putUpdates))
    // Whether each order is listed on "awaiting intake", and by which due time (a received box without its intake).
    const awaiting = writes.map((w) => awaitingOfWrite(w.order, w.expected === 'create'))
    const result = await service.transaction
      .write((entities) => {
        const { order: orders, orderRef, statusUpdate, checkout } = entities
        const own = [
          ...writes.map(({ order: o, expected, softDelete, invoice, receivable: { before, after }, missing }, i) => {
            const item = { ...orderItem(o, invoice), receivableCents: after, missingFromBook: missing.after, inboxSince: inboxes[i].after, intakeDueAt: awaiting[i].after }
            return expected === 'create'
              ? orders.create(item).commit()
              : orders
                  .put(item)
                  // A soft delete counts once: the order must not be deleted already. The receivables and the list of
                  // firearms missing from the book move from what was read.
                  .where(({ version, isDeleted, receivableCents, missingFromBook, inboxSince, intakeDueAt }, { eq, notExists }) => {
                    const counts = before === undefined ? notExists(receivableCents) : eq(receivableCents, before)
                    const listed = missing.before === undefined ? notExists(missingFromBook) : eq(missingFromBook, missing.before)
                    // A customer's message that came meanwhile (repositories/inbox.ts) is never overwritten.
                    const waiting = inboxes[i].before === undefined ? notExists(inboxSince) : eq(inboxSince, inboxes[i].before!)
                    const due = awaiting[i].before === undefined ? notExists(intakeDueAt) : eq(intakeDueAt, awaiting[i].before!)
                    const kept = `${eq(version, expected)} AND ${counts} AND ${listed} AND ${waiting} AND ${due}`
                    return softDelete ? `${kept} AND (${notExists(isDeleted)} OR ${eq(isDeleted, false)})` : kept
                  })
                  .commit()
          }),
          ...(extras.putUpdates ?? []).map((u) => statusUpdate.put(u).commit()),
          ...(extras.deleteUpdates ?? []).map((updateId) => statusUpdate.delete({ orderId, updateId }).commit()),
          // The number → id pointer of a new order (findOrder).
          ...writes.filter((w) => w.expected === 'create').map(({ order: o }) => orderRef.create({ orderNumber: o.orderNumber, orderId: o.orderId }).commit()),
          // With one unread-count update per user they notify (notification-writes.ts).
          ...notificationWrites(entities, extras.putNotifications ?? []),
          // A success already took the order off its checkout (and moved its version), so this condition holds whenever the order's does.
          ...closeCheckouts.map((paymentIntentId) =>
            checkout
              .patch({ paymentIntentId })
              .set({ status: 'canceled', updatedAt: new Date().toISOString() })
              .where(({ status }, { ne }) => ne(status, 'succeeded'))
              .commit(),
          ),
          ...(items?.(entities) ?? []),
          ...counterItems(entities, extras.ledgerChanges ?? []),
          ...receivableCounterItems(entities, writes.map(({ receivable: { invoicedAt, before, after } }) => ({ invoicedAt, before: before ?? 0, after }))),
          ...missingFromBookItems(entities, writes),
          ...workCounterItems(entities, writes),
          ...inboxCommitItems(entities, writes.map((w, i) => ({ orderId: w.order.orderId, inbox: inboxes[i] }))),
          ...awaitingIntakeItems(entities, writes.map((w, i) => ({ order: w.order, awaiting: awaiting[i] }))),
          ...auditWrites(entities, extras.audit),
        ]
        ownItems = own.length
        return [...own, ...plans.flatMap((plan) => latestOrderItems(entities, plan))] as never
      })
      .go()
    // ElectroDB reports a cancelled transaction instead of throwing.
    if (!result.canceled) {
      if (closeCheckouts.length) await hooks.onCheckoutsClosed?.(closeCheckouts)
      // As a read of them would give them: what they are counted and listed with, the status stored.
      return writes.map((w, i) => ({ ...w.order, receivableCents: w.receivable.after, missingFromBook: w.missing.after, inboxSince: inboxes[i].after, intakeDueAt: awaiting[i].after, storedStatus: w.order.currentStatus }))
    }
    const codes = cancellationCodes(result.data)
    if (codes.slice(0, writes.length).includes(CONDITION_FAILED)) throw new VersionConflict()
    if (codes.slice(writes.length, ownItems).includes(CONDITION_FAILED)) throw new ItemConditionFailed(codes)
    // Another transaction held an item, or a profile moved since its summary was planned (the items after our own).
    if (codes.some((c, i) => c === TRANSACTION_CONFLICT || (i >= ownItems && c === CONDITION_FAILED))) throw new ContendedTransaction(codes)
    throw new Error(`Order transaction cancelled: ${JSON.stringify(codes)}`)
  }

  /**
   * One order over a version its caller pinned (createOrder, saveOrder): a moved version is the caller's to
   * answer, so only a contended transaction is retried, the same write with its summary planned again.
   */
  async function write(o: Order, expected: 'create' | number, extras: OrderWriteExtras = {}) {
    const change: OrderChange = { orders: [{ order: o, expected, softDelete: expected !== 'create' && o.isDeleted }], ...extras }
    const [written] = await retryOnConflict(() => commitChange({ summaries, commit }, change), { retryable: (err) => err instanceof ContendedTransaction })
    return written
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
      return readOne(orderId, false)
    },
    resolveOrderId,
    async findOrder(idOrNumber) {
      const orderId = await resolveOrderId(idOrNumber)
      return orderId ? readOne(orderId, false) : null
    },
    async findBySerial(serial, limit) {
      const key = serialKeyOf(serial)
      if (!key) return []
      const { data } = await order.query.bySerial({ serialKey: key }).go({ order: 'desc', limit })
      return data.map((i) => toOrder(i))
    },
    async getOrders(orderIds, { consistent = false } = {}) {
      const ids = [...new Set(orderIds)]
      if (!ids.length) return []
      const { data, unprocessed } = await order.get(ids.map((orderId) => ({ orderId }))).go({ concurrent: 4, consistent })
      const found: Order[] = []
      for (const item of data) found.push(needsLegacyParts(item) ? ((await readOne(item.orderId, consistent)) as Order) : toOrder(item))
      // DynamoDB may leave keys unprocessed under load; read those one by one.
      for (const key of unprocessed) {
        const one = await readOne(key.orderId, consistent)
        if (one) found.push(one)
      }
      return found
    },
    getOrderDetail: readDetail,
    summaries,
    async listOrdersForCustomer(customerId) {
      const { data } = await order.query
        .byCustomer({ customerId })
        .where(({ isDeleted }, { ne }) => ne(isDeleted, true))
        .go({ order: 'desc', pages: 'all' })
      return data.map((i) => toOrder(i))
    },
    async listOrdersByState(state, { limit = 100, cursor = null } = {}) {
      const res = await order.query.byListState({ listState: state }).go({ order: 'desc', limit, cursor })
      return { items: res.data.map((i) => toOrder(i)), cursor: res.cursor ?? null }
    },
    async saveOrder(o, expectedVersion, extras) {
      const next = { ...o, version: expectedVersion + 1, updatedAt: new Date().toISOString(), invoiceLastUpdated: new Date().toISOString() }
      return write(next, expectedVersion, extras)
    },
    commit,
  }
}
