import { Button } from '@/components/ui/button';

export const LOAD_MORE_ORDERS = 'Load more';
export const LOAD_MORE_FAILED = 'Failed to load more orders. Please try again.';

/** What the button needs of the paged order list (useOrderPages). */
export interface OrderPagesState {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** "Load more" under a customer's order list while the server has older orders; says so when a page fails. */
export function LoadMoreOrders({ pages }: { pages: OrderPagesState }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className="flex flex-col items-center gap-2 pt-2">
      {pages.isFetchNextPageError ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {LOAD_MORE_FAILED}
        </p>
      ) : null}
      <Button variant="secondary" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage} aria-busy={pages.isFetchingNextPage}>
        {pages.isFetchingNextPage ? 'Loading…' : LOAD_MORE_ORDERS}
      </Button>
    </div>
  );
}
