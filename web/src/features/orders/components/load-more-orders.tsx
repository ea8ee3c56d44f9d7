import { LoadMore, type MorePages } from '@/components/ui/load-more';

export const LOAD_MORE_FAILED = 'Failed to load more orders. Please try again.';

/** What the button needs of the paged order list (useOrderPages). */
export type OrderPagesState = MorePages;

/** "Load more" under a customer's order list while the server has older orders; says so when a page fails. */
export function LoadMoreOrders({ pages }: { pages: OrderPagesState }) {
  return <LoadMore pages={pages} failed={LOAD_MORE_FAILED} className="pt-2" />;
}
