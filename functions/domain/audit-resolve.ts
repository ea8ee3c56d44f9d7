import type { AuditEvent } from './audit.ts'

/**
 * The records ready to store: an order's difference (`diff`) turned into readable changes, with the diff code
 * (audit-changes.ts) loaded here, on the first write that needs it (not in any route's cold start).
 */
export async function resolveAudit(events: readonly AuditEvent[] | undefined): Promise<AuditEvent[]> {
  if (!events?.length) return []
  if (!events.some((e) => e.diff)) return [...events]
  const { withOrderChanges } = await import('./audit-changes.ts')
  return events.map(withOrderChanges)
}
