import * as z from './zod.ts'

/** Every paged list's answer to a cursor it did not give out (tampered with, too long, another list's). */
export const INVALID_CURSOR = 'Invalid cursor'

/**
 * The `cursor` query parameter of every paged list: the previous page's `cursor`, unchanged. Opaque to the
 * client (ElectroDB's last key, some prefixed with their kind); the route checks it further.
 */
export const cursorParam = z.optional(z.string({ error: INVALID_CURSOR }).check(z.minLength(1, INVALID_CURSOR), z.maxLength(2048, INVALID_CURSOR)))
