import { keepPreviousData, useInfiniteQuery, useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Order, Page } from '@gs/shared/api-types';
import { MAX_PAGE_SIZE, ORDERS_PAGE_SIZE } from '@gs/shared/order-messages';
import { api } from '@/lib/api-client';
import { orderKeys } from '@/lib/query-keys';

/**
 * Reading every order stops after this many pages (1,000 orders): a customer has a handful, so this never
 * binds in practice, and a page that needs more shows what it read rather than reading without end.
 */
const MAX_PAGES_FOR_EVERY_ORDER = 10;

/** GET /api/orders?limit=&cursor=&search=: a page of the caller's own orders, newest first (those the search finds). */
export function getOrdersPage({ limit = ORDERS_PAGE_SIZE, cursor, search }: { limit?: number; cursor?: string | null; search?: string } = {}): Promise<Page<Order>> {
  return api.get<Page<Order>>('/orders', { query: { limit, cursor, search: search || undefined } });
}

export type OrderPages = InfiniteData<Page<Order>, string | null>;

/**
 * The dashboard and My Firearm Orders: the first page, then one more per `fetchNextPage()` ("Load more"). With a
 * search (My Firearm Orders), the pages of the orders it finds; a page may come back short, even empty, with more to load.
 */
export function useOrderPages(search = '') {
  return useInfiniteQuery({
    queryKey: search ? orderKeys.searchPages(search) : orderKeys.pages(),
    queryFn: ({ pageParam }) => getOrdersPage({ cursor: pageParam, search }),
    // The list on screen stays while the next search loads (no spinner between keystrokes).
    placeholderData: search ? keepPreviousData : undefined,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    select: (data) => data.pages.flatMap((page) => page.items),
  });
}

/** Every order of the caller, page after page (the payment pages pick the ones with a balance due from them). */
export async function getEveryOrder(): Promise<Order[]> {
  const orders: Order[] = [];
  let cursor: string | null = null;
  for (let read = 0; read < MAX_PAGES_FOR_EVERY_ORDER; read++) {
    // The largest page the server gives: every order in as few requests as possible.
    const page: Page<Order> = await getOrdersPage({ limit: MAX_PAGE_SIZE, cursor });
    orders.push(...page.items);
    cursor = page.cursor;
    if (!cursor) break;
  }
  return orders;
}

/** Every order of the caller (the payment and batch payment pages). */
export function useOrders({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: orderKeys.everyOrder(), queryFn: getEveryOrder, enabled });
}

/** Shows an order as the server now answers it in every list of orders on screen (before they refetch). */
export function replaceOrderInLists(queryClient: QueryClient, order: Order) {
  const swap = (items: Order[]) => items.map((o) => (o.id === order.id ? order : o));
  queryClient.setQueryData<Order[]>(orderKeys.everyOrder(), (list) => (list ? swap(list) : list));
  queryClient.setQueryData<OrderPages>(orderKeys.pages(), (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: swap(page.items) })) } : data,
  );
}
