/**
 * The single table's keys: one place, read by the CDK data stack, the monitoring stack and the local stack.
 *
 * gsi1 and gsi2 serve the first lists (a customer's items, the admin order lists, the ledger by date);
 * gsi3–gsi7 are overloaded by entity so that every admin list sorts and filters through an index; gsi8 holds
 * the orders with a balance due (receivables, sparse); gsi9 the open orders with a promised date and gsi10 each staff
 * member's bench (both sparse) (docs/architecture.md, "The single table", has what each
 * entity keeps in each).
 */
const gsi = <N extends number>(n: N) => ({ indexName: `gsi${n}`, partitionKey: `gsi${n}pk`, sortKey: `gsi${n}sk` }) as const

export const tableKeys = {
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: [gsi(1), gsi(2), gsi(3), gsi(4), gsi(5), gsi(6), gsi(7), gsi(8), gsi(9), gsi(10)],
  ttlAttribute: 'ttl',
} as const

export const INDEX_NAMES: readonly string[] = tableKeys.indexes.map((i) => i.indexName)
