/**
 * One page of a filtered index read at any table size: ONE Query that reads at most `readBudget` items; a page may
 * come back short, even empty, with a cursor (docs/architecture.md, "Filtered pages").
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
