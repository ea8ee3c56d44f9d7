/**
 * Paging cursors are ElectroDB's: the last key a page read, as base64url JSON. They come back
 * from the client, so a repository either checks one before using it (InvalidCursorError) or
 * lets DynamoDB refuse it (isCursorError); both are bad input to the use case, never a 500.
 */

/** The cursor is not one this list gave out (tampered with, or another user's or list's). */
export class InvalidCursorError extends Error {
  constructor() {
    super('Invalid cursor')
    this.name = 'InvalidCursorError'
  }
}

/** A refusal of the cursor: ours, ElectroDB's ("Unable to parse cursor") or DynamoDB's (a start key outside the query). */
export const isCursorError = (err: unknown): boolean =>
  err instanceof InvalidCursorError || (err instanceof Error && /cursor|ExclusiveStartKey|starting key|ValidationException/i.test(`${err.name} ${err.message}`))

/** The table key a cursor stands for, or null when it is not a `{ pk, sk }` of strings. */
export function decodeCursor(cursor: string): { pk: string; sk: string } | null {
  let key: unknown
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!key || typeof key !== 'object' || Array.isArray(key)) return null
  const { pk, sk, ...rest } = key as Record<string, unknown>
  if (typeof pk !== 'string' || typeof sk !== 'string' || Object.keys(rest).length) return null
  return { pk, sk }
}

/**
 * The start key of a cursor over one user's items (a partition and the sort-key prefix of its items):
 * anything else (another user's, another kind's, made up) is refused before DynamoDB sees it.
 */
export function ownStartKey(cursor: string, own: { pk: string; sk: string }): { pk: string; sk: string } {
  const key = decodeCursor(cursor)
  if (!key || key.pk !== own.pk || !key.sk.startsWith(own.sk) || key.sk.length === own.sk.length) throw new InvalidCursorError()
  return key
}

export const encodeCursor = (key: { pk: string; sk: string }): string => Buffer.from(JSON.stringify({ pk: key.pk, sk: key.sk })).toString('base64url')
