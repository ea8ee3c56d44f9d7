import { searchTextOf } from '#functions/domain/search.ts'
import { cachedEntity } from './cache.ts'
import { gsi } from './gsi.ts'

const text = { type: 'string' } as const

interface LineKeyInput {
  acquiredOn?: string
  disposedOn?: string
  lineNumber?: number
  dispositionEntryId?: string
}

/** `<date>#<entry number>`: by date, then entry number (zero-padded so 10 sorts after 9). */
export const sortKey = (day: string | undefined, lineNumber: number | undefined) => (day ? `${day}#${String(lineNumber ?? 0).padStart(9, '0')}` : undefined)

/** A book line's columns (functions/domain/book.ts BookLineColumns): the receipt, the description, the disposition. */
const columns = {
  type: 'map',
  properties: {
    acquiredOn: text,
    from: text,
    fromName: text,
    fromLicense: text,
    fromAddress: text,
    firearmType: text,
    manufacturer: text,
    importer: text,
    model: text,
    serialNumber: text,
    caliber: text,
    disposedOn: text,
    to: text,
    toName: text,
    toLicense: text,
    toAddress: text,
    method: text,
    carrier: text,
    trackingNumber: text,
    /** The disposition's checks (shared/src/release-checks.ts); yes/no as 'yes' | 'no'. */
    toIdType: text,
    toIdIssuer: text,
    toIdLast4: text,
    toIsDeliverer: text,
    form4473Ref: text,
    adultSignature: text,
  },
} as const

/**
 * A line of the A&D book: one firearm an order brought in, as the book reads (its entries applied: the
 * acquisition, the disposition, corrections). A projection of the entries (book-entry.ts, which are the
 * record and never change), rewritten in the same transaction as each of them; it is what the book's
 * pages, the open inventory, the search, the print and the CSV read, one bounded Query a page.
 */
export const bookLineSchema = {
  model: { entity: 'bookLine', version: '1', service: 'gunsmith' },
  attributes: {
    orderId: { type: 'string', required: true },
    orderNumber: { type: 'string', required: true },
    customerId: { type: 'string', required: true },
    /** The book's entry number: 1, 2, 3... in the order firearms were received (gapless: taken in the intake's transaction). */
    lineNumber: { type: 'number', required: true },
    acquisitionEntryId: { type: 'string', required: true },
    dispositionEntryId: text,
    acquiredOn: { type: 'string', required: true },
    disposedOn: text,
    /** The columns with every correction applied, and as first recorded. */
    current: { ...columns, required: true },
    original: { ...columns, required: true },
    corrections: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          entryId: text,
          correctsKind: text,
          recordedAt: text,
          recordedByName: text,
          reason: text,
          changes: { type: 'list', items: { type: 'map', properties: { field: text, before: text, after: text } } },
        },
      },
    },
    version: { type: 'number', required: true },
    /** Derived index keys: every line in the book; the lines still in custody; the disposed ones (sparse). */
    bookList: { type: 'string', hidden: true, default: 'book', set: () => 'book' },
    /**
     * Derived sort keys, each `<date>#<entry number, zero-padded>` and present only while the line is in that index
     * (an index's keys are all there or none: sparse): the open inventory by date of receipt, the disposed lines by
     * date of disposition.
     */
    openList: { type: 'string', hidden: true, watch: ['dispositionEntryId'], set: (_: unknown, i: { dispositionEntryId?: string }) => (i.dispositionEntryId ? undefined : 'book') },
    disposedList: { type: 'string', hidden: true, watch: ['dispositionEntryId'], set: (_: unknown, i: { dispositionEntryId?: string }) => (i.dispositionEntryId ? 'book' : undefined) },
    bookKey: { type: 'string', hidden: true, watch: ['acquiredOn', 'lineNumber'], set: (_: unknown, i: LineKeyInput) => sortKey(i.acquiredOn, i.lineNumber) },
    openKey: { type: 'string', hidden: true, watch: ['acquiredOn', 'lineNumber', 'dispositionEntryId'], set: (_: unknown, i: LineKeyInput) => (i.dispositionEntryId ? undefined : sortKey(i.acquiredOn, i.lineNumber)) },
    disposedKey: { type: 'string', hidden: true, watch: ['disposedOn', 'lineNumber', 'dispositionEntryId'], set: (_: unknown, i: LineKeyInput) => (i.dispositionEntryId ? sortKey(i.disposedOn, i.lineNumber) : undefined) },
    /** Derived: what the book's search matches (serial, manufacturer, model, names, order number). */
    searchText: {
      type: 'string',
      hidden: true,
      watch: ['current', 'orderNumber'],
      set: (_: unknown, i: { current?: Record<string, string | undefined>; orderNumber?: string }) =>
        searchTextOf([i.current?.serialNumber, i.current?.manufacturer, i.current?.importer, i.current?.model, i.current?.fromName, i.current?.toName, i.orderNumber]),
    },
  },
  indexes: {
    byOrder: {
      pk: { field: 'pk', composite: ['orderId'] },
      sk: { field: 'sk', composite: [] },
    },
    // The book by date of receipt (then entry number).
    byBook: gsi(1, ['bookList'], ['bookKey']),
    // The firearms in custody now, the longest held first.
    byOpen: gsi(2, ['openList'], ['openKey']),
    // The lines by date of disposition (an export of a date range takes these too).
    byDisposed: gsi(3, ['disposedList'], ['disposedKey']),
  },
} as const

export const bookLineEntity = cachedEntity(bookLineSchema)
