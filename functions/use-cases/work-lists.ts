import type { WorkLists } from '../db/repositories/work-lists.ts'
import { isCursorError } from '../db/cursor.ts'
import type { Order } from '../domain/order.ts'
import { ValidationError } from '../lib/errors.ts'

/**
 * A bench (a staff member's open assigned orders, soonest promised first, undated last) or, without one, the overdue
 * list (open orders promised before today, the longest overdue first): one bounded Query page with its cursor.
 */
export async function listWork({ lists, benchOf, today, limit, cursor }: { lists: Pick<WorkLists, 'bench' | 'overdue'>; benchOf: string | undefined; today: string; limit: number; cursor: string | undefined | null }): Promise<{ items: Order[]; cursor: string | null }> {
  const raw = cursor ? (cursor.startsWith('w.') ? cursor.slice(2) : null) : null
  if (cursor && !raw) throw invalidCursor()
  try {
    const page = benchOf ? await lists.bench({ assignedTo: benchOf, limit, cursor: raw }) : await lists.overdue({ today, limit, cursor: raw })
    return { items: page.items, cursor: page.cursor ? `w.${page.cursor}` : null }
  } catch (err) {
    if (raw && isCursorError(err)) throw invalidCursor()
    throw err
  }
}

const invalidCursor = () => new ValidationError('Invalid cursor', { cursor: 'Invalid cursor' })
