import type { ReactNode } from 'react';
import type { BadgeColor } from '@gs/shared/statuses';

// Colour names come from the shared status catalogue (statusBadge / archivedStatusBadge).
const tones: Record<BadgeColor, string> = {
  primary: 'bg-blue-100 text-blue-900 ring-blue-300 dark:bg-blue-950 dark:text-blue-100 dark:ring-blue-800',
  blue: 'bg-sky-100 text-sky-900 ring-sky-300 dark:bg-sky-950 dark:text-sky-100 dark:ring-sky-800',
  warning: 'bg-amber-100 text-amber-950 ring-amber-300 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-700',
  yellow: 'bg-yellow-100 text-yellow-950 ring-yellow-300 dark:bg-yellow-950 dark:text-yellow-100 dark:ring-yellow-700',
  red: 'bg-red-100 text-red-900 ring-red-300 dark:bg-red-950 dark:text-red-100 dark:ring-red-800',
  green: 'bg-green-100 text-green-900 ring-green-300 dark:bg-green-950 dark:text-green-100 dark:ring-green-800',
  success: 'bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-800',
  purple: 'bg-purple-100 text-purple-900 ring-purple-300 dark:bg-purple-950 dark:text-purple-100 dark:ring-purple-800',
  grey: 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600',
};

export function Badge({ tone = 'primary', children, className = '' }: { tone?: BadgeColor; children: ReactNode; className?: string }) {
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tones[tone]} ${className}`}
    >
      {children}
    </span>
  );
}
