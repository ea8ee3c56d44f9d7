import type { ReactNode } from 'react';
import type { CustomerRow } from '@gs/shared/api-types';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { LoadMore } from '@/components/ui/load-more';

/** What the frame reads of a customer list's query (useCustomerPages). */
interface CustomerPagesQuery {
  data?: CustomerRow[];
  isPending: boolean;
  isError: boolean;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

const searchClasses =
  'min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 sm:w-72 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';

/**
 * A staff list of customers (Customers, Archived Customers): the title with its search box (and `action`), the
 * list's states (loading, failed with Try Again, none, none matching yet while older pages may), its rows, and
 * "Load more" while the server has another page; `children` (dialogs) below.
 */
export function CustomerListFrame({
  id,
  title,
  intro,
  searchLabel,
  searchText,
  onSearchText,
  action,
  customers,
  messages,
  renderItem,
  children,
}: {
  /** Prefix of the ids: `${id}-title`, `${id}-search`. */
  id: string;
  title: string;
  intro?: string;
  searchLabel: string;
  searchText: string;
  onSearchText: (text: string) => void;
  action?: ReactNode;
  customers: CustomerPagesQuery;
  messages: { loadFailed: string; empty: string; noMatchYet: string; loadMoreFailed: string };
  renderItem: (customer: CustomerRow) => ReactNode;
  children?: ReactNode;
}) {
  const items = customers.data ?? [];
  // "Archived Customers" → the list "Archived customers", "Loading archived customers".
  const listName = title.charAt(0) + title.slice(1).toLowerCase();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
        <div>
          <h2 id={`${id}-title`} className="text-xl font-semibold">
            {title}
          </h2>
          {intro ? <p className="text-sm text-slate-600 dark:text-slate-400">{intro}</p> : null}
        </div>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <label className="sr-only" htmlFor={`${id}-search`}>
            {searchLabel}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            placeholder="Search by name, email, phone or address"
            value={searchText}
            onChange={(event) => onSearchText(event.target.value)}
            className={searchClasses}
          />
          {action}
        </div>
      </div>
      {customers.isPending ? (
        <div role="status" aria-label={`Loading ${title.toLowerCase()}`} className="flex justify-center p-8">
          <Spinner />
        </div>
      ) : customers.isError && !customers.isFetchNextPageError ? (
        <div className="p-4">
          <Alert tone="error">
            <p>{messages.loadFailed}</p>
            <Button variant="secondary" className="mt-2" onClick={() => void customers.refetch()}>
              Try Again
            </Button>
          </Alert>
        </div>
      ) : items.length === 0 && !customers.hasNextPage ? (
        <p className="p-6 text-center text-slate-600 dark:text-slate-400">{messages.empty}</p>
      ) : (
        <>
          {items.length === 0 ? (
            <p className="p-6 text-center text-slate-600 dark:text-slate-400">{messages.noMatchYet}</p>
          ) : (
            <ul aria-label={listName} className="divide-y divide-slate-200 dark:divide-slate-800">
              {items.map(renderItem)}
            </ul>
          )}
          <LoadMore pages={customers} failed={messages.loadMoreFailed} />
        </>
      )}
      {children}
    </section>
  );
}
