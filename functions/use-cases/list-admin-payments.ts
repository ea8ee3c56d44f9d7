import { ADMIN_PAYMENTS_PAGE_SIZE, RECENT_ACTIVITY_DAYS } from '@gs/shared/payment-messages'
import type { AdminPaymentStats } from '@gs/shared/api-types'
import type { AdminPaymentsQuery } from '@gs/shared/schemas/admin-payments'
import type { LedgerRepository } from '../db/repositories/ledger.ts'
import type { Payment } from '../domain/order.ts'
import { unrefundedCents } from '../domain/payment.ts'


export interface AdminPaymentsPage {
  items: Payment[]
  total: number
  page: number
  pageSize: number
  stats: AdminPaymentStats
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Fields the search box matches, case-insensitively (admin-side "Payment Management"). */
const searchable = (p: Payment) => [p.customerName, p.customerEmail, p.orderId, p.orderNumber, p.paymentId, p.firearmMake, p.firearmModel, p.serialNumber, p.description]

export function paymentStats(all: readonly Payment[], now: Date): AdminPaymentStats {
  const successful = all.filter((p) => p.paymentStatus === 'successful')
  const since = now.getTime() - RECENT_ACTIVITY_DAYS * DAY_MS
  return {
    count: all.length,
    revenueCents: successful.filter((p) => (p.kind ?? 'payment') === 'payment' || p.kind === 'credit').reduce((s, p) => s + unrefundedCents(p), 0),
    successfulCount: successful.length,
    successRate: all.length ? Math.round((successful.length / all.length) * 1000) / 10 : 0,
    last30DaysCount: all.filter((p) => Date.parse(p.paymentDate) >= since).length,
  }
}

/**
 * The admin payments page: every payment from the ledger index (one Query,
 * newest first, no Scan), stats over all of them, then search, status filter,
 * sort and a page of 15.
 */
export async function listAdminPayments({ payments, query, now = () => new Date() }: { payments: Pick<LedgerRepository, 'listLedger'>; query: AdminPaymentsQuery; now?: () => Date }): Promise<AdminPaymentsPage> {
  const all = await payments.listLedger()
  const stats = paymentStats(all, now())
  const needle = query.search.toLowerCase()
  const filtered = all.filter(
    (p) => (!query.status || p.paymentStatus === query.status) && (!needle || searchable(p).some((f) => (f ?? '').toLowerCase().includes(needle))),
  )
  const dir = query.direction === 'asc' ? 1 : -1
  const byDate = (a: Payment, b: Payment) => (a.paymentDate < b.paymentDate ? -1 : a.paymentDate > b.paymentDate ? 1 : a.paymentId < b.paymentId ? -1 : a.paymentId > b.paymentId ? 1 : 0)
  const compare =
    query.sort === 'amount'
      ? (a: Payment, b: Payment) => a.amountCents - b.amountCents || byDate(a, b)
      : query.sort === 'customer'
        ? (a: Payment, b: Payment) => (a.customerName || 'Unknown').localeCompare(b.customerName || 'Unknown', 'en-US', { sensitivity: 'base' }) || byDate(a, b)
        : byDate
  filtered.sort((a, b) => dir * compare(a, b))
  const start = (query.page - 1) * ADMIN_PAYMENTS_PAGE_SIZE
  return { items: filtered.slice(start, start + ADMIN_PAYMENTS_PAGE_SIZE), total: filtered.length, page: query.page, pageSize: ADMIN_PAYMENTS_PAGE_SIZE, stats }
}
