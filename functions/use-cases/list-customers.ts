import type { AdminCustomersQuery } from '@gs/shared/schemas/customers'
import { isCursorError } from '../db/cursor.ts'
import { phoneKeyOf } from '../db/entities/profile.ts'
import type { CustomerLists } from '../db/repositories/customer-lists.ts'
import type { Profile, ProfileRepository } from '../db/repositories/profiles.ts'
import { normalizeText, TEXT_SEARCH_READ_BUDGET } from '../domain/search.ts'
import { ValidationError } from '../lib/errors.ts'

export interface CustomersPage {
  items: Profile[]
  /** Where the next page starts; null on the last page. */
  cursor: string | null
}

interface Deps {
  profiles: Pick<ProfileRepository, 'findByEmail'>
  lists: Pick<CustomerLists, 'pageCustomers' | 'findByPhone'>
  query: Pick<AdminCustomersQuery, 'search' | 'limit' | 'cursor'> & { view?: AdminCustomersQuery['view'] }
}

/** Customers sharing one phone number that an exact phone search reads (one Query of the phone index). */
export const PHONE_MATCH_LIMIT = 100
export { TEXT_SEARCH_READ_BUDGET }
/** A typed phone number: digits and what people type between them, at least this many digits. */
const PHONE_LIKE = /^\+?[\d\s().-]+$/
const PHONE_MIN_DIGITS = 7

/**
 * The admin customer list at any size: one bounded page, newest first, never admins (they are not in the
 * role = customer partition) nor archived profiles. A search is first tried as an exact key: an email
 * (the email index) or a phone number (the phone index); anything else, or a key that finds no customer,
 * is a text search (name, email, phone digits) on the stored search attribute, one bounded read per page.
 * `view: 'archived'` lists the archived customers instead (their own index, the latest archived first): an
 * email names an archived customer exactly; a phone number is searched as text (its digits).
 */
export async function listCustomers({ profiles, lists, query }: Deps): Promise<CustomersPage> {
  const cursor = parseCursor(query.cursor)
  const search = query.search?.trim() ?? ''
  const { limit } = query
  const view = query.view ?? 'active'

  const exact = search && cursor?.kind !== 'list' ? await exactMatches(search, view, { profiles, lists }) : null
  if (exact) {
    const start = cursor?.kind === 'offset' ? cursor.offset : 0
    const end = start + limit
    return { items: exact.slice(start, end), cursor: end < exact.length ? `o.${end}` : null }
  }
  if (cursor?.kind === 'offset') throw invalidCursor()

  try {
    const page = await lists.pageCustomers({
      view,
      limit,
      cursor: cursor?.kind === 'list' ? cursor.value : null,
      text: search ? textNeedle(search) : undefined,
      readBudget: TEXT_SEARCH_READ_BUDGET,
    })
    return { items: page.items, cursor: page.cursor ? `l.${page.cursor}` : null }
  } catch (err) {
    if (cursor && isCursorError(err)) throw invalidCursor()
    throw err
  }
}

const invalidCursor = () => new ValidationError('Invalid cursor', { cursor: 'Invalid cursor' })

/** Our cursors: `o.<n>` an offset into an exact-key result, `l.<…>` the role partition's own. */
function parseCursor(raw: string | undefined): { kind: 'offset'; offset: number } | { kind: 'list'; value: string } | null {
  if (!raw) return null
  if (raw.startsWith('l.') && raw.length > 2) return { kind: 'list', value: raw.slice(2) }
  const offset = raw.startsWith('o.') && /^\d+$/.test(raw.slice(2)) ? Number(raw.slice(2)) : NaN
  if (Number.isInteger(offset) && offset > 0 && offset < PHONE_MATCH_LIMIT) return { kind: 'offset', offset }
  throw invalidCursor()
}

const isPhoneLike = (term: string) => PHONE_LIKE.test(term) && term.replace(/\D/g, '').length >= PHONE_MIN_DIGITS

/** The customers of the view a search names by key, or null when it names none (then it is a text search). */
async function exactMatches(term: string, view: 'active' | 'archived', { profiles, lists }: Omit<Deps, 'query'>): Promise<Profile[] | null> {
  if (term.includes('@')) {
    const p = await profiles.findByEmail(term)
    return p && p.role === 'customer' && p.isArchived === (view === 'archived') ? [p] : null
  }
  // The phone index lists active customers only: in the archive a phone number is a text search.
  if (view === 'active' && isPhoneLike(term)) {
    const found = await lists.findByPhone(term, PHONE_MATCH_LIMIT)
    return found.length ? found : null
  }
  return null
}

/** What the stored search attribute must contain: a typed phone as its digits (as stored), anything else normalized. */
const textNeedle = (term: string) => (PHONE_LIKE.test(term) && phoneKeyOf(term)) || normalizeText(term)
