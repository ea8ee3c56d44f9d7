/**
 * One page of a filtered index read at any table size (the admin ledger's and order lists' text
 * searches, a customer's orders of one list): Queries of one index, each asking for at most what the
 * page still lacks (so the cursor never skips a match), until the page is full, the index is read to
 * its end, or `readBudget` items were read; the cursor goes on from there. A page may so come back
 * short, even empty, with a cursor: the next one searches further.
 */
export async function filteredPage<T>(
  query: (limit: number, cursor: string | null) => Promise<{ data: T[]; cursor: string | null }>,
  { limit, cursor, readBudget }: { limit: number; cursor: string | null; readBudget: number },
): Promise<{ items: T[]; cursor: string | null; read: number }> {
  const items: T[] = []
  let next = cursor
  let read = 0
  do {
    const want = Math.min(limit - items.length, readBudget - read)
    const res = await query(want, next)
    items.push(...res.data)
    read += want
    next = res.cursor
  } while (next && items.length < limit && read < readBudget)
  return { items, cursor: next, read }
}
