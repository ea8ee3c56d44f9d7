import { approvalBanner } from '@gs/shared/statuses';
import type { Order } from '../types';

const tones = {
  approved: 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-100',
  rejected: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100',
  pending: 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100',
} as const;

/** The additional-cost banner (shown only for a cost above 0 with a decision asked or made). */
export function ApprovalBanner({
  order,
  className = '',
}: {
  order: Pick<Order, 'additionalCostApprovalStatus' | 'additionalCostCents'>;
  className?: string;
}) {
  const text = approvalBanner(order.additionalCostApprovalStatus, order.additionalCostCents);
  const status = order.additionalCostApprovalStatus;
  if (!text || (status !== 'approved' && status !== 'rejected' && status !== 'pending')) return null;
  return (
    <p data-testid="approval-banner" data-status={status} className={`rounded-lg border px-3 py-2 text-sm font-medium ${tones[status]} ${className}`}>
      {text}
    </p>
  );
}
