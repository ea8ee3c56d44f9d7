/**
 * The parts of ElectroDB the functions use, imported from the package's own files: its
 * `index.js` (CommonJS, so a bundler cannot drop what it does not use) also loads the `Service`
 * class, ~19 KB of every function's cold start (300 KB budget, test/unit/bundle-budget.test.ts)
 * for what service.ts does in a few lines. Import ElectroDB's values from here, its types from
 * 'electrodb' (the layer check refuses anything else).
 */
import conversions from 'electrodb/src/conversions.js'
import entity from 'electrodb/src/entity.js'
import transaction from 'electrodb/src/transaction.js'
import { installLazyOperationProxies } from './lazy-operation-proxies.ts'

installLazyOperationProxies()

export const Entity: typeof import('electrodb').Entity = entity.Entity
export const createConversions: typeof import('electrodb').createConversions = conversions.createConversions
export const createWriteTransaction: typeof import('electrodb').createWriteTransaction = transaction.createWriteTransaction
