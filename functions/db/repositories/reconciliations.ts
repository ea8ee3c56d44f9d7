import { reconciliationEntity } from '../entities/reconciliation.ts'
import type { TableConfig } from '../table.ts'

/** One run of the payment reconciliation (functions/use-cases/reconcile-payments.ts): what it compared and found. */
export interface ReconciliationRun {
  ranAt: string
  since: string
  mode: string
  /** False when the run stopped at its time budget before it had compared its whole window (`unfinished` says where). */
  complete: boolean
  unfinished?: string
  /** The provider's charges it compared. */
  checked: number
  recorded: number
  receiptsFilled: number
  differences: Array<{ paymentIntentId: string; kind: string; detail: string }>
}

/** The reports of the reconciliation runs, apart from the payment write path (only the reconcile job writes them). */
export interface ReconciliationRepository {
  /** Keeps a run's report (newest first for staff). */
  save(run: ReconciliationRun): Promise<void>
  /** The last runs, newest first. */
  list(limit: number): Promise<ReconciliationRun[]>
}

export function createReconciliationRepository({ table, client }: TableConfig): ReconciliationRepository {
  const reconciliation = reconciliationEntity({ table, client })
  return {
    async save(run) {
      await reconciliation.put({ kind: 'run', ...run }).go()
    },
    async list(limit) {
      const { data } = await reconciliation.query.byRun({ kind: 'run' }).go({ order: 'desc', limit })
      // Runs stored before `complete` existed read as complete: they had no budget to stop at.
      return data.map(({ kind: _k, ...r }) => ({ ...r, complete: r.complete ?? true, differences: r.differences ?? [] })) as ReconciliationRun[]
    },
  }
}
