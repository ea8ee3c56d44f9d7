import { adminMessages as m } from '@gs/shared/admin-messages'
import {
  CUSTOMER_APPROVED_NOTE,
  isRequestableLine,
  laborLineCents,
  lineState,
  MAX_LINE_TOTAL_CENTS,
  MAX_LINES_PER_ORDER,
  MAX_REQUESTS_PER_ORDER,
  requestAmounts,
  type ApprovalRequest,
  type ExtraLine,
} from '@gs/shared/invoice'
import { formatCents } from '@gs/shared/money'
import { LINE_KIND_OF_TYPE, serviceTypeMessages, type ServiceType } from '@gs/shared/service-types'
import { orderMessages } from '@gs/shared/order-messages'
import type { AddLineInput } from '@gs/shared/schemas/admin-orders'
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts'
import { invoiceOf, type Order } from './order.ts'

/**
 * The rules of extra work and its approval (docs/business-rules.md "Money"), as pure changes of
 * an Order: each returns the next order or throws, and changes nothing when it throws.
 */

interface Stamp {
  at: string
  by: string
}

/**
 * A line as the server priced it (resolveLine): its amount decided, labor by the hour as hours × rate
 * (laborLineCents), the service type's kind and taxability when picked from the price list.
 */
export type LineSpec = Pick<ExtraLine, 'kind' | 'name' | 'description' | 'unitCents' | 'quantity' | 'needsApproval' | 'hoursHundredths' | 'rateCents' | 'taxable' | 'serviceTypeId'>

/**
 * Prices one line of the form: from the price list entry when one is picked (its kind and taxable; an inactive
 * or unknown type is refused), by the hour at `laborRateCents` (the shop's rate now) unless the line names its own
 * rate. The amount is the shared calculator's, stored on the line: a later rate change never changes it.
 */
export function resolveLine(input: AddLineInput, { laborRateCents, type }: { laborRateCents: number; type?: ServiceType | null }): LineSpec {
  if (input.serviceTypeId !== undefined && !type) throw new ValidationError(m.serviceTypeInvalid, { serviceTypeId: m.serviceTypeInvalid })
  if (type && !type.active) throw new ValidationError(serviceTypeMessages.inactive, { serviceTypeId: serviceTypeMessages.inactive })
  const kind = type ? LINE_KIND_OF_TYPE[type.kind] : input.kind
  const base = {
    kind,
    name: input.name,
    ...(input.description ? { description: input.description } : {}),
    needsApproval: input.needsApproval,
    ...(type ? { taxable: type.taxable, serviceTypeId: type.id } : {}),
  }
  if (input.hoursHundredths === undefined) return { ...base, unitCents: input.unitCents ?? 0, quantity: input.quantity }
  if (kind !== 'labor') throw new ValidationError(m.hoursOnlyLabor, { hoursHundredths: m.hoursOnlyLabor })
  const rateCents = input.rateCents ?? laborRateCents
  const unitCents = laborLineCents(input.hoursHundredths, rateCents)
  if (unitCents > MAX_LINE_TOTAL_CENTS) throw new ValidationError(m.lineTotalTooLarge, { hoursHundredths: m.lineTotalTooLarge })
  return { ...base, unitCents, quantity: 1, hoursHundredths: input.hoursHundredths, rateCents }
}

function newLine(input: LineSpec, lineId: string, { at, by }: Stamp, needsApproval = input.needsApproval): ExtraLine {
  return {
    lineId,
    kind: input.kind,
    name: input.name,
    ...(input.description ? { description: input.description } : {}),
    unitCents: input.unitCents,
    quantity: input.quantity,
    ...(input.hoursHundredths !== undefined ? { hoursHundredths: input.hoursHundredths, rateCents: input.rateCents } : {}),
    ...(input.taxable !== undefined ? { taxable: input.taxable } : {}),
    ...(input.serviceTypeId ? { serviceTypeId: input.serviceTypeId } : {}),
    needsApproval,
    createdAt: at,
    createdBy: by,
  }
}

function assertRoomForLines(order: Order, added: number) {
  if (order.lines.length + added > MAX_LINES_PER_ORDER) throw new ValidationError(m.tooManyLines, { lines: m.tooManyLines })
}

/**
 * Nothing a change does may bring the total below what the customer has paid: money is never
 * silently turned into an overpayment. (Refunds are the way to give money back.)
 */
export function assertCoversPaid(next: Order, field = 'total') {
  const { totalCents } = invoiceOf(next)
  if (totalCents < next.amountPaidCents) {
    const message = m.totalBelowPaid(totalCents, next.amountPaidCents)
    throw new ValidationError(message, { [field]: message })
  }
}

/** A line of extra work; billed at once unless it needs the customer's approval (then it waits for a request). */
export function addLine(order: Order, input: LineSpec, lineId: string, stamp: Stamp): Order {
  assertRoomForLines(order, 1)
  return { ...order, lines: [...order.lines, newLine(input, lineId, stamp)] }
}

/** Removes a line that is not waiting for the customer's answer; the total must still cover what was paid. */
export function removeLine(order: Order, lineId: string): Order {
  const line = order.lines.find((l) => l.lineId === lineId)
  if (!line) throw new NotFoundError(m.lineNotFound)
  if (lineState(line, order.approvalRequests) === 'pending') throw new ConflictError(m.lineAwaitingApproval)
  const next = { ...order, lines: order.lines.filter((l) => l.lineId !== lineId) }
  assertCoversPaid(next)
  return next
}

const pendingRequest = (order: Order) => order.approvalRequests.find((r) => r.status === 'pending')

/**
 * Asks the customer to approve lines that are not billed yet (drafts, lines of a rejected or withdrawn
 * request, or new ones): they stay unbilled until approved. Billed lines are never put in a request,
 * so a new request never un-bills anything. One request waits for an answer at a time.
 */
export function requestApproval(
  order: Order,
  { reason, lineIds, lines, requestId, newLineIds }: { reason: string; lineIds: readonly string[]; lines: readonly LineSpec[]; requestId: string; newLineIds: readonly string[] },
  stamp: Stamp,
): { order: Order; request: ApprovalRequest } {
  if (pendingRequest(order)) throw new ConflictError(m.approvalAlreadyPending)
  if (order.approvalRequests.length >= MAX_REQUESTS_PER_ORDER) throw new ValidationError(m.tooManyRequests)
  const wanted = new Set(lineIds)
  for (const id of wanted) {
    const line = order.lines.find((l) => l.lineId === id)
    if (!line) throw new ValidationError(m.lineNotFound, { lineIds: m.lineNotFound })
    if (!isRequestableLine(lineState(line, order.approvalRequests))) throw new ValidationError(m.lineNotRequestable, { lineIds: m.lineNotRequestable })
  }
  assertRoomForLines(order, lines.length)
  const added = lines.map((input, i) => ({ ...newLine(input, newLineIds[i], stamp, true), requestId }))
  const nextLines = [...order.lines.map((l) => (wanted.has(l.lineId) ? { ...l, needsApproval: true, requestId } : l)), ...added]
  const asked = nextLines.filter((l) => l.requestId === requestId)
  const request: ApprovalRequest = {
    requestId,
    reason,
    status: 'pending',
    lines: asked.map(({ lineId, kind, name, unitCents, quantity, hoursHundredths, rateCents, taxable }) => ({
      lineId,
      kind,
      name,
      unitCents,
      quantity,
      ...(hoursHundredths !== undefined ? { hoursHundredths, rateCents } : {}),
      ...(taxable !== undefined ? { taxable } : {}),
    })),
    requestedAt: stamp.at,
    requestedBy: stamp.by,
  }
  if (requestAmounts(request.lines, order.taxRatePpm).totalCents <= 0) {
    throw new ValidationError(m.approvalAmountZero, { lineIds: m.approvalAmountZero })
  }
  return { order: { ...order, lines: nextLines, approvalRequests: [...order.approvalRequests, request] }, request }
}

function decidePending(order: Order, requestId: string | undefined, change: (r: ApprovalRequest) => ApprovalRequest, notPending: string): Order {
  const pending = pendingRequest(order)
  if (!pending || (requestId && pending.requestId !== requestId)) throw new ConflictError(notPending)
  return { ...order, approvalRequests: order.approvalRequests.map((r) => (r.requestId === pending.requestId ? change(r) : r)) }
}

/** The customer's answer to the pending request: approved lines are billed, rejected ones never are. */
export function decideRequest(order: Order, { decision, reason, requestId }: { decision: 'approve' | 'reject'; reason?: string; requestId?: string }, { at, by }: Stamp): Order {
  return decidePending(
    order,
    requestId,
    (r) => (decision === 'approve' ? { ...r, status: 'approved', decidedAt: at, decidedBy: by } : { ...r, status: 'rejected', decidedAt: at, decidedBy: by, rejectionReason: reason }),
    orderMessages.noPendingApproval,
  )
}

/** Staff take back a request the customer has not answered: its lines are drafts again. */
export function withdrawRequest(order: Order, requestId: string, { at, by }: Stamp): Order {
  if (!order.approvalRequests.some((r) => r.requestId === requestId)) throw new NotFoundError(m.requestNotFound)
  return decidePending(order, requestId, (r) => ({ ...r, status: 'withdrawn', decidedAt: at, decidedBy: by }), m.requestNotPending)
}

/** The history note of a decision, as the customer wrote it. */
export const decisionNote = (decision: 'approve' | 'reject', reason?: string) => (decision === 'approve' ? CUSTOMER_APPROVED_NOTE : orderMessages.customerRejected(reason ?? ''))

export const requestNote = (order: Order, request: ApprovalRequest) => m.approvalRequestedNote(formatCents(requestAmounts(request.lines, order.taxRatePpm).totalCents), request.reason)
