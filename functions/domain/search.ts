/**
 * How text is matched in the admin lists: case, accents and runs of spaces do not matter ("JOSÉ  smith"
 * finds "Jose Smith"). Stored items keep a normalized copy of their searchable fields, so a search is a
 * `contains` on one attribute of a bounded page, never a read of everything.
 */
export function normalizeText(s: string): string {
  return s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

/** The stored search attribute: the fields joined by a separator no typed search contains. */
export const searchTextOf = (fields: ReadonlyArray<string | undefined | null>) => fields.map((f) => normalizeText(f ?? '')).filter(Boolean).join(' | ')

/** A serial as the lookup index keys it: case and spaces or dashes typed differently still match. */
export const serialKeyOf = (serial: string) => serial.toUpperCase().replace(/[\s-]+/g, '')

/**
 * An email as the lookup index keys it: shared/src/validation.ts's normalizeEmail (trimmed, lower case), written out
 * here because this module is in every route's bundle and the validation module is not (a unit test keeps
 * the two equal).
 */
export const emailKeyOf = (email: string) => email.trim().toLowerCase()

/** The customer sort key of the admin ledger: the name without case or accents; a blank name sorts as Unknown. */
export const nameSortKey = (name: string) => normalizeText(name) || 'unknown'

/**
 * Items one page of a text search (the admin order, customer and payment lists) may read before it
 * answers with what it found and where to go on: one Query of at most this many (db/filtered-pages.ts).
 */
export const TEXT_SEARCH_READ_BUDGET = 300
