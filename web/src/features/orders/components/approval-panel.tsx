import { useId, useRef, useState } from 'react';
import { formatDateTime } from '@gs/shared/dates';
import { taxLabel } from '@gs/shared/invoice';
import { formatCents } from '@gs/shared/money';
import { approvalConfirmText, NOTE_MAX_LENGTH, orderMessages } from '@gs/shared/order-messages';
import { approvalDecisionSchema, type ApprovalDecisionInput } from '@gs/shared/schemas/orders';
import { showApprovalPanel } from '@gs/shared/statuses';
import { Button, buttonClasses } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { ApiError } from '@/lib/api-client';
import { bodySchema, schemaResolver, useSchemaForm } from '@/lib/form';
import { useDecideApproval } from '../api/decide-approval';
import type { ApprovalRequest, Order } from '../types';
import { ApprovalBanner } from './approval-banner';

export const APPROVE_FAILED = 'Failed to approve costs. Please try again.';
export const REJECT_FAILED = 'Failed to reject costs. Please try again.';

/** The request the approval fields describe: the latest one the shop did not withdraw. */
export const latestRequest = (order: Pick<Order, 'approvalRequests'>): ApprovalRequest | undefined =>
  [...order.approvalRequests].reverse().find((r) => r.status !== 'withdrawn');

/** A refusal the customer can act on (the request is no longer waiting, a reason is missing) is shown as the server wrote it. */
const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && (error.status === 400 || error.status === 409) ? error.message : fallback;

const cell = 'py-1.5';

/**
 * The customer's answer to the shop's latest request: its own lines, their subtotal, tax and
 * total (what they approve), and the reason. Hidden unless a request for more than $0 was made.
 */
export function ApprovalPanel({ order }: { order: Order }) {
  const headingId = useId();
  const reasonId = useId();
  const decide = useDecideApproval();
  const [rejecting, setRejecting] = useState(false);
  // Approving asks once, naming the amount: the request goes only from the dialog's confirm.
  const [confirming, setConfirming] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmIntroId = useId();
  const request = latestRequest(order);
  // POST /api/orders/{orderId}/approval's own schema: a rejection needs a reason, in the server's words.
  const form = useSchemaForm<{ reason: string }, ApprovalDecisionInput>({
    resolver: schemaResolver(bodySchema((v: { reason: string }) => ({ decision: 'reject' as const, reason: v.reason, requestId: request?.id }), approvalDecisionSchema)),
    defaultValues: { reason: '' },
  });
  const [failed, setFailed] = useState<string | null>(null);
  // What the schema refused, or what went wrong with the last answer.
  const error = form.formState.errors.reason?.message ?? failed;
  /** Replaces the panel's message (the schema's too) with `text`, or with none. */
  const setError = (text: string | null) => {
    form.clearErrors();
    setFailed(text);
  };

  if (!request || !showApprovalPanel(order.additionalCostApprovalStatus, order.additionalCostCents)) return null;
  const status = request.status;

  const approve = () => {
    setConfirming(false);
    setError(null);
    decide.mutate(
      { orderId: order.id, decision: 'approve', requestId: request.id },
      { onError: (e) => setError(failure(e, APPROVE_FAILED)) },
    );
  };

  const reject = (input: ApprovalDecisionInput) => {
    setFailed(null);
    decide.mutate(
      { orderId: order.id, decision: 'reject', reason: input.reason, requestId: request.id },
      {
        onSuccess: () => {
          setRejecting(false);
          form.reset({ reason: '' });
        },
        onError: (e) => setFailed(failure(e, REJECT_FAILED)),
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

      <p className="mt-3 text-sm">
        <span className="text-slate-600 dark:text-slate-400">Reason: </span>
        <span className="[overflow-wrap:anywhere]">{request.reason}</span>
      </p>

      <table className="mt-3 w-full text-sm" aria-label="Requested work">
        <thead className="sr-only">
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {request.lines.map((line) => (
            <tr key={line.id}>
              <td className={`${cell} pr-4 [overflow-wrap:anywhere]`}>
                {line.name}
                {line.quantity > 1 ? (
                  <span className="text-slate-600 dark:text-slate-400">
                    {' '}
                    × {line.quantity} at {formatCents(line.unitCents)}
                  </span>
                ) : null}
              </td>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{formatCents(line.lineTotalCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-200 dark:border-slate-700">
          <tr>
            <th scope="row" className={`${cell} text-left font-normal text-slate-600 dark:text-slate-400`}>
              Subtotal
            </th>
            <td className={`${cell} text-right tabular-nums`}>{formatCents(request.subtotalCents)}</td>
          </tr>
          {request.taxCents > 0 ? (
            <tr>
              <th scope="row" className={`${cell} text-left font-normal text-slate-600 dark:text-slate-400`}>
                {taxLabel(order.invoice.taxRatePpm)}
              </th>
              <td className={`${cell} text-right tabular-nums`}>{formatCents(request.taxCents)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" className={`${cell} text-left font-semibold`}>
              {status === 'pending' ? 'Total to approve' : 'Total'}
            </th>
            <td className={`${cell} text-right font-semibold tabular-nums`} data-testid="request-total">
              {formatCents(request.totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>

      {status !== 'pending' && request.decidedAt ? (
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-slate-600 dark:text-slate-400">{status === 'approved' ? 'Approved on' : 'Rejected on'}</dt>
          <dd>{formatDateTime(request.decidedAt)}</dd>
          {status === 'rejected' && request.rejectionReason ? (
            <>
              <dt className="text-slate-600 dark:text-slate-400">Your reason</dt>
              <dd className="[overflow-wrap:anywhere]">{request.rejectionReason}</dd>
            </>
          ) : null}
        </dl>
      ) : null}

      {status === 'pending' && !rejecting ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button
            onClick={() => {
              setError(null);
              setConfirming(true);
            }}
            disabled={decide.isPending}
          >
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
        <form
          onSubmit={(event) => {
            setFailed(null);
            void form.handleSubmit(reject)(event);
          }}
          noValidate
          className="mt-4 space-y-3"
        >
          <div>
            <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
              Reason for rejecting
            </label>
            <textarea
              id={reasonId}
              {...form.register('reason')}
              rows={3}
              maxLength={NOTE_MAX_LENGTH}
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

      <Modal
        open={confirming && status === 'pending'}
        onClose={() => setConfirming(false)}
        title={approvalConfirmText.title}
        size="sm"
        // Cancel has the focus: a second Enter does not spend money.
        initialFocus={cancelRef}
        describedBy={confirmIntroId}
        footer={
          <>
            <button ref={cancelRef} type="button" className={buttonClasses('secondary')} onClick={() => setConfirming(false)}>
              {approvalConfirmText.cancel}
            </button>
            <button type="button" className={buttonClasses('primary')} onClick={approve} disabled={decide.isPending}>
              {approvalConfirmText.confirm(formatCents(request.totalCents))}
            </button>
          </>
        }
      >
        <p id={confirmIntroId} className="text-sm text-slate-800 dark:text-slate-200">
          {approvalConfirmText.intro(formatCents(request.totalCents), order.orderNumber)}
        </p>
        <ul aria-label="Work to approve" className="mt-3 divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {request.lines.map((line) => (
            <li key={line.id} className="flex justify-between gap-4 py-1.5">
              <span className="[overflow-wrap:anywhere]">
                {line.name}
                {line.quantity > 1 ? <span className="text-slate-600 dark:text-slate-400"> × {line.quantity}</span> : null}
              </span>
              <span className="whitespace-nowrap tabular-nums">{formatCents(line.lineTotalCents)}</span>
            </li>
          ))}
          {request.taxCents > 0 ? (
            <li className="flex justify-between gap-4 py-1.5 text-slate-600 dark:text-slate-400">
              <span>{taxLabel(order.invoice.taxRatePpm)}</span>
              <span className="whitespace-nowrap tabular-nums">{formatCents(request.taxCents)}</span>
            </li>
          ) : null}
          <li className="flex justify-between gap-4 py-1.5 font-semibold">
            <span>Total</span>
            <span className="whitespace-nowrap tabular-nums" data-testid="confirm-total">
              {formatCents(request.totalCents)}
            </span>
          </li>
        </ul>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{approvalConfirmText.after}</p>
      </Modal>

      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </section>
  );
}
