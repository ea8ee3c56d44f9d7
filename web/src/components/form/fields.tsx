import { useId, type ComponentProps, type ReactNode } from 'react';

const control = (error?: string) =>
  `block w-full rounded-lg border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 ${
    error ? 'border-red-600 dark:border-red-400' : 'border-slate-400 dark:border-slate-500'
  }`;

function Described({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </>
  );
}

const describedBy = (id: string, error?: string, hint?: string) =>
  [hint && !error ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

// The controls take ComponentProps (with `ref`): a form's register() reaches the select or textarea through it.
const labelClass = 'mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200';

export function SelectField({
  label,
  error,
  hint,
  className = '',
  children,
  id,
  ...props
}: ComponentProps<'select'> & { label: string; error?: string; hint?: string; children: ReactNode }) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className={labelClass}>
        {label}
      </label>
      <select id={fieldId} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fieldId, error, hint)} className={control(error)} {...props}>
        {children}
      </select>
      <Described id={fieldId} error={error} hint={hint} />
    </div>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className = '',
  id,
  ...props
}: ComponentProps<'textarea'> & { label: string; error?: string; hint?: string }) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={fieldId} className={labelClass}>
        {label}
      </label>
      <textarea id={fieldId} rows={3} aria-invalid={error ? true : undefined} aria-describedby={describedBy(fieldId, error, hint)} className={control(error)} {...props} />
      <Described id={fieldId} error={error} hint={hint} />
    </div>
  );
}
