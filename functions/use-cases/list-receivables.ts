import { ageInDays, bucketDays, bucketOfAge, RECEIVABLES_PAGE_SIZE, utcDay, type ReceivableRow, type ReceivablesPage } from '@gs/shared/receivables'
import { INVALID_CURSOR } from '@gs/shared/schemas/paging'
import type { ReceivablesQuery } from '@gs/shared/schemas/receivables'
import { isCursorError } from '../db/cursor.ts'
import type { ReceivablesRepository } from '../db/repositories/receivables.ts'
import type { Order } from '../domain/order.ts'
import { receivableTotals } from '../domain/receivable-totals.ts'
import { ValidationError } from '../lib/errors.ts'

interface Deps {
  receivables: ReceivablesRepository
  query: ReceivablesQuery
  now?: () => Date
}

/**
 * The staff receivables page at any table size: the totals and aging from the counters (one Query of a
 * fixed number of items) and one page of the orders with a balance due, by invoice date (oldest first by
 * default), over every bucket or one (one Query of the receivables index): two requests, side by side.
 */
export async function listReceivables({ receivables, query, now = () => new Date() }: Deps): Promise<ReceivablesPage> {
  const at = now()
  const { from, to } = query.bucket ? bucketDays(query.bucket, at) : { from: null, to: null }
  try {
    const [counters, page] = await Promise.all([receivables.counters(at), receivables.page({ from, to, direction: query.direction, limit: RECEIVABLES_PAGE_SIZE, cursor: query.cursor ?? null })])
    return { asOf: utcDay(at), totals: receivableTotals(counters, at), items: page.items.map((o) => receivableRow(o, at)), cursor: page.cursor, pageSize: RECEIVABLES_PAGE_SIZE }
  } catch (err) {
    if (query.cursor && isCursorError(err)) throw new ValidationError(INVALID_CURSOR, { cursor: INVALID_CURSOR })
    throw err
  }
}

export function receivableRow(o: Order, now: Date): ReceivableRow {
  const ageDays = ageInDays(o.createdAt, now)
  return {
    orderId: o.orderId,
    orderNumber: o.orderNumber,
    customerId: o.customerId,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    firearmMake: o.firearmMake,
    firearmModel: o.firearmModel,
    serialNumber: o.serialNumber,
    invoiceNumber: o.invoiceNumber,
    invoiceDate: o.createdAt,
    invoiceTotalCents: o.storedInvoice?.totalCents ?? 0,
    amountPaidCents: o.amountPaidCents,
    balanceDueCents: o.receivableCents ?? o.storedInvoice?.balanceDueCents ?? 0,
    ageDays,
    bucket: bucketOfAge(ageDays),
    currentStatus: o.currentStatus,
    isArchived: o.isArchived,
  }
}
