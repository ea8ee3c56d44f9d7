import { formatDate } from '@gs/shared/dates';
import type { LineState, RequestStatus } from '@gs/shared/invoice';
import { formatCents } from '@gs/shared/money';
import type { BadgeColor } from '@gs/shared/statuses';
import { billedExtraCents } from '@gs/shared/invoice';
import type { AdminOrder, ApprovalRequest, ExtraLine } from './types';

/** How staff read a line's state (the server decides it; these are only its words and colours). */
export const LINE_STATE_BADGES: Record<LineState, { label: string; tone: BadgeColor }> = {
  billed: { label: 'Billed', tone: 'success' },
  draft: { label: 'Draft — needs approval', tone: 'grey' },
  pending: { label: 'Awaiting approval', tone: 'warning' },
  rejected: { label: 'Rejected', tone: 'red' },
};

export const REQUEST_STATUS_BADGES: Record<RequestStatus, { label: string; tone: BadgeColor }> = {
  pending: { label: 'Awaiting answer', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'red' },
  withdrawn: { label: 'Withdrawn', tone: 'grey' },
};

/** Lines that can go into a new approval request: not billed, not already waiting for an answer. */
export const isRequestable = (line: Pick<ExtraLine, 'state'>) => line.state === 'draft' || line.state === 'rejected';

export const pendingRequestOf = (order: Pick<AdminOrder, 'approvalRequests'>): ApprovalRequest | undefined =>
  order.approvalRequests.find((r) => r.status === 'pending');

const sum = (lines: readonly ExtraLine[]) => lines.reduce((total, l) => total + l.lineTotalCents, 0);

/**
 * The order's extra work in one line, by state and request:
 * "Billed $61.00 · Awaiting approval $45.00 (request of Nov 3, 2026) · Rejected $20.00 (request of Nov 1, 2026)".
 */
export function extraWorkBreakdown(order: Pick<AdminOrder, 'invoice' | 'lines' | 'approvalRequests'>): string[] {
  const parts = [`Billed ${formatCents(billedExtraCents(order.invoice))}`];
  const byRequest = (state: 'pending' | 'rejected', label: string) => {
    const lines = order.lines.filter((l) => l.state === state);
    const ids = [...new Set(lines.map((l) => l.requestId))];
    for (const id of ids) {
      const request = order.approvalRequests.find((r) => r.id === id);
      const cents = sum(lines.filter((l) => l.requestId === id));
      parts.push(`${label} ${formatCents(cents)}${request ? ` (request of ${formatDate(request.requestedAt)})` : ''}`);
    }
  };
  byRequest('pending', 'Awaiting approval');
  byRequest('rejected', 'Rejected');
  const drafts = order.lines.filter((l) => l.state === 'draft');
  if (drafts.length > 0) parts.push(`Draft ${formatCents(sum(drafts))} (not requested yet)`);
  return parts;
}
