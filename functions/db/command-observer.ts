import { decorateDocumentClient } from './client.ts'

/** What one request read: items DynamoDB evaluated (a Query's or Scan's ScannedCount, filtered-out ones too), or items a Get returned. */
export interface CommandRead {
  items: number
}

/**
 * Sees every DynamoDB command the functions' client sends ('GetItemCommand', 'QueryCommand', ...), once, in the
 * order sent, when its answer (and those of the ones sent before it) are in: with what it read (`read`: see
 * itemsRead), or without it when the request failed. Tests only (this module is in no bundle).
 */
export type CommandObserver = (commandName: string, read?: CommandRead) => void

let observer: CommandObserver | undefined

interface Observed {
  name: string
  read?: CommandRead
  done: boolean
}
/** Requests sent and not yet reported, in the order sent. */
const observed: Observed[] = []

/**
 * Registers (or, with undefined, removes) the one command observer. Nothing is registered by default. The
 * read-budget tests count requests per route with it, the list-bounds tests the items each one read.
 */
export function setCommandObserver(fn: CommandObserver | undefined) {
  observer = fn
  if (!fn) return
  decorateDocumentClient((client) =>
    client.observe((operation) => {
      const entry: Observed = { name: `${operation}Command`, done: false }
      observed.push(entry)
      return ({ output }) => {
        if (output) entry.read = { items: itemsRead(entry.name, output) }
        entry.done = true
        // Reported in the order sent (requests sent together may answer in any order).
        while (observed[0]?.done) {
          const e = observed.shift()!
          observer?.(e.name, e.read)
        }
      }
    }),
  )
}

/**
 * The items a request read, from its answer: a Query or Scan its ScannedCount (every item it evaluated,
 * before a filter), a GetItem 1 or 0, a BatchGetItem the items of every table it answered, a
 * TransactGetItems the items found. Writes read nothing here (0).
 */
export function itemsRead(commandName: string, output: unknown): number {
  const o = (output ?? {}) as { ScannedCount?: number; Item?: unknown; Responses?: unknown }
  switch (commandName) {
    case 'QueryCommand':
    case 'ScanCommand':
      return o.ScannedCount ?? 0
    case 'GetItemCommand':
      return o.Item ? 1 : 0
    case 'BatchGetItemCommand':
      return Object.values((o.Responses ?? {}) as Record<string, unknown[]>).reduce((n, items) => n + (Array.isArray(items) ? items.length : 0), 0)
    case 'TransactGetItemsCommand':
      return Array.isArray(o.Responses) ? o.Responses.filter((r) => r && typeof r === 'object' && 'Item' in r && r.Item).length : 0
    default:
      return 0
  }
}
