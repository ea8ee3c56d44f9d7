import { randomBytes, randomUUID } from 'node:crypto'

/** Ids that sort by creation time (so a key on the id alone lists newest first), unique by their random tail. */
export function sortableId(now = Date.now()): string {
  return `${now.toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`
}

export const uuid = () => randomUUID()
