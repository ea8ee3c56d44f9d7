import { countDeltas, ZERO_COUNTS, type LedgerCounts } from '#functions/domain/ledger-stats.ts'
import type { Payment } from '#functions/domain/order.ts'
import { isConditionalFailure } from '../conditions.ts'
import { replaceCounters, stillAs } from '../repositories/ledger-counters.ts'
import { createService } from '../service.ts'
import type { TableConfig } from '../table.ts'
import { backfillUnreadNotifications } from './unread-notifications.ts'
import { countReceivables } from './receivables.ts'
import { listMissingFromBook } from './missing-from-book.ts'

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
    description: 'ledger entries, orders and profiles get their sort, search and lookup keys (gsi3–gsi7: the admin payments page, serial and email lookups)',
    async run(config) {
      const [entries, orders, profiles] = [await rewriteEntries(config), await rewriteOrders(config), await rewriteProfiles(config)]
      return `${entries} ledger entries, ${orders} orders, ${profiles} profiles rewritten`
    },
  },
  {
    id: '2026-11-ledger-counters',
    description: 'the ledger counters behind the admin payments stat cards start from a full count',
    async run(config) {
      const { entries, counters } = await recountLedger(config)
      return `${entries} ledger entries counted into ${counters} counters`
    },
  },
  {
    // A data folder that ran the one above before the order and customer lists had their keys gets them now.
    id: '2026-11-list-keys',
    description: 'orders and profiles get the keys of the admin order and customer lists (gsi4–gsi7: status, update time, customer; phone; search text)',
    async run(config) {
      const [orders, profiles] = [await rewriteOrders(config), await rewriteProfiles(config)]
      return `${orders} orders, ${profiles} profiles rewritten`
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
  {
    id: '2026-11-archived-customers',
    description: 'archived customers get the keys of the archived customer list (gsi2: the latest archived first), so staff can find and restore them',
    async run(config) {
      return `${await rewriteProfiles(config, true)} archived profiles rewritten`
    },
  },
  {
    id: '2026-11-receivables',
    description: 'orders are counted into the receivables (the staff Receivables page: the orders with a balance due, their totals and aging; gsi8)',
    async run(config) {
      const { orders, counted } = await countReceivables(config)
      return `${orders} orders read, ${counted} with a balance due counted`
    },
  },
  {
    id: '2026-12-missing-from-book',
    description: 'orders whose status says the firearm came in, with no intake recorded, are listed as missing from the A&D book (staff record their intake there)',
    async run(config) {
      const { orders, listed } = await listMissingFromBook(config)
      return `${orders} orders read, ${listed} listed as missing from the A&D book`
    },
  },
  {
    id: '2026-12-service-types',
    description: "the price list (Settings → Service Types) starts with the spec's seven service types when the shop has none",
    async run(config) {
      const { createServiceTypeRepository } = await import('../repositories/service-types.ts')
      const added = await createServiceTypeRepository(config).seedIfEmpty()
      return `${added} service types added`
    },
  },
  {
    id: '2026-12-work-dates',
    description: 'orders are counted into the staff dashboard (waiting for intake, in custody, awaiting approval, ready), and finished ones into the turnaround report',
    async run(config) {
      const { countWorkDates } = await import('./work-dates.ts')
      const { orders, counted, ready } = await countWorkDates(config)
      return `${orders} orders read, ${counted} counted into the dashboard, ${ready} into the turnaround`
    },
  },
]

/**
 * Sets the ledger counters to a full count of the ledger (a Scan): the migration above, and data
 * written around the repositories (the bench's bulk seed). Entries written meanwhile may be missed.
 */
export async function recountLedger(config: TableConfig): Promise<{ entries: number; counters: number }> {
  const all = (await createService(config).entities.payment.scan.go({ pages: 'all' })).data as Payment[]
  return countLedgerInto(config, all)
}

/** Sets the ledger counters to a count of these entries (the whole ledger: recountLedger, or a bulk seed that knows what it wrote). */
export async function countLedgerInto(config: TableConfig, all: readonly Payment[]): Promise<{ entries: number; counters: number }> {
  const totals = new Map<string, LedgerCounts>()
  for (const [bucket, d] of countDeltas(all.map((p) => ({ before: null, after: p })))) totals.set(bucket, { ...ZERO_COUNTS, ...d })
  await replaceCounters(createService(config).entities, totals)
  return { entries: all.length, counters: totals.size }
}

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

/** Every profile (or every archived one) written again with the keys ElectroDB derives, unless it changed meanwhile. */
async function rewriteProfiles(config: TableConfig, archivedOnly = false): Promise<number> {
  const { profile } = createService(config).entities
  const scan = archivedOnly ? profile.scan.where(({ isArchived }, { eq }) => eq(isArchived, true)) : profile.scan
  let n = 0
  for (const p of (await scan.go({ pages: 'all' })).data) {
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
