import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { bookTexts } from '../book-lines';
import { LoadMore } from '@/components/ui/load-more';

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
      <LoadMore pages={pages} failed={bookTexts.loadMoreFailed} />
    </>
  );
}
