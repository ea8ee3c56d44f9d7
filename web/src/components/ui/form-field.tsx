import { useId, type ComponentProps, type InputHTMLAttributes } from 'react';
import { useHydrated } from '@/lib/hydration';

// ComponentProps<'input'> carries `ref`, which React passes to a function component as a prop: a form's
// register() reaches the input through it.
export interface FormFieldProps extends ComponentProps<'input'> {
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled input whose error is tied to it with aria-describedby. */
export function FormField({ label, error, hint, id, className = '', ...inputProps }: FormFieldProps) {
  // On a pre-rendered page (sign-in, registration) the field is read-only until React has hydrated it: what is typed
  // before would be in the input but not in the form's state (lib/hydration.ts).
  const hydrated = useHydrated();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 ${
          error ? 'border-red-600 dark:border-red-400' : 'border-slate-400 dark:border-slate-500'
        }`}
        {...inputProps}
        readOnly={hydrated ? inputProps.readOnly : true}
      />
      {hint && !error ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The inputs and selects of a filter bar (one height, so a row of them lines up). */
export const filterControlClasses =
  'block h-10 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';

/** The labelled search box of a list's filter bar. */
export function SearchField({ label, className = '', ...inputProps }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input id={id} type="search" className={filterControlClasses} {...inputProps} />
    </div>
  );
}
