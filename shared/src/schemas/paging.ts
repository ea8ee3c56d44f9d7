import * as z from './zod.ts'

/** Every paged list's answer to a cursor it did not give out (tampered with, too long, another list's). */
export const INVALID_CURSOR = 'Invalid cursor'

/**
 * The `cursor` query parameter of every paged list: the previous page's `cursor`, unchanged. Opaque to the
 * client (ElectroDB's last key, some prefixed with their kind); the route checks it further.
 */
export const cursorParam = z.optional(z.string({ error: INVALID_CURSOR }).check(z.minLength(1, INVALID_CURSOR), z.maxLength(2048, INVALID_CURSOR)))

/** The message of a `limit` outside 1–max. */
export const limitRange = (max: number) => `limit must be between 1 and ${max}`

/** The `limit` query parameter of every paged list: a whole number from 1 to `max`, `fallback` when absent. */
export const limitParam = (fallback: number, max: number) => {
  const range = limitRange(max)
  return z._default(z.coerce.number({ error: range }).check(z.int(range), z.gte(1, range), z.lte(max, range)), fallback)
}

export const SEARCH_MAX_LENGTH = 200
const SEARCH_TOO_LONG = `search must be at most ${SEARCH_MAX_LENGTH} characters`

/** The `search` query parameter of the admin lists: at most 200 characters, trimmed ('' when absent). */
export const searchParam = z.pipe(
  z.optional(z.string({ error: SEARCH_TOO_LONG }).check(z.maxLength(SEARCH_MAX_LENGTH, SEARCH_TOO_LONG))),
  z.transform((s: string | undefined) => s?.trim() ?? ''),
)
