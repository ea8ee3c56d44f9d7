import { Button } from './button';

/** What "Load more" needs of an infinite query (react-query's useInfiniteQuery result). */
export interface MorePages {
  hasNextPage: boolean;
  isFetchNextPageError: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The footer of a paged list: "Load more" while there is a next page, and `failed` when loading it did not work.
 * `className` places it (a bordered footer inside a panel by default).
 */
export function LoadMore({ pages, failed, className = 'border-t border-slate-200 p-4 dark:border-slate-800' }: { pages: MorePages; failed: string; className?: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className={`flex flex-col items-center gap-2 ${className}`}>
      {pages.isFetchNextPageError ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {failed}
        </p>
      ) : null}
      <Button variant="secondary" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage} aria-busy={pages.isFetchingNextPage}>
        {pages.isFetchingNextPage ? 'Loading…' : 'Load more'}
      </Button>
    </div>
  );
}
