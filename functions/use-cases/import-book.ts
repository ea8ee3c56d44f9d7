import type { BookImportResult, BookImportRow } from '@gs/shared/api-types'
import { compactAddress } from '@gs/shared/address'
import { BOOK_IMPORT_COLUMNS as COLUMNS, bookImportMessages as m } from '@gs/shared/book-import'
import { uuid } from '../db/ids.ts'
import type { AuditRepository } from '../db/repositories/audit.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { Profile, ProfileRepository } from '../db/repositories/profiles.ts'
import type { SettingsRepository } from '../db/repositories/settings.ts'
import { auditEvent, type Actor } from '../domain/audit.ts'
import { parseImportFile, type CheckedRow } from '../domain/book-import.ts'
import { inCustody } from '../domain/custody.ts'
import { newOrder, type Order } from '../domain/order.ts'
import { ValidationError } from '../lib/errors.ts'
import { orderAudit, staffUpdate } from './admin-order-write.ts'
import type { BookDeps } from './book-order-write.ts'
import { commitIntake, describeFirearm, receivedOrder } from './receive-firearm.ts'

interface ImportBook {
  orders: BookDeps['orders'] & Pick<OrderRepository, 'nextOrderNumber' | 'findBySerial'>
  book: BookDeps['book']
  profiles: Pick<ProfileRepository, 'findByEmail'>
  settings: Pick<SettingsRepository, 'billingTerms'>
  audit: Pick<AuditRepository, 'append'>
  input: { fileName: string; csv: string; dryRun: boolean }
  adminId: string
  actor: Actor
  now?: () => Date
}

/** Orders of one serial number read to find the one in custody (newest first: the open one is among the latest). */
const SERIAL_ORDERS = 25
/** Lookups sent at once while checking a file (one Query each: the email index, the serial index). */
const LOOKUPS_AT_ONCE = 8

async function eachLimited<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i])
    }
  }
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, items.length) }, worker))
  return out
}

/**
 * Firearms already in the shop's custody brought into the A&D book from a CSV file (docs/business-rules.md,
 * "Firearms already in the shop: the import"). Every row is checked (domain/book-import.ts; here: the customer the
 * email names, and no firearm of the same serial number in custody in the book, which would be its entry twice).
 * A dry run answers the rows and writes nothing. An import writes nothing while any row has an error (a 400 naming
 * the rows); else each row, in the file's order, becomes an order of the customer in Firearm Received with its
 * intake and acquisition entry dated as the row says, ONE transaction per row through Receive Firearm's own path
 * (receivedOrder, commitIntake: the custody rule, the entry number, the counters, the order's audit), the order and
 * the entry created only where none exists. One audit record names the file and the entries written.
 */
export async function importBook({ orders, book, profiles, settings, audit, input, adminId, actor, now = () => new Date() }: ImportBook): Promise<BookImportResult> {
  const when = now()
  const checked = parseImportFile(input.csv, when)
  const emails = [...new Set(checked.map((r) => r.cells.customerEmail.toLowerCase()).filter(Boolean))]
  const serials = [...new Set(checked.filter((r) => r.cells.serialNumber).map((r) => r.cells.serialNumber))]
  const [customers, open] = await Promise.all([
    eachLimited(emails, async (email) => {
      const p = await profiles.findByEmail(email)
      return [email, p && p.role === 'customer' && !p.isArchived ? p : null] as const
    }),
    eachLimited(serials, async (serial) => {
      const held = (await orders.findBySerial(serial, SERIAL_ORDERS)).find((o) => inCustody(o) && !o.isDeleted)
      const line = held ? await book.getLine(held.orderId) : null
      return [serial, line?.lineNumber ?? null] as const
    }),
  ])
  const customerOf = new Map(customers)
  const openLine = new Map(open)
  for (const r of checked) {
    const customer = r.cells.customerEmail ? customerOf.get(r.cells.customerEmail.toLowerCase()) : undefined
    if (customer === null) r.errors.push({ column: COLUMNS.customerEmail.header, message: m.customerUnknown })
    const line = openLine.get(r.cells.serialNumber)
    if (line) r.errors.push({ column: COLUMNS.serialNumber.header, message: m.alreadyInBook(line) })
    if (r.errors.length) r.firearm = null
  }
  const errorCount = checked.filter((r) => r.errors.length).length
  const rowOf = (r: CheckedRow, entry: BookImportRow['entry'] = null): BookImportRow => ({
    row: r.row,
    serialNumber: r.cells.serialNumber,
    manufacturer: r.cells.manufacturer,
    model: r.cells.model,
    acquiredOn: r.cells.acquiredOn,
    customerEmail: r.cells.customerEmail,
    customerName: nameOf(customerOf.get(r.cells.customerEmail.toLowerCase()) ?? null),
    errors: r.errors,
    entry,
  })
  if (input.dryRun) return { dryRun: true, fileName: input.fileName, rows: checked.map((r) => rowOf(r)), errorCount, imported: 0 }
  if (errorCount) {
    const fields = Object.fromEntries(checked.flatMap((r) => r.errors.map((e) => [`row ${r.row}${e.column ? `: ${e.column}` : ''}`, e.message])).slice(0, 50))
    throw new ValidationError(m.fixRowsFirst(errorCount), fields)
  }

  const { taxRatePpm, minimumServiceFeeCents } = await settings.billingTerms()
  const written: BookImportRow[] = []
  try {
    for (const r of checked) {
      const { order, lineNumber } = await importRow({ orders, book }, r, customerOf.get(r.cells.customerEmail.toLowerCase())!, { taxRatePpm, minimumServiceFeeCents, adminId, actor, fileName: input.fileName, now })
      written.push(rowOf(r, { lineNumber, orderId: order.orderId, orderNumber: order.orderNumber }))
    }
  } finally {
    // The import's own record, with the rows written even when a later row failed (each row is in the book on its own).
    if (written.length) await audit.append([importAudit(actor, input.fileName, checked.length, written, now().toISOString())])
  }
  return { dryRun: false, fileName: input.fileName, rows: written, errorCount: 0, imported: written.length }
}

const nameOf = (p: Profile | null) => (p ? `${p.firstName} ${p.lastName}`.trim() : '')

/** One row: the customer's order for the firearm, received on the row's date, in one transaction with its book entry and line. */
async function importRow(
  deps: BookDeps & { orders: Pick<OrderRepository, 'nextOrderNumber'> },
  r: CheckedRow,
  customer: Profile,
  { taxRatePpm, minimumServiceFeeCents, adminId, actor, fileName, now }: { taxRatePpm: number; minimumServiceFeeCents: number; adminId: string; actor: Actor; fileName: string; now: () => Date },
): Promise<{ order: Order; lineNumber: number }> {
  const f = r.firearm!
  const when = now()
  const at = when.toISOString()
  const name = nameOf(customer)
  const base = newOrder(
    {
      orderId: uuid(),
      orderNumber: await deps.orders.nextOrderNumber(),
      customerId: customer.id,
      customerName: name,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      firearmMake: f.firearmMake,
      firearmModel: f.firearmModel,
      serialNumber: f.serialNumber,
      firearmCaliber: f.firearmCaliber,
      firearmType: f.firearmType,
      serviceType: f.serviceType,
      description: f.description,
      estimatedCostCents: 0,
      returnName: name,
      customerAddress: compactAddress(customer.address ?? undefined),
      returnAddress: compactAddress(customer.address ?? undefined),
      shippingSelected: true,
      taxRatePpm,
      ...(minimumServiceFeeCents > 0 ? { minimumServiceFeeCents } : {}),
    },
    { invoiceId: uuid(), at },
  )
  const next = receivedOrder(base, { ...f, conditionNotes: null, itemsReceived: null, inboundTrackingNumber: null }, { adminId, when })
  // The customer is not told: the firearm has been in the shop all along, only its record is new here.
  const history = staffUpdate({ order: next, status: next.currentStatus, notes: `${m.historyNote(fileName)} Firearm received on ${f.receivedOn}.`, userId: adminId, at })
  // The entry number of the attempt that committed (a retry builds again on the next number).
  let lineNumber = 0
  const order = await commitIntake(deps, base, next, {
    actor,
    at,
    created: true,
    extras: { putUpdates: [history] },
    audit: (n) => {
      lineNumber = n
      return [orderAudit({ actor, action: 'order.receive_firearm', summary: `${m.historyNote(fileName)} Received the firearm (A&D entry ${n}): ${describeFirearm(next)}` }, null, next, at)]
    },
  })
  return { order, lineNumber }
}

/** "5-7, 9": entry numbers as a short list. */
function ranges(numbers: number[]): string {
  const sorted = [...numbers].sort((a, b) => a - b)
  const parts: string[] = []
  for (let i = 0; i < sorted.length; i++) {
    let j = i
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : `${sorted[i]}`)
    i = j
  }
  return parts.join(', ')
}

function importAudit(actor: Actor, fileName: string, rowCount: number, written: BookImportRow[], at: string) {
  return auditEvent({
    actor,
    action: 'book.import',
    at,
    summary: `Imported ${written.length} of ${rowCount} firearms in custody from "${fileName}" into the A&D book: entries ${ranges(written.map((w) => w.entry!.lineNumber))}`,
    changes: written.map((w) => ({ field: `Row ${w.row}`, before: '', after: `Entry ${w.entry!.lineNumber}: ${w.manufacturer} ${w.model}, serial ${w.serialNumber} (${w.entry!.orderNumber})` })),
  })
}
