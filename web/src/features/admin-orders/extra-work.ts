import { formatDate } from '@gs/shared/dates';
import { billedExtraCents, isRequestableLine, LINE_STATE_LABELS, REQUEST_STATUS_LABELS, type LineState, type RequestStatus } from '@gs/shared/invoice';
import { formatCents } from '@gs/shared/money';
import type { BadgeColor } from '@gs/shared/statuses';
import type { AdminOrder, ApprovalRequest, ExtraLine } from './types';

const badges = <K extends string>(labels: Record<K, string>, tones: Record<K, BadgeColor>) =>
  Object.fromEntries(Object.entries<string>(labels).map(([k, label]) => [k, { label, tone: tones[k as K] }])) as Record<K, { label: string; tone: BadgeColor }>;

/** How staff read a line's state (the server decides it; these are only its words and colours). */
export const LINE_STATE_BADGES = badges<LineState>(LINE_STATE_LABELS, { billed: 'success', draft: 'grey', pending: 'warning', rejected: 'red' });

export const REQUEST_STATUS_BADGES = badges<RequestStatus>(REQUEST_STATUS_LABELS, { pending: 'warning', approved: 'success', rejected: 'red', withdrawn: 'grey' });

/** Lines that can go into a new approval request: the server's rule (shared/src/invoice.ts). */
export const isRequestable = (line: Pick<ExtraLine, 'state'>) => isRequestableLine(line.state);

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
