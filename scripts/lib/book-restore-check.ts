/**
 * The A&D book of one table, read whole, and what differs between two of them: the check of a restored table against
 * the live one (scripts/verify-book-restore.ts; docs/deploying.md, "Restore the book from a backup"). Every read is a
 * Query on the book's own keys (the book index for the lines, each line's order partition for its entries, the
 * corrections index) or the Get of the entry-number counter, each followed to its last page: never a Scan.
 */
import { createHash } from 'node:crypto'
import { createConversions } from 'electrodb'
import type { BookEntry, BookLine } from '../../functions/domain/book.ts'
import { BOOK_LINE_COUNTER, bookEntities } from '../../functions/db/repositories/book-writes.ts'
import type { TableConfig } from '../../functions/db/table.ts'

export interface Book {
  table: string
  /** Where it was read from (its entities also give an item's table keys). */
  config: TableConfig
  /** Every line, in line-number order. */
  lines: BookLine[]
  /** Every entry of every line (acquisitions, dispositions, corrections), by line number then entry id. */
  entries: BookEntry[]
  /** Every correction, as the corrections view lists them (its own index). */
  corrections: BookEntry[]
  /** The last entry number given out (the counter the next intake takes its number from). */
  lastLineNumber: number
}

export interface BookSummary {
  lines: number
  entries: Record<BookEntry['kind'], number>
  corrections: number
  lastLineNumber: number
  highestLineNumber: number
  /** sha256 of the lines, of the entries and of the corrections view, each in a fixed order with its keys sorted. */
  digests: { lines: string; entries: string; corrections: string }
}

/** Lines' entries are read this many partitions at a time. */
const CONCURRENCY = 8

/** ElectroDB's query chains as used here (the indexes' hidden keys are not in the entities' typed composites). */
type AllPages = { go(options: { pages: 'all' }): Promise<{ data: unknown[] }> }
type Queries = Record<string, (key: Record<string, string>) => AllPages>

export async function readBook(config: TableConfig): Promise<Book> {
  const { bookLine, bookEntry, counter } = bookEntities(config)
  const lineQueries = bookLine.query as unknown as Queries
  const entryQueries = bookEntry.query as unknown as Queries

  const lines = ((await lineQueries.byBook({ bookList: 'book' }).go({ pages: 'all' })).data as BookLine[]).sort((a, b) => a.lineNumber - b.lineNumber)
  const entries: BookEntry[] = []
  for (let i = 0; i < lines.length; i += CONCURRENCY) {
    const batch = await Promise.all(lines.slice(i, i + CONCURRENCY).map((l) => entryQueries.byOrder({ orderId: l.orderId }).go({ pages: 'all' })))
    for (const { data } of batch) entries.push(...(data as BookEntry[]).sort(byEntryId))
  }
  const corrections = ((await entryQueries.byCorrection({ correctionList: 'book' }).go({ pages: 'all' })).data as BookEntry[]).sort(byEntryId)
  const { data } = await counter.get({ name: BOOK_LINE_COUNTER }).go({ consistent: true })
  return { table: config.table, config, lines, entries, corrections, lastLineNumber: data?.value ?? 0 }
}

const byEntryId = (a: BookEntry, b: BookEntry) => (a.entryId < b.entryId ? -1 : a.entryId > b.entryId ? 1 : 0)

/** JSON with every object's keys sorted: the same record gives the same text whatever order its attributes came in. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

const digest = (records: readonly unknown[]) => createHash('sha256').update(records.map(canonical).join('\n')).digest('hex')

export function summarize(book: Book): BookSummary {
  const entries = { acquisition: 0, disposition: 0, correction: 0 }
  for (const e of book.entries) entries[e.kind] += 1
  return {
    lines: book.lines.length,
    entries,
    corrections: book.corrections.length,
    lastLineNumber: book.lastLineNumber,
    highestLineNumber: book.lines.reduce((max, l) => Math.max(max, l.lineNumber), 0),
    digests: { lines: digest(book.lines), entries: digest(book.entries), corrections: digest(book.corrections) },
  }
}

/** One line of the report for a summary. */
export function describeSummary(table: string, s: BookSummary): string {
  return `${table}: ${s.lines} lines (highest number ${s.highestLineNumber}, counter at ${s.lastLineNumber}), ` +
    `${s.entries.acquisition} acquisitions, ${s.entries.disposition} dispositions, ${s.entries.correction} corrections ` +
    `(${s.corrections} in the corrections view); digests lines ${s.digests.lines.slice(0, 12)}, entries ${s.digests.entries.slice(0, 12)}, corrections ${s.digests.corrections.slice(0, 12)}`
}

/**
 * What differs between the live book and the restored one, in words (none: the same book). The counts, the last
 * numbers and the digests, then which lines and entries are missing, extra or changed (by line number and entry id).
 */
export function compareBooks(live: Book, restored: Book): string[] {
  const a = summarize(live)
  const b = summarize(restored)
  const out: string[] = []
  const same = (what: string, x: unknown, y: unknown) => {
    if (canonical(x) !== canonical(y)) out.push(`${what}: ${canonical(x)} in ${live.table}, ${canonical(y)} in ${restored.table}`)
  }
  same('lines', a.lines, b.lines)
  same('entries by kind', a.entries, b.entries)
  same('corrections in the corrections view', a.corrections, b.corrections)
  same('entry-number counter', a.lastLineNumber, b.lastLineNumber)
  same('highest line number', a.highestLineNumber, b.highestLineNumber)
  same('digest of the lines', a.digests.lines, b.digests.lines)
  same('digest of the entries', a.digests.entries, b.digests.entries)
  same('digest of the corrections view', a.digests.corrections, b.digests.corrections)

  // Each named with its table keys too, for copying an item back (docs/deploying.md, "Restore the book from a backup").
  const { bookLine, bookEntry } = bookEntities(live.config)
  const keys = (entity: unknown, composite: Record<string, string>) => {
    const { pk, sk } = (createConversions(entity as never) as unknown as { fromComposite: { toKeys(c: object): { pk: string; sk: string } } }).fromComposite.toKeys(composite)
    return `[pk ${pk}, sk ${sk}]`
  }
  const lineKey = (l: BookLine) => `line ${l.lineNumber} (order ${l.orderId}) ${keys(bookLine, { orderId: l.orderId })}`
  const entryKey = (e: BookEntry) => `${e.kind} entry ${e.entryId} of line ${e.lineNumber} (order ${e.orderId}) ${keys(bookEntry, { orderId: e.orderId, entryId: e.entryId })}`
  out.push(...recordDifferences(live.lines, restored.lines, lineKey, restored.table), ...recordDifferences(live.entries, restored.entries, entryKey, restored.table))
  return out
}

function recordDifferences<T>(live: readonly T[], restored: readonly T[], key: (r: T) => string, restoredTable: string): string[] {
  const there = new Map(restored.map((r) => [key(r), r]))
  const here = new Map(live.map((r) => [key(r), r]))
  const out: string[] = []
  for (const [k, record] of here) {
    const copy = there.get(k)
    if (copy === undefined) out.push(`${k}: missing from ${restoredTable}`)
    else if (canonical(copy) !== canonical(record)) out.push(`${k}: differs in ${restoredTable} (${changedFields(record, copy).join(', ')})`)
  }
  for (const k of there.keys()) if (!here.has(k)) out.push(`${k}: only in ${restoredTable}`)
  return out
}

/** The attributes that differ between two records, one level into maps (`columns.serialNumber`). */
function changedFields(a: unknown, b: unknown, prefix = '', depth = 2): string[] {
  const isMap = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v)
  if (depth === 0 || !isMap(a) || !isMap(b)) return [prefix || '(the record)']
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()
  return keys.filter((k) => canonical(a[k]) !== canonical(b[k])).flatMap((k) => (isMap(a[k]) && isMap(b[k]) ? changedFields(a[k], b[k], `${prefix}${k}.`, depth - 1) : [`${prefix}${k}`]))
}
