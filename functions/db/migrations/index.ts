import { countDeltas, ZERO_COUNTS, type LedgerCounts } from '#functions/domain/ledger-stats.ts'
import type { Payment } from '#functions/domain/order.ts'
import { isConditionalFailure } from '../conditions.ts'
import { replaceCounters, stillAs } from '../repositories/ledger-counters.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { backfillUnreadNotifications } from './unread-notifications.ts'

/**
 * Changes to stored data that a new version needs, each run once per table, in order: `npm start`
 * runs them on the local data folder, `npm run migrate -- --stage <stage>` on a deployed table
 * (docs/deploying.md). Off the request path, so they may Scan. Each is safe to run again (it is, if
 * stopped half-way) and safe while the portal runs (every rewrite is conditioned on what was read).
 */
export interface Migration {
  id: string
  /** What it does, printed when it runs. */
  description: string
  run(config: TableConfig): Promise<string>
}

export const MIGRATIONS: readonly Migration[] = [
  {
    id: '2026-11-ledger-indexes',
    description: 'ledger entries, orders and profiles get their sort, search and lookup keys (gsi3–gsi7)',
    async run(config) {
      const [entries, orders, profiles] = [await rewriteEntries(config), await rewriteOrders(config), await rewriteProfiles(config)]
      return `${entries} ledger entries, ${orders} orders, ${profiles} profiles rewritten`
    },
  },
  {
    id: '2026-11-ledger-counters',
    description: 'the ledger counters behind the admin payments stat cards start from a full count',
    async run(config) {
      const { payment } = createService(config).entities
      const all = (await payment.scan.go({ pages: 'all' })).data as Payment[]
      const totals = new Map<string, LedgerCounts>()
      for (const [bucket, d] of countDeltas(all.map((p) => ({ before: null, after: p })))) totals.set(bucket, { ...ZERO_COUNTS, ...d })
      await replaceCounters(createService(config).entities, totals)
      return `${all.length} ledger entries counted into ${totals.size} counters`
    },
  },
  {
    id: '2026-11-unread-notifications',
    description: "each user's unread-notification count starts from their notifications",
    async run(config) {
      const { users } = await backfillUnreadNotifications(config)
      return `${users} users counted`
    },
  },
]

/** Runs the migrations this table has not had yet; returns one line per migration run. */
export async function runMigrations(config: TableConfig, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  const { counter } = createService(config).entities
  const done: string[] = []
  for (const m of migrations) {
    const name = `migration#${m.id}`
    const { data } = await counter.get({ name }).go({ consistent: true })
    if (data) continue
    const result = await m.run(config)
    await counter.put({ name, value: Date.now() }).go()
    done.push(`${m.id}: ${m.description} (${result})`)
  }
  return done
}

/** Every stored ledger entry written again (ElectroDB adds the keys and attributes it derives), unless it changed meanwhile. */
async function rewriteEntries(config: TableConfig): Promise<number> {
  const { payment } = createService(config).entities
  let n = 0
  for (const p of (await payment.scan.go({ pages: 'all' })).data as Payment[]) {
    n += await unlessChanged(() => payment.put(p).where(stillAs(p)).go())
  }
  return n
}

async function rewriteOrders(config: TableConfig): Promise<number> {
  const { order } = createService(config).entities
  let n = 0
  for (const o of (await order.scan.go({ pages: 'all' })).data) {
    n += await unlessChanged(() => order.put(o).where(({ version }, { eq }) => eq(version, o.version)).go())
  }
  return n
}

async function rewriteProfiles(config: TableConfig): Promise<number> {
  const { profile } = createService(config).entities
  let n = 0
  for (const p of (await profile.scan.go({ pages: 'all' })).data) {
    n += await unlessChanged(() => profile.put(p).where(({ updatedAt }, { eq }) => eq(updatedAt, p.updatedAt)).go())
  }
  return n
}

/** 1 when rewritten; 0 when a live write changed the item first (it then has its keys already). */
async function unlessChanged(write: () => Promise<unknown>): Promise<number> {
  try {
    await write()
    return 1
  } catch (err) {
    if (isConditionalFailure(err)) return 0
    throw err
  }
}
