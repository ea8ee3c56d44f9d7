import type { ButtonHTMLAttributes } from 'react';
import { useHydrated } from '@/lib/hydration';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const disabledLook = 'disabled:cursor-not-allowed disabled:opacity-60';
const base = `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors ${disabledLook}`;

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-slate-900 text-white hover:bg-slate-700 dark:bg-amber-400 dark:text-slate-950 dark:hover:bg-amber-300',
  secondary:
    'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  danger: 'bg-red-700 text-white hover:bg-red-800 dark:bg-red-500 dark:text-slate-950 dark:hover:bg-red-400',
};

/** Classes for a button look; also used on <Link>s that act as buttons. */
export function buttonClasses(variant: ButtonVariant = 'primary', extra = ''): string {
  return `${base} ${variants[variant]} ${extra}`.trim();
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  disabled,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  // On a pre-rendered page a button does nothing until React has hydrated it, and a submit button would submit the
  // form natively (a GET with the fields in the URL): it is disabled until then, looking as it will once enabled.
  if (!useHydrated()) {
    return <button type={type} className={buttonClasses(variant, className).replace(disabledLook, '')} disabled {...props} />;
  }
  return <button type={type} className={buttonClasses(variant, className)} disabled={disabled} {...props} />;
}
