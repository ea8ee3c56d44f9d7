import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { BookLine, Page } from '@gs/shared/api-types';
import { BOOK_MAX_PAGE_SIZE } from '@gs/shared/schemas/book';
import { api } from '@/lib/api-client';
import { bookKeys } from '@/lib/query-keys';

export interface BookFilters {
  view: 'book' | 'inventory';
  /** The dates are of receipt (`acquired`) or of disposition (`disposed`). */
  by: 'acquired' | 'disposed';
  from: string;
  to: string;
  search: string;
}

/** GET /api/admin/book: one page of lines, newest first (the book) or the longest held first (in custody). */
export function listBook({ filters, cursor, limit, order = 'desc' }: { filters: BookFilters; cursor?: string | null; limit?: number; order?: 'asc' | 'desc' }): Promise<Page<BookLine>> {
  const book = filters.view === 'book';
  return api.get<Page<BookLine>>('/admin/book', {
    query: {
      view: filters.view,
      order: book ? order : undefined,
      by: book && filters.by !== 'acquired' ? filters.by : undefined,
      from: (book && filters.from) || undefined,
      to: (book && filters.to) || undefined,
      search: filters.search || undefined,
      limit,
      cursor: cursor ?? undefined,
    },
  });
}

/** The lines of a view for its filters: the first page, then one more per `fetchNextPage()` ("Load more"). */
export function useBookPages(filters: BookFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: bookKeys.pages({ ...filters }),
    queryFn: ({ pageParam }) => listBook({ filters, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    // While a new search or range loads, the lines shown stay; another view (tab) never shows the last one's lines.
    placeholderData: (previous, previousQuery) => ((previousQuery?.queryKey[3] as BookFilters | undefined)?.view === filters.view ? keepPreviousData(previous) : undefined),
    enabled,
  });
}

export interface BookRange {
  from: string;
  to: string;
}

async function everyPage(filters: BookFilters): Promise<BookLine[]> {
  const lines: BookLine[] = [];
  let cursor: string | null = null;
  do {
    // Each request reads one bounded page; the whole range is as many requests as it takes.
    const page: Page<BookLine> = await listBook({ filters, cursor, limit: BOOK_MAX_PAGE_SIZE, order: 'asc' });
    lines.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return lines;
}

/**
 * Every line of the book with an entry in the range, in the book's order (entry number): the firearms
 * received in it, and those disposed of in it (received earlier). Without a range, the whole book.
 * What the printed book and the CSV hold.
 */
export async function fetchBookRange({ from, to }: BookRange): Promise<BookLine[]> {
  const base = { view: 'book', from, to, search: '' } as const;
  const received = await everyPage({ ...base, by: 'acquired' });
  const disposed = from || to ? await everyPage({ ...base, by: 'disposed' }) : [];
  const byOrder = new Map(received.map((l) => [l.orderId, l]));
  for (const l of disposed) if (!byOrder.has(l.orderId)) byOrder.set(l.orderId, l);
  return [...byOrder.values()].sort((a, b) => a.lineNumber - b.lineNumber);
}

/** The range's lines (the printed book). */
export function useBookRange(range: BookRange) {
  return useQuery({ queryKey: bookKeys.range({ ...range }), queryFn: () => fetchBookRange(range) });
}
