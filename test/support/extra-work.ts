import type { ApprovalRequest, ExtraLine, LineKind, RequestStatus } from '../../shared/src/invoice.ts'

/**
 * Extra work for test orders, as the domain stores it (shared/src/invoice.ts). `billedExtra(2000)`
 * bills what the old single "additional cost" of 20.00 billed: one taxable part line.
 */
let n = 0
const at = '2026-01-01T00:00:00.000Z'

export function line(unitCents: number, over: Partial<ExtraLine> = {}): ExtraLine {
  n += 1
  return { lineId: `line-${n}`, kind: 'part' as LineKind, name: `Line ${n}`, unitCents, quantity: 1, needsApproval: false, createdAt: at, createdBy: 'admin', ...over }
}

/** Lines billed at once (no approval needed). */
export const billedExtra = (cents: number, over: Partial<ExtraLine> = {}) => ({ lines: [line(cents, over)], approvalRequests: [] as ApprovalRequest[] })

/** One line in one approval request with the given status (pending: not billed yet; approved: billed; rejected: never billed). */
export function requestedExtra(cents: number, status: RequestStatus, reason = 'Replacement parts', over: Partial<ApprovalRequest> = {}) {
  n += 1
  const requestId = `request-${n}`
  const l = line(cents, { needsApproval: true, requestId })
  const request: ApprovalRequest = {
    requestId,
    reason,
    status,
    lines: [{ lineId: l.lineId, kind: l.kind, name: l.name, unitCents: l.unitCents, quantity: l.quantity }],
    requestedAt: at,
    requestedBy: 'admin',
    ...(status === 'approved' || status === 'rejected' ? { decidedAt: '2026-01-02T00:00:00.000Z' } : {}),
    ...over,
  }
  return { lines: [l], approvalRequests: [request] }
}
