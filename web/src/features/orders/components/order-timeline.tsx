import { useId } from 'react';
import { statusLabel } from '@gs/shared/statuses';
import { useOlderOrderHistory } from '../api/get-order-updates';
import { timelineView, type TimelineStepState } from '../timeline';
import type { OrderDetail } from '../types';

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
      <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" clipRule="evenodd" />
    </svg>
  );
}

const STATE_TEXT: Record<TimelineStepState, string> = {
  done: ' (completed)',
  current: ' (current step)',
  skipped: ' (skipped)',
  upcoming: '',
};

const MARKER: Record<TimelineStepState, string> = {
  done: 'bg-emerald-600 text-white dark:bg-emerald-500 dark:text-slate-950',
  current: 'bg-amber-500 text-slate-950 ring-4 ring-amber-200 dark:bg-amber-400 dark:ring-amber-900',
  skipped: 'border-2 border-dashed border-slate-400 text-slate-600 dark:border-slate-500 dark:text-slate-300',
  upcoming: 'bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-300',
};

/**
 * The customer's 8-step timeline. The current step and which earlier steps read completed follow
 * the order's history (features/orders/timeline.ts): a step the order never passed reads "Skipped".
 */
export function OrderTimeline({ order }: { order: OrderDetail }) {
  const headingId = useId();
  const loaded = timelineView(order, order.updates, !order.updatesCursor);
  // Only when a step would read skipped and the detail's newest updates are not the whole history.
  const older = useOlderOrderHistory(order.id, order.updatesCursor, loaded.needsOlderHistory);
  const view = older.data ? timelineView(order, [...order.updates, ...older.data.items], older.data.complete) : loaded;
  const { index, progress, steps } = view;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Order Progress
        </h2>
        <p className="min-w-0 text-sm break-words text-slate-600 dark:text-slate-400">
          Current status: <span className="font-semibold text-slate-900 dark:text-slate-100">{statusLabel(order.currentStatus)}</span>
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Order progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}% - ${steps[index].label}`}
        className="mt-4 h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full rounded-full bg-amber-500 transition-[width] dark:bg-amber-400" style={{ width: `${progress}%` }} />
      </div>
      <p className="mt-1 text-right text-xs font-medium text-slate-600 dark:text-slate-400">{progress}% complete</p>

      <ol className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-8">
        {steps.map((step, i) => (
          <li
            key={step.status}
            data-state={step.state}
            aria-current={step.state === 'current' ? 'step' : undefined}
            className="flex min-w-0 items-start gap-2 xl:flex-col xl:items-center xl:text-center"
          >
            <span className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${MARKER[step.state]}`}>
              {step.state === 'done' ? <CheckIcon /> : i + 1}
            </span>
            <span
              className={`min-w-0 text-sm leading-snug ${
                step.state === 'upcoming' || step.state === 'skipped' ? 'text-slate-600 dark:text-slate-400' : 'font-medium text-slate-900 dark:text-slate-100'
              }`}
            >
              {step.label}
              {step.state === 'skipped' ? (
                <span aria-hidden="true" className="block text-xs italic">
                  Skipped
                </span>
              ) : null}
              <span className="sr-only">{STATE_TEXT[step.state]}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
