import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { bookTexts } from '../book-lines';

interface Paged {
  isPending: boolean;
  isError: boolean;
  isFetchNextPageError: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/** The loading, error, empty and "Load more" frame every list of the A&D book's pages shares (`failed`: its load error). */
export function PagedList({ pages, count, empty, failed = bookTexts.loadFailed, children }: { pages: Paged; count: number; empty: string; failed?: string; children: ReactNode }) {
  if (pages.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 p-6 text-slate-700 dark:text-slate-300">
        <Spinner className="size-5" /> {bookTexts.loading}
      </p>
    );
  }
  if (pages.isError && !pages.isFetchNextPageError) {
    return (
      <div className="p-4">
        <Alert tone="error">
          <p>{failed}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void pages.refetch()}>
            Try Again
          </Button>
        </Alert>
      </div>
    );
  }
  return (
    <>
      {count === 0 ? <p className="p-6 text-center text-slate-600 dark:text-slate-400">{empty}</p> : children}
      {pages.hasNextPage ? (
        <div className="flex flex-col items-center gap-2 border-t border-slate-200 p-4 dark:border-slate-800">
          {pages.isFetchNextPageError ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {bookTexts.loadMoreFailed}
            </p>
          ) : null}
          <Button variant="secondary" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage} aria-busy={pages.isFetchingNextPage}>
            {pages.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
