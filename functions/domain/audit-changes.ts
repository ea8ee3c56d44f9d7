import { formatCents } from '@gs/shared/money'
import { statusLabel } from '@gs/shared/statuses'
import { auditEvent, clip, MAX_CHANGES, type Actor, type AuditAction, type AuditChange, type AuditEvent } from './audit.ts'
import { invoiceOf, type Order } from './order.ts'

/**
 * The staff audit log's readable differences (docs/business-rules.md): an order's before → after, a customer's,
 * the settings'. Loaded when a record is written (audit-resolve.ts resolveAudit) or by the customer and
 * settings writes, never at a route's cold start.
 */

/** A record with its order difference (`diff`) turned into changes, in front of the ones it had. */
export function withOrderChanges({ diff, ...e }: AuditEvent): AuditEvent {
  if (!diff) return e
  const changes = [...orderChanges(diff.before, diff.after), ...e.changes].slice(0, MAX_CHANGES)
  return { ...e, changes: changes.map((c) => ({ field: c.field, before: clip(c.before), after: clip(c.after) })) }
}

type Formatter = (v: unknown) => string

/** Plain text; a yes/no for a flag; an object (an address) as its values joined. */
const text: Formatter = (v) =>
  v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : typeof v === 'number' || typeof v === 'boolean' ? yesNo(v) : Array.isArray(v) ? v.map(text).join('; ') : Object.values(v as object).map(text).filter(Boolean).join(', ')
const money: Formatter = (v) => (typeof v === 'number' ? formatCents(v) : '')
const yesNo = (v: unknown) => (v === true ? 'Yes' : v === false ? 'No' : String(v))
const bool: Formatter = (v) => (v === undefined || v === null ? '' : yesNo(v))
const status: Formatter = (v) => (typeof v === 'string' && v ? statusLabel(v) : '')
/** The intake as people read it (not its bookkeeping: who recorded it, the A&D entry id). */
const intake: Formatter = (v) => {
  const i = v as Order['intake']
  if (!i) return ''
  const from = [i.fromName, i.fromLicense ? `FFL ${i.fromLicense}` : '', i.fromAddress].filter(Boolean).join(', ')
  return [`Received ${i.receivedOn} from ${from}`, i.conditionNotes ? `condition: ${i.conditionNotes}` : '', i.itemsReceived ? `came with: ${i.itemsReceived}` : ''].filter(Boolean).join('; ')
}
/** The release as people read it. */
const release: Formatter = (v) => {
  const r = v as Order['release']
  if (!r) return ''
  const to = [r.toName, r.toLicense ? `FFL ${r.toLicense}` : '', r.toAddress].filter(Boolean).join(', ')
  return `${r.method === 'ship' ? `Shipped ${r.releasedOn} by ${r.carrier ?? ''} (${r.trackingNumber ?? ''})` : `Picked up ${r.releasedOn}`} to ${to}`
}

/** Order fields people read, in the order a record lists them, with their labels and formats. */
const ORDER_FIELDS: ReadonlyArray<readonly [keyof Order & string, string, Formatter]> = [
  ['currentStatus', 'Status', status],
  ['customerName', 'Customer', text],
  ['customerEmail', 'Customer email', text],
  ['customerPhone', 'Customer phone', text],
  ['firearmMake', 'Make', text],
  ['firearmModel', 'Model', text],
  ['serialNumber', 'Serial number', text],
  ['firearmCaliber', 'Caliber', text],
  ['firearmType', 'Firearm type', text],
  ['firearmImporter', 'Importer', text],
  ['intake', 'Intake', intake],
  ['release', 'Release', release],
  ['returnName', 'Return name', text],
  ['returnAddress', 'Return address', text],
  ['promisedDate', 'Promised date', text],
  ['assignedToName', 'Assigned to', text],
  ['serviceType', 'Service type', text],
  ['description', 'Description', text],
  ['estimatedCostCents', 'Estimated cost', money],
  ['serviceCostCents', 'Service cost', money],
  ['inboundTrackingNumber', 'Inbound tracking', text],
  ['outboundTrackingNumber', 'Outbound tracking', text],
  ['shippingSelected', 'Return shipping', bool],
  ['isArchived', 'Archived', bool],
  ['isDeleted', 'Deleted', bool],
  ['amountPaidCents', 'Amount paid', money],
  ['adjustmentsCents', 'Adjustments', money],
  ['creditCents', 'Credit', money],
  ['refundedCents', 'Refunded', money],
  ['disputedCents', 'Disputed', money],
]

/** Bookkeeping the record leaves out (versions, times, ids, derived invoice fields, a checkout's state). */
const NOT_AUDITED = new Set<string>([
  'orderId',
  'orderNumber',
  'customerId',
  'version',
  'createdAt',
  'updatedAt',
  'invoiceLastUpdated',
  'storedInvoice',
  'openCheckout',
  'archivedAt',
  'deletedAt',
  'invoiceId',
  'invoiceNumber',
  'taxRatePpm',
  'lines',
  'approvalRequests',
  // What the receivables counters counted the stored order with: derived, never edited.
  'receivableCents',
  // The status as read and the A&D book's missing list: derived from the status and the intake, which are recorded.
  'storedStatus',
  'missingFromBook',
  // The assignee's id (their name is recorded), when the work first became ready, the dashboard buckets: derived or bookkeeping.
  'assignedTo',
  'readyAt',
  'workCounted',
])

/** "returnAddress" → "Return address"; a `…Cents` field is money. */
const labelOf = (key: string) => {
  const words = key.replace(/Cents$/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const lineText = (l: { name: string; quantity: number; unitCents: number }) => `${l.name} × ${l.quantity} at ${formatCents(l.unitCents)}`
const requestText = (r: Order['approvalRequests'][number]) => `${r.reason} (${formatCents(r.lines.reduce((s, l) => s + l.unitCents * l.quantity, 0))})`
const REQUEST_STATUS: Record<string, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', withdrawn: 'Withdrawn' }

/**
 * What changed between two versions of an order, readable: the known fields with their labels and
 * formats, then any other field (a field added later is recorded under its name, `…Cents` as money),
 * (a new order: its filled-in fields, without the defaults false and 0),
 * lines added and removed, approval requests asked and decided, and the invoice total and balance due
 * when they moved. `before` null: the order was created (its set fields, from nothing).
 */
export function orderChanges(before: Order | null, after: Order | null): AuditChange[] {
  const b = (before ?? {}) as unknown as Record<string, unknown>
  const a = (after ?? {}) as unknown as Record<string, unknown>
  const out: AuditChange[] = []
  const push = (field: string, fmt: Formatter, x: unknown, y: unknown) => {
    const [was, now] = [fmt(x), fmt(y)]
    // A new order lists what was filled in, not its defaults (no, none, $0.00).
    if (!before && (y === false || y === 0)) return
    if (was !== now) out.push({ field, before: was, after: now })
  }
  const known = new Set<string>(ORDER_FIELDS.map(([k]) => k))
  for (const [key, label, fmt] of ORDER_FIELDS) push(label, fmt, b[key], a[key])
  for (const key of [...new Set([...Object.keys(b), ...Object.keys(a)])].sort()) {
    if (known.has(key) || NOT_AUDITED.has(key)) continue
    push(labelOf(key), key.endsWith('Cents') ? money : text, b[key], a[key])
  }
  const linesBefore = new Map((before?.lines ?? []).map((l) => [l.lineId, l]))
  const linesAfter = new Map((after?.lines ?? []).map((l) => [l.lineId, l]))
  for (const [id, l] of linesBefore) if (!linesAfter.has(id)) out.push({ field: 'Line', before: lineText(l), after: '' })
  for (const [id, l] of linesAfter) {
    const was = linesBefore.get(id)
    if (!was || lineText(was) !== lineText(l)) out.push({ field: 'Line', before: was ? lineText(was) : '', after: lineText(l) })
  }
  const requestsBefore = new Map((before?.approvalRequests ?? []).map((r) => [r.requestId, r]))
  for (const r of after?.approvalRequests ?? []) {
    const was = requestsBefore.get(r.requestId)
    if (!was) out.push({ field: 'Approval request', before: '', after: `${REQUEST_STATUS[r.status] ?? r.status}: ${requestText(r)}` })
    else if (was.status !== r.status) out.push({ field: 'Approval request', before: `${REQUEST_STATUS[was.status] ?? was.status}: ${requestText(was)}`, after: `${REQUEST_STATUS[r.status] ?? r.status}: ${requestText(r)}` })
  }
  if (before && after) {
    const [ib, ia] = [invoiceOf(before), invoiceOf(after)]
    push('Invoice total', money, ib.totalCents, ia.totalCents)
    push('Balance due', money, ib.balanceDueCents, ia.balanceDueCents)
  }
  return out
}

/** What changed between two plain records (a profile, the settings), over the given fields and labels. */
export function fieldChanges<T extends object>(before: Partial<T> | null, after: Partial<T> | null, fields: ReadonlyArray<readonly [keyof T & string, string, ((v: unknown) => string)?]>): AuditChange[] {
  const out: AuditChange[] = []
  for (const [key, label, fmt = text] of fields) {
    // Something new lists what was filled in, not its defaults (no, none, 0).
    if (!before && (after?.[key] === false || after?.[key] === 0)) continue
    const [was, now] = [fmt(before?.[key]), fmt(after?.[key])]
    if (was !== now) out.push({ field: label, before: was, after: now })
  }
  return out
}

export const formatters = { text, money, bool, status }

/** A customer's fields as the audit records them (profiles: names, contact, address, flags). */
const CUSTOMER_FIELDS = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['address', 'Address'],
  ['enableSmsNotifications', 'SMS notifications', bool],
  ['emailOptionalNotifications', 'Optional emails', bool],
  ['isArchived', 'Archived', bool],
] as const

/** What changed of a customer (null before: created). */
export function customerChanges(before: object | null, after: object | null): AuditChange[] {
  return fieldChanges(before as Record<string, unknown> | null, after as Record<string, unknown> | null, CUSTOMER_FIELDS as unknown as ReadonlyArray<readonly [string, string, Formatter?]>)
}

/** The audit record of a change to a customer (no order): listed under the customer. */
export function customerAudit({ actor, action, summary, customerId, before, after }: { actor: Actor; action: AuditAction; summary: string; customerId: string; before: object | null; after: object | null }): AuditEvent {
  return auditEvent({ actor, action, summary, customerId, changes: customerChanges(before, after) })
}

/** The shop settings as the audit records them. */
const SETTINGS_FIELDS = [
  ['businessName', 'Business name'],
  ['phone', 'Phone'],
  ['email', 'Email'],
  ['address', 'Address'],
  ['defaultTaxRate', 'Tax rate', (v: unknown) => (typeof v === 'number' ? `${v}%` : '')],
  ['laborRateCents', 'Labor rate', money],
  ['minimumServiceFeeCents', 'Minimum service fee', money],
] as const

/** The audit record of a settings save (no order, no customer: kept under the shop). */
export function settingsAudit(actor: Actor, before: object, after: object): AuditEvent {
  return auditEvent({
    actor,
    action: 'settings.save',
    summary: 'Saved the settings',
    changes: fieldChanges(before as Record<string, unknown>, after as Record<string, unknown>, SETTINGS_FIELDS as unknown as ReadonlyArray<readonly [string, string, Formatter?]>),
  })
}
