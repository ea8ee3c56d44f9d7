import { createConversions } from 'electrodb'
import { TEXT_SEARCH_READ_BUDGET } from '#functions/domain/search.ts'
import { phoneKeyOf, profileEntity } from '../entities/profile.ts'
import { filteredPage } from '../filtered-pages.ts'
import type { TableConfig } from '../table.ts'
import { toProfile, type Profile } from './profiles.ts'

export interface CustomerPageQuery {
  /** The active customers (default) or the archived ones. */
  view?: 'active' | 'archived'
  limit: number
  /** The view's partition's cursor (ElectroDB's) the previous page ended at. */
  cursor: string | null
  /** Normalized text (domain/search.ts) the stored `searchText` must contain; absent: every customer. */
  text?: string
  /** Items a text-search page may read (default TEXT_SEARCH_READ_BUDGET). */
  readBudget?: number
}

export interface CustomerPage {
  items: Profile[]
  cursor: string | null
  /** Items the Queries read (at most; a filtered-out item counts too). */
  read: number
}

/**
 * The admin customer list's reads (apart from profiles.ts, so the routes that read or write one
 * profile do not carry them). Every read is bounded: one page, never the whole partition.
 */
export interface CustomerLists {
  /**
   * One page of customers, newest first, through gsi1 `role = customer` (admins are not in it), archived
   * profiles filtered out. Without `text`: one Query of `limit` items (a page may come back short when it
   * read archived ones). With `text`: one Query filtered on the stored `searchText` that reads at most
   * `readBudget` items (filtered-pages.ts); the cursor goes on from there.
   * `view: 'archived'`: the same over gsi2 `archivedList = customer` (byArchived, only archived profiles are
   * in it), the latest archived first; without `text` one Query of `limit`, every item read listed.
   */
  pageCustomers(q: CustomerPageQuery): Promise<CustomerPage>
  /** Customers (no admins, no archived) whose phone has these digits (phoneKeyOf): one Query of the phone index, at most `limit` read. */
  findByPhone(phone: string, limit: number): Promise<Profile[]>
}

export function createCustomerLists({ table, client }: TableConfig): CustomerLists {
  const profiles = profileEntity({ table, client })
  const customers = () => profiles.query.byRole({ role: 'customer' })
  const archived = () => profiles.query.byArchived({ archivedList: 'customer' })
  const conversions = createConversions(profiles)
  return {
    async pageCustomers(q) {
      const text = q.text
      const inArchive = q.view === 'archived'
      if (!text) {
        const res = inArchive
          ? await archived().go({ order: 'desc', limit: q.limit, cursor: q.cursor })
          : await customers()
              .where(({ isArchived }, { ne }) => ne(isArchived, true))
              .go({ order: 'desc', limit: q.limit, cursor: q.cursor })
        return { items: res.data.map(toProfile), cursor: res.cursor ?? null, read: q.limit }
      }
      const page = await filteredPage(
        async (limit, cursor) => {
          const res = inArchive
            ? await archived()
                .where(({ searchText }, { contains }) => contains(searchText, text))
                .go({ order: 'desc', limit, cursor })
            : await customers()
                .where(({ isArchived, searchText }, { ne, contains }) => `${ne(isArchived, true)} AND ${contains(searchText, text)}`)
                .go({ order: 'desc', limit, cursor })
          return { data: res.data, cursor: res.cursor ?? null }
        },
        {
          limit: q.limit,
          cursor: q.cursor,
          readBudget: q.readBudget ?? TEXT_SEARCH_READ_BUDGET,
          cursorAfter: (p) => (inArchive ? conversions.byAccessPattern.byArchived.fromComposite.toCursor({ ...p, archivedList: 'customer' }) : conversions.byAccessPattern.byRole.fromComposite.toCursor(p)),
        },
      )
      return { ...page, items: page.items.map(toProfile) }
    },
    async findByPhone(phone, limit) {
      const phoneKey = phoneKeyOf(phone)
      if (!phoneKey) return []
      const { data } = await profiles.query
        .byPhone({ phoneKey })
        .where(({ role, isArchived }, { eq, ne }) => `${eq(role, 'customer')} AND ${ne(isArchived, true)}`)
        .go({ limit })
      return data.map(toProfile).sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
    },
  }
}
