import { HISTORY_EVENTS, TIMELINE, needsApproval, timelinePosition } from '@gs/shared/statuses';
import type { Order, StatusUpdate } from './types';

export type TimelineStepState = 'done' | 'current' | 'skipped' | 'upcoming';

export interface TimelineStep {
  status: (typeof TIMELINE)[number]['status'];
  label: string;
  progress: number;
  state: TimelineStepState;
}

export interface TimelineView {
  /** Index (0-7) of the current step. */
  index: number;
  progress: number;
  steps: TimelineStep[];
  /** Steps before the current one that the loaded history does not show, while older history exists: read it before trusting 'skipped'. */
  needsOlderHistory: boolean;
}

export const APPROVAL_STEP = TIMELINE.findIndex((s) => s.status === 'approval_needed');
const SHIPPED_STEP = TIMELINE.findIndex((s) => s.status === 'shipped');

/** History events that mean the order was waiting for the customer's answer on extra costs. */
const APPROVAL_EVENTS: readonly string[] = [
  HISTORY_EVENTS.approvalRequested,
  HISTORY_EVENTS.approvalWithdrawn,
  HISTORY_EVENTS.costsApproved,
  HISTORY_EVENTS.costsRejected,
];
const OTHER_EVENTS: readonly string[] = Object.values(HISTORY_EVENTS).filter((e) => !APPROVAL_EVENTS.includes(e));

/** A request of the shop the customer has not answered yet. */
export const awaitingApproval = (order: Pick<Order, 'approvalRequests' | 'additionalCostApprovalStatus' | 'additionalCostCents'>) =>
  order.approvalRequests.some((r) => r.status === 'pending') || needsApproval(order);

/** The timeline step a history entry shows the order at, or null (a note, an event that keeps the status). */
function stepOfEntry(update: StatusUpdate): number | null {
  if (update.isCustomerNote) return null;
  if (APPROVAL_EVENTS.includes(update.status)) return APPROVAL_STEP;
  if (OTHER_EVENTS.includes(update.status)) return null;
  return timelinePosition(update.status).index;
}

/**
 * The customer's 8-step timeline, following the work (docs/business-rules.md, "The customer's timeline"): the
 * current step, completed steps only where the history shows the order there (else skipped), upcoming steps after.
 * `history` is what the SPA has read; with `historyComplete` false, `needsOlderHistory` says to read the older pages
 * (until then such a step reads skipped, never completed on a guess).
 */
export function timelineView(
  order: Pick<Order, 'currentStatus' | 'approvalRequests' | 'additionalCostApprovalStatus' | 'additionalCostCents'>,
  history: readonly StatusUpdate[],
  historyComplete: boolean,
): TimelineView {
  const statusIndex = timelinePosition(order.currentStatus).index;
  const index = awaitingApproval(order) && statusIndex < SHIPPED_STEP ? APPROVAL_STEP : statusIndex;

  const reached = new Set<number>([0]);
  for (const update of history) {
    const step = stepOfEntry(update);
    if (step !== null) reached.add(step);
  }
  if (order.approvalRequests.length > 0) reached.add(APPROVAL_STEP);

  const steps = TIMELINE.map((step, i): TimelineStep => {
    const state: TimelineStepState = i === index ? 'current' : i > index ? 'upcoming' : reached.has(i) ? 'done' : 'skipped';
    return { status: step.status, label: step.label, progress: step.progress, state };
  });
  return {
    index,
    progress: TIMELINE[index].progress,
    steps,
    needsOlderHistory: !historyComplete && steps.some((s) => s.state === 'skipped'),
  };
}
