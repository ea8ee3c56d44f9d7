/**
 * One page of a filtered index read at any table size (the admin ledger's, order list's and customer
 * list's text searches, a customer's orders of one list): ONE Query of the index that reads at most
 * `readBudget` items (DynamoDB's Limit counts the items read, before the filter). When more than
 * `limit` of them match, the page keeps the first `limit` and its cursor is the key of the last one
 * kept (`cursorAfter`), so the next page starts right after it and no match is skipped; otherwise the
 * cursor is where the read stopped. A page may so come back short, even empty, with a cursor: the next
 * one searches further.
 */
export async function filteredPage<T>(
  query: (limit: number, cursor: string | null) => Promise<{ data: T[]; cursor: string | null }>,
  { limit, cursor, readBudget, cursorAfter }: { limit: number; cursor: string | null; readBudget: number; cursorAfter: (item: T) => string },
): Promise<{ items: T[]; cursor: string | null; read: number }> {
  const read = Math.max(limit, readBudget)
  const res = await query(read, cursor)
  if (res.data.length <= limit) return { items: res.data, cursor: res.cursor, read }
  const items = res.data.slice(0, limit)
  return { items, cursor: cursorAfter(items[limit - 1]), read }
}
