/**
 * `npm run reconcile`: one payment reconciliation run against the portal `npm start` is running
 * (its table, and the dev gateway, or Stripe test mode when STRIPE_SECRET_KEY is set), as the
 * scheduled function does in AWS. Prints what it compared, every difference, and whether it finished.
 */
import { readRunningStack } from '../infra/local/stack-file.ts'

const stack = readRunningStack()
if (!stack) {
  console.error('npm run reconcile: the portal is not running: start it with npm start (in another terminal), then run npm run reconcile again')
  process.exit(1)
}
Object.assign(process.env, { TABLE_NAME: stack.tableName, DYNAMODB_ENDPOINT: stack.dynamoEndpoint, STAGE: 'local', AWS_REGION: process.env.AWS_REGION ?? 'us-east-1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' })
const { runReconciliation } = await import('../functions/jobs/reconcile.ts')
const run = await runReconciliation()
console.log(`Reconciled ${run.mode} payments since ${run.since}: ${run.checked} paid at the provider, ${run.recorded} recorded now, ${run.receiptsFilled} receipts filled in.`)
if (!run.complete) console.log(`Did not finish: ${run.unfinished}`)
if (!run.differences.length) console.log('No differences.')
for (const d of run.differences) console.log(`  ${d.kind.padEnd(26)} ${d.paymentIntentId || '-'}  ${d.detail}`)
// 2: differences to look at; 3: it did not finish (and what it compared may have differences too).
process.exit(!run.complete ? 3 : run.differences.length ? 2 : 0)
