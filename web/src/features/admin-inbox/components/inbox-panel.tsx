import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { InboxRow } from '@gs/shared/api-types';
import { formatDateTime } from '@gs/shared/dates';
import { INBOX_TEXTS as t } from '@gs/shared/inbox';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useMarkInboxHandled } from '@/lib/inbox';
import { useInboxPages } from '../api/list-inbox';

function InboxItem({ row, onHandled, busy }: { row: InboxRow; onHandled: () => void; busy: boolean }) {
  const firearm = `${row.firearmMake} ${row.firearmModel}`.trim();
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between" data-order-id={row.orderId}>
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-semibold">{row.orderNumber}</span>
          <span className="font-medium [overflow-wrap:anywhere]">{firearm}</span>
          {row.count > 1 ? <Badge tone="warning">{t.messages(row.count)}</Badge> : null}
        </p>
        <p className="text-sm text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
          {t.customer}: {row.customerName} · {t.assigned}: {row.assignedToName ?? t.unassigned}
        </p>
        <blockquote className="border-l-4 border-amber-400 pl-3 text-slate-900 [overflow-wrap:anywhere] dark:border-amber-500 dark:text-slate-100">{row.excerpt}</blockquote>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t.received} {formatDateTime(row.lastAt)}
          {row.count > 1 ? ` · ${t.waitingSince(formatDateTime(row.since))}` : ''}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 sm:flex-col sm:items-stretch">
        <Link to={paths.admin.manageOrders.getHref(row.orderId)} className={buttonClasses('primary')} aria-label={`${t.openOrder}: ${row.orderNumber}`}>
          {t.openOrder}
        </Link>
        <Button variant="secondary" onClick={onHandled} disabled={busy} aria-busy={busy} aria-label={`${t.markHandled}: ${row.orderNumber}`}>
          {t.markHandled}
        </Button>
      </div>
    </li>
  );
}

/**
 * The Inbox: the orders with a customer message no one has answered, the oldest first, 25 at a time ("Load more").
 * Open order goes to the order editor (a reply there takes the order off); Mark handled takes it off without one.
 */
export function InboxPanel() {
  const pages = useInboxPages();
  const handled = useMarkInboxHandled();
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];

  let body;
  if (pages.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 p-6 text-slate-700 dark:text-slate-300">
        <Spinner className="size-5" /> Loading…
      </p>
    );
  } else if (pages.isError && !pages.isFetchNextPageError) {
    body = (
      <div className="p-4">
        <Alert tone="error">
          <p>{t.loadFailed}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void pages.refetch()}>
            Try Again
          </Button>
        </Alert>
      </div>
    );
  } else {
    body = (
      <>
        {items.length === 0 ? (
          <p className="p-6 text-center text-slate-600 dark:text-slate-400">{t.empty}</p>
        ) : (
          <ul aria-label={t.title} className="divide-y divide-slate-200 dark:divide-slate-800">
            {items.map((row) => (
              <InboxItem
                key={row.orderId}
                row={row}
                busy={handled.isPending && handled.variables === row.orderId}
                onHandled={() => {
                  setNotice(null);
                  handled.mutate(row.orderId, {
                    onSuccess: () => setNotice({ text: `${t.handled} ${row.orderNumber}`, error: false }),
                    onError: () => setNotice({ text: t.markHandledFailed, error: true }),
                  });
                }}
              />
            ))}
          </ul>
        )}
        <LoadMore pages={pages} failed={t.loadFailed} />
      </>
    );
  }

  return (
    <section aria-label={t.title} className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div aria-live="polite" role="status">
        {notice ? (
          <p className={`px-4 pt-4 text-sm font-medium ${notice.error ? 'text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300'}`}>{notice.text}</p>
        ) : null}
      </div>
      {body}
    </section>
  );
}
