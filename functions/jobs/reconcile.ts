import { requireEnv } from '../lib/env.ts'
import { log } from '../lib/logger.ts'
import { reconcilePayments } from '../use-cases/reconcile-payments.ts'
import { checkoutRepository, ledgerRepository, orderRepository, paymentGateway, providerLedgerRepository, reconciliationRepository } from '../compose.ts'

/** One reconciliation run against this environment's provider and table (the scheduled function, and `npm run reconcile` locally). */
export async function runReconciliation(now?: () => Date) {
  return reconcilePayments({
    gateway: await paymentGateway(),
    orders: await orderRepository(),
    payments: await checkoutRepository(),
    ledger: await ledgerRepository(),
    providerLedger: await providerLedgerRepository(),
    runs: await reconciliationRepository(),
    now,
  })
}

// Fails the cold start, not a run, when the stack did not set the table.
requireEnv('tableName')

/**
 * The scheduled function (an EventBridge rule in the CDK app): compares the provider's payments of the
 * last week with the ledger. A failure throws, so the function's error alarm fires; a run out of time is
 * stored and logged unfinished (the ReconcileUnfinished alarm), not thrown: a retry would stop there too.
 */
export async function handler(): Promise<{ complete: boolean; checked: number; recorded: number; differences: number }> {
  const run = await runReconciliation()
  log.info('reconciliation run', { complete: run.complete, checked: run.checked, recorded: run.recorded, receiptsFilled: run.receiptsFilled, differences: run.differences.length })
  return { complete: run.complete, checked: run.checked, recorded: run.recorded, differences: run.differences.length }
}
