import type { ApprovalRequest, ExtraLine } from '@gs/shared/invoice'
import type { ApprovalStatus } from '@gs/shared/statuses'

/**
 * Orders stored before extra work was itemized carry one additional cost with one approval
 * status, a parts total and separate part items. This reads them as lines and requests that
 * bill exactly what the old calculator billed: the parts (or, without parts, the additional
 * cost) as taxable lines, billed unless the approval was pending or rejected. The next write
 * of the order stores the new shape; nothing is migrated in place.
 */
export interface LegacyFields {
  createdAt: string
  updatedAt?: string
  additionalCostCents?: number
  additionalCostReason?: string
  additionalCostApprovalStatus?: ApprovalStatus
  additionalCostApprovalDate?: string
  additionalCostApprovalNote?: string
  additionalCostRejectionReason?: string
  partsTotalCents?: number
  partsCount?: number
}

export interface LegacyPart {
  partId: string
  partName: string
  partDescription?: string
  partCostCents: number
  quantity: number
  createdAt: string
  createdBy: string
}

export const LEGACY_REQUEST_ID = 'legacy-request'

export function itemizeLegacy(o: LegacyFields, parts: readonly LegacyPart[] | null): { lines: ExtraLine[]; approvalRequests: ApprovalRequest[] } {
  const approval = o.additionalCostApprovalStatus ?? 'not_required'
  const asked = approval !== 'not_required'
  const common = { kind: 'part' as const, needsApproval: asked, ...(asked ? { requestId: LEGACY_REQUEST_ID } : {}) }
  let lines: ExtraLine[] = []
  if ((o.partsCount ?? 0) > 0 && parts?.length) {
    lines = parts.map((p) => ({ ...common, lineId: p.partId, name: p.partName, ...(p.partDescription ? { description: p.partDescription } : {}), unitCents: p.partCostCents, quantity: p.quantity, createdAt: p.createdAt, createdBy: p.createdBy }))
  } else if ((o.partsCount ?? 0) > 0 && (o.partsTotalCents ?? 0) > 0) {
    // The part items were not read (a list): one line with their total bills the same.
    lines = [{ ...common, lineId: 'legacy-parts', name: 'Parts', unitCents: o.partsTotalCents ?? 0, quantity: 1, createdAt: o.createdAt, createdBy: 'system' }]
  } else if (!(o.partsCount ?? 0) && (o.additionalCostCents ?? 0) > 0) {
    lines = [{ ...common, lineId: 'legacy-additional', name: o.additionalCostReason || 'Additional cost', unitCents: o.additionalCostCents ?? 0, quantity: 1, createdAt: o.createdAt, createdBy: 'system' }]
  }
  if (!asked) return { lines, approvalRequests: [] }
  const request: ApprovalRequest = {
    requestId: LEGACY_REQUEST_ID,
    reason: o.additionalCostApprovalNote || o.additionalCostReason || 'Additional costs',
    status: approval,
    lines: lines.map(({ lineId, kind, name, unitCents, quantity }) => ({ lineId, kind, name, unitCents, quantity })),
    requestedAt: o.createdAt,
    requestedBy: 'system',
    ...(o.additionalCostApprovalDate ? { decidedAt: o.additionalCostApprovalDate } : {}),
    ...(o.additionalCostRejectionReason ? { rejectionReason: o.additionalCostRejectionReason } : {}),
  }
  return { lines, approvalRequests: [request] }
}

/** Whether a stored order item predates itemized lines, and needs its part items to be read as lines. */
export const isLegacy = (i: { lines?: unknown }) => i.lines === undefined
export const needsLegacyParts = (i: { lines?: unknown; partsCount?: number }) => isLegacy(i) && (i.partsCount ?? 0) > 0
