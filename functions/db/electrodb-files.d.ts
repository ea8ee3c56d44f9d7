// ElectroDB's own files (functions/db/electrodb.ts), typed by its index.
declare module 'electrodb/src/entity.js' {
  const entity: { Entity: typeof import('electrodb').Entity }
  export default entity
}
declare module 'electrodb/src/conversions.js' {
  const conversions: { createConversions: typeof import('electrodb').createConversions }
  export default conversions
}
declare module 'electrodb/src/transaction.js' {
  const transaction: { createWriteTransaction: typeof import('electrodb').createWriteTransaction }
  export default transaction
}
declare module 'electrodb/src/operations.js' {
  // Untyped by its index: functions/db/lazy-operation-proxies.ts types what it touches.
  const operations: Record<string, unknown>
  export default operations
}
