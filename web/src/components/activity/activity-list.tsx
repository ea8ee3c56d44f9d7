import type { ActivityChange, ActivityEntry, ActivityPage } from '@gs/shared/activity';
import { activityText as t } from '@gs/shared/activity';
import { formatDateTime } from '@gs/shared/dates';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** The paging of both Activity queries (the order's, the customer's): cursors, newest first, flattened. */
export const activityPages = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: ActivityPage) => last.cursor,
  select: (data: { pages: ActivityPage[] }) => data.pages.flatMap((page) => page.items),
};

/** What the list needs of an infinite query (useOrderActivity, useCustomerActivity). */
export interface ActivityQuery {
  data: ActivityEntry[] | undefined;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

function Value({ value, was }: { value: string; was?: boolean }) {
  if (!value) return <span className="text-slate-600 dark:text-slate-400">{t.none}</span>;
  return <span className={`[overflow-wrap:anywhere] whitespace-pre-line ${was ? 'text-slate-700 line-through decoration-slate-400 dark:text-slate-300' : 'font-medium'}`}>{value}</span>;
}

function Change({ change }: { change: ActivityChange }) {
  return (
    <li className="text-sm">
      <span className="font-medium text-slate-700 dark:text-slate-300">{change.field}:</span> <Value value={change.before} was />{' '}
      <span aria-hidden="true" className="text-slate-600 dark:text-slate-400">
        →
      </span>{' '}
      <span className="sr-only">changed to</span> <Value value={change.after} />
    </li>
  );
}

function Entry({ entry, showOrder }: { entry: ActivityEntry; showOrder: boolean }) {
  return (
    <li className="space-y-1 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 text-sm [overflow-wrap:anywhere]">
          <span className="font-semibold">{entry.actorName}</span> <span className="text-slate-700 dark:text-slate-300">{entry.summary}</span>
          {showOrder && entry.orderNumber ? <span className="text-slate-600 dark:text-slate-400"> · {entry.orderNumber}</span> : null}
        </p>
        <time dateTime={entry.at} className="text-xs text-slate-600 dark:text-slate-400">
          {formatDateTime(entry.at)}
        </time>
      </div>
      {entry.changes.length ? (
        <ul className="space-y-0.5 border-l-2 border-slate-200 pl-3 dark:border-slate-700" aria-label="Changes">
          {entry.changes.map((c, i) => (
            <Change key={`${c.field}-${i}`} change={c} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The staff audit log, newest first: when, who, what, and each change before → after (a struck-out old
 * value, "—" for none). A page at a time ("Load more"); an empty state; a failed read can be tried again.
 * `showOrder`: each entry names its order (the customer's log spans their orders).
 */
export function ActivityList({ list, showOrder = false }: { list: ActivityQuery; showOrder?: boolean }) {
  if (list.isPending) {
    return (
      <div className="flex justify-center py-4" role="status" aria-label={t.loading}>
        <Spinner />
      </div>
    );
  }
  if (list.isError && !list.data) {
    return (
      <Alert tone="error">
        <p>{t.loadFailed}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void list.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  }
  const items = list.data ?? [];
  if (!items.length && !list.hasNextPage) return <p className="text-sm text-slate-600 dark:text-slate-400">{t.empty}</p>;
  return (
    <>
      <ul className="divide-y divide-slate-200 dark:divide-slate-700">
        {items.map((e) => (
          <Entry key={e.id} entry={e} showOrder={showOrder} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t.loadMore}
        </Button>
      ) : null}
    </>
  );
}
