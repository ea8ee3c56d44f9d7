import { useId } from 'react';
import { TIMELINE, statusLabel, timelinePosition } from '@gs/shared/statuses';

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
      <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" clipRule="evenodd" />
    </svg>
  );
}

/** The customer's 8-step timeline with the progress of the order's status. */
export function OrderTimeline({ status }: { status: string | null | undefined }) {
  const headingId = useId();
  const { index, progress } = timelinePosition(status);

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Order Progress
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Current status: <span className="font-semibold text-slate-900 dark:text-slate-100">{statusLabel(status)}</span>
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Order progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={`${progress}% - ${TIMELINE[index].label}`}
        className="mt-4 h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full rounded-full bg-amber-500 transition-[width] dark:bg-amber-400" style={{ width: `${progress}%` }} />
      </div>
      <p className="mt-1 text-right text-xs font-medium text-slate-600 dark:text-slate-400">{progress}% complete</p>

      <ol className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-8">
        {TIMELINE.map((step, i) => {
          const state = i < index ? 'done' : i === index ? 'current' : 'upcoming';
          return (
            <li key={step.status} aria-current={state === 'current' ? 'step' : undefined} className="flex items-start gap-2 xl:flex-col xl:items-center xl:text-center">
              <span
                className={`flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                  state === 'done'
                    ? 'bg-emerald-600 text-white dark:bg-emerald-500 dark:text-slate-950'
                    : state === 'current'
                      ? 'bg-amber-500 text-slate-950 ring-4 ring-amber-200 dark:bg-amber-400 dark:ring-amber-900'
                      : 'bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-300'
                }`}
              >
                {state === 'done' ? <CheckIcon /> : i + 1}
              </span>
              <span
                className={`text-sm leading-snug ${
                  state === 'upcoming' ? 'text-slate-600 dark:text-slate-400' : 'font-medium text-slate-900 dark:text-slate-100'
                }`}
              >
                {step.label}
                <span className="sr-only">{state === 'done' ? ' (completed)' : state === 'current' ? ' (current step)' : ''}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
