import { useId, useState, type FormEvent } from 'react';
import { formatDateTime } from '@gs/shared/dates';
import { formatCents } from '@gs/shared/money';
import { orderMessages } from '@gs/shared/order-messages';
import { showApprovalPanel } from '@gs/shared/statuses';
import { Button } from '../../../components/ui/button';
import { useDecideApproval } from '../api/decide-approval';
import type { Order } from '../types';
import { ApprovalBanner } from './approval-banner';

export const APPROVE_FAILED = 'Failed to approve costs. Please try again.';
export const REJECT_FAILED = 'Failed to reject costs. Please try again.';

/** The customer's answer to an additional-cost request; hidden unless one was asked for a cost above 0. */
export function ApprovalPanel({ order }: { order: Order }) {
  const headingId = useId();
  const reasonId = useId();
  const decide = useDecideApproval();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!showApprovalPanel(order.additionalCostApprovalStatus, order.additionalCostCents)) return null;
  const status = order.additionalCostApprovalStatus;

  const approve = () => {
    setError(null);
    decide.mutate({ orderId: order.id, decision: 'approve' }, { onError: () => setError(APPROVE_FAILED) });
  };

  const reject = (event: FormEvent) => {
    event.preventDefault();
    const why = reason.trim();
    if (!why) {
      setError(orderMessages.rejectionReasonRequired);
      return;
    }
    setError(null);
    decide.mutate(
      { orderId: order.id, decision: 'reject', reason: why },
      {
        onSuccess: () => {
          setRejecting(false);
          setReason('');
        },
        onError: () => setError(REJECT_FAILED),
      },
    );
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900"
    >
      <h3 id={headingId} className="text-base font-semibold">
        Additional Costs Approval
      </h3>
      <ApprovalBanner order={order} className="mt-3" />
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-slate-600 dark:text-slate-400">Amount</dt>
        <dd className="font-semibold">{formatCents(order.additionalCostCents)}</dd>
        {order.additionalCostReason ? (
          <>
            <dt className="text-slate-600 dark:text-slate-400">Reason</dt>
            <dd>{order.additionalCostReason}</dd>
          </>
        ) : null}
        {status !== 'pending' && order.additionalCostApprovalDate ? (
          <>
            <dt className="text-slate-600 dark:text-slate-400">{status === 'approved' ? 'Approved on' : 'Rejected on'}</dt>
            <dd>{formatDateTime(order.additionalCostApprovalDate)}</dd>
          </>
        ) : null}
        {status === 'rejected' && order.additionalCostRejectionReason ? (
          <>
            <dt className="text-slate-600 dark:text-slate-400">Your reason</dt>
            <dd>{order.additionalCostRejectionReason}</dd>
          </>
        ) : null}
      </dl>

      {status === 'pending' && !rejecting ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button onClick={approve} disabled={decide.isPending}>
            Approve
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setError(null);
              setRejecting(true);
            }}
            disabled={decide.isPending}
          >
            Reject
          </Button>
        </div>
      ) : null}

      {status === 'pending' && rejecting ? (
        <form onSubmit={reject} noValidate className="mt-4 space-y-3">
          <div>
            <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
              Reason for rejecting
            </label>
            <textarea
              id={reasonId}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={3}
              maxLength={2000}
              aria-invalid={error === orderMessages.rejectionReasonRequired ? true : undefined}
              className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
              placeholder="Tell the shop why you are declining these costs"
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={decide.isPending}>
              Confirm Rejection
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setRejecting(false);
                setError(null);
              }}
              disabled={decide.isPending}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : null}

      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </section>
  );
}
