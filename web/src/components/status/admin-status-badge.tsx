import { archivedStatusBadge, highlightedStatusText, statusBadge, statusLabel, type BadgeColor } from '@gs/shared/statuses';

const colors: Record<BadgeColor, string> = {
  warning: 'bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-900/50 dark:text-amber-100 dark:ring-amber-700',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300 dark:bg-yellow-900/50 dark:text-yellow-100 dark:ring-yellow-700',
  red: 'bg-red-100 text-red-900 ring-red-300 dark:bg-red-900/50 dark:text-red-100 dark:ring-red-700',
  green: 'bg-green-100 text-green-900 ring-green-300 dark:bg-green-900/50 dark:text-green-100 dark:ring-green-700',
  success: 'bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-900/50 dark:text-emerald-100 dark:ring-emerald-700',
  purple: 'bg-purple-100 text-purple-900 ring-purple-300 dark:bg-purple-900/50 dark:text-purple-100 dark:ring-purple-700',
  primary: 'bg-blue-100 text-blue-900 ring-blue-300 dark:bg-blue-900/50 dark:text-blue-100 dark:ring-blue-700',
  blue: 'bg-sky-100 text-sky-900 ring-sky-300 dark:bg-sky-900/50 dark:text-sky-100 dark:ring-sky-700',
  grey: 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600',
};

/**
 * The status label in its badge colour, as the admin lists show it: the texts singled
 * out (Payment Needed, Work Complete, Order Closed) stand out; `archived` uses the archived list's
 * palette.
 */
export function AdminStatusBadge({ status, archived = false }: { status: string | null | undefined; archived?: boolean }) {
  const color = archived ? archivedStatusBadge(status) : statusBadge(status);
  const label = statusLabel(status);
  const special = highlightedStatusText(label);
  return (
    <span
      data-color={color}
      data-highlight={special ?? undefined}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs whitespace-nowrap ring-1 ring-inset ${colors[color]} ${
        special ? 'font-extrabold uppercase tracking-wide' : 'font-semibold'
      }`}
    >
      {label}
    </span>
  );
}
