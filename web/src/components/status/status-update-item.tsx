import type { ReactNode } from 'react';
import type { StatusUpdate } from '@gs/shared/api-types';
import { formatDateTime } from '@gs/shared/dates';
import { CUSTOMER_NOTE, statusLabel } from '@gs/shared/statuses';
import { customerToldTexts } from '@gs/shared/customer-told';
import { AdminStatusBadge } from './admin-status-badge';
import { StatusText } from './status-text';

/**
 * One entry of an order's status history (a list item): its title, who wrote it, when, and its
 * notes; a customer's own note is tinted. The customer reads the status as a title and sees the
 * author of every entry (staff entries read "Admin"); staff (`staff`) see the status badge, every author, the highlighted
 * status texts and `actions` (edit, delete); `children` stand in for the notes
 * (the edit box).
 */
export function StatusUpdateItem({
  update,
  staff = false,
  actions,
  children,
}: {
  update: StatusUpdate;
  staff?: boolean;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  // Staff only: an internal entry is amber and marked (the customer's reads never carry one).
  const tint = staff && update.internal
    ? 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40'
    : update.isCustomerNote
    ? `border-sky-200 bg-sky-50 ${staff ? 'dark:border-sky-800' : 'dark:border-sky-900'} dark:bg-sky-950/40`
    : staff
      ? 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900'
      : 'border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800/50';
  const time = (
    <time dateTime={update.createdAt} className="text-xs text-slate-600 dark:text-slate-400">
      {formatDateTime(update.createdAt)}
    </time>
  );
  const notes = children ?? (update.notes ? <Notes update={update} staff={staff} /> : null);

  return (
    <li className={`rounded-lg border p-3 text-sm ${tint}`}>
      {staff ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <AdminStatusBadge status={update.status} />
            {update.internal ? (
              <span className="rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-800 dark:text-amber-50">{customerToldTexts.internalBadge}</span>
            ) : null}
            <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{update.authorLabel}</span>
            {time}
          </div>
          {actions}
        </div>
      ) : (
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <p className="min-w-0 font-semibold [overflow-wrap:anywhere]">
            {statusLabel(update.status)}
            {/* Every entry is signed: staff entries "Admin" (never a staff member's name), the customer's with their first name. */}
            {update.authorLabel ? <span className="font-normal text-slate-600 dark:text-slate-300"> by {update.authorLabel}</span> : null}
          </p>
          {time}
        </div>
      )}
      {notes}
    </li>
  );
}

function Notes({ update, staff }: { update: StatusUpdate; staff: boolean }) {
  if (staff) {
    return (
      <p className="mt-2 whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-800 dark:text-slate-200">
        <StatusText text={update.notes} />
      </p>
    );
  }
  return (
    <p className={`mt-1 whitespace-pre-line [overflow-wrap:anywhere] ${update.status === CUSTOMER_NOTE ? '' : 'text-slate-700 dark:text-slate-300'}`}>{update.notes}</p>
  );
}
