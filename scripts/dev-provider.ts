/**
 * `npm run dev-provider -- <action> <payment>`: plays the card provider's side of what happens outside the portal,
 * against the portal `npm start` is running on the dev gateway (no STRIPE_SECRET_KEY): the dev intent changes as
 * Stripe's charge would, and the events Stripe would send are signed with the local webhook secret and POSTed to the
 * portal's webhook route. <payment> is a payment intent id (pi_dev_…) or an order number (GS-000123: its newest card
 * payment).
 *
 *   refund <payment> [dollars] [--pending]   a refund made in the provider's dashboard (all that is left by default)
 *   refund-succeeds <payment> <re_…>         a pending refund settles
 *   refund-fails <payment> <re_…>            a pending refund fails (the money counts as paid again)
 *   dispute <payment> [dollars]              the customer's card issuer opens a dispute
 *   dispute-won <payment> | dispute-lost <payment>
 *   outage [count]                           the provider answers the next <count> payment or refund creations (1
 *                                            by default) with a 500, as Stripe does when it is down; 0 ends it
 */
import { readRunningStack } from '../infra/local/stack-file.ts'

const stack = readRunningStack()
if (!stack) {
  console.error('npm run dev-provider: the portal is not running: start it with npm start (in another terminal), then run this again')
  process.exit(1)
}
if (process.env.STRIPE_SECRET_KEY) {
  console.error('npm run dev-provider plays the dev gateway only: with STRIPE_SECRET_KEY set, use the Stripe dashboard or `stripe trigger`')
  process.exit(1)
}
Object.assign(process.env, { TABLE_NAME: stack.tableName, DYNAMODB_ENDPOINT: stack.dynamoEndpoint, STAGE: 'local', AWS_REGION: process.env.AWS_REGION ?? 'us-east-1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' })
const [{ defaultTable }, { createDevIntentRepository }, { createOrderRepository }, provider, { signStripePayload }, { LOCAL_WEBHOOK_SECRET }] = await Promise.all([
  import('../functions/db/table.ts'),
  import('../functions/db/repositories/dev-intents.ts'),
  import('../functions/db/repositories/orders.ts'),
  import('../functions/payments/dev-provider.ts'),
  import('../functions/payments/stripe-events.ts'),
  import('../functions/lib/stripe-secrets.ts'),
])
const intents = createDevIntentRepository(defaultTable())
const [action, payment, ...rest] = process.argv.slice(2)
const usage = () => {
  console.error('usage: npm run dev-provider -- refund|refund-succeeds|refund-fails|dispute|dispute-won|dispute-lost <pi_…|GS-000123> [dollars|re_…] [--pending]')
  console.error('       npm run dev-provider -- outage [count]')
  process.exit(1)
}
if (action === 'outage') {
  const count = payment === undefined ? 1 : Number(payment)
  if (!Number.isInteger(count) || count < 0) usage()
  await intents.setOutage(count)
  console.log(count ? `the dev provider answers the next ${count} payment or refund creation(s) with a 500` : 'the dev provider is up again')
  process.exit(0)
}
if (!action || !payment) usage()

async function intentOf(typed: string): Promise<string> {
  if (typed.startsWith('pi_')) return typed
  const orders = createOrderRepository(defaultTable())
  const order = await orders.findOrder(typed)
  const detail = order && (await orders.getOrderDetail(order.orderId))
  const card = detail?.payments.filter((p) => p.paymentIntentId && p.paymentStatus === 'successful' && (p.kind ?? 'payment') !== 'refund').sort((a, b) => b.paymentDate.localeCompare(a.paymentDate))[0]
  if (!card) throw new Error(`No card payment found for ${typed}`)
  return card.paymentIntentId
}
const cents = (dollars: string | undefined) => (dollars && !dollars.startsWith('-') ? Math.round(Number(dollars) * 100) : undefined)

const pi = await intentOf(payment!)
const arg = rest.find((a) => !a.startsWith('--'))
const played =
  action === 'refund'
    ? await provider.dashboardRefund(intents, pi, { amountCents: cents(arg), pending: rest.includes('--pending') })
    : action === 'refund-succeeds' || action === 'refund-fails'
      ? await provider.settleDevRefund(intents, pi, arg ?? usage()!, action === 'refund-succeeds' ? 'succeeded' : 'failed')
      : action === 'dispute'
        ? await provider.openDevDispute(intents, pi, { amountCents: cents(arg) })
        : action === 'dispute-won' || action === 'dispute-lost'
          ? await provider.closeDevDispute(intents, pi, action === 'dispute-won' ? 'won' : 'lost')
          : usage()!
for (const event of played.events) {
  const payload = JSON.stringify(event)
  const res = await fetch(`${stack.url}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': await signStripePayload(payload, LOCAL_WEBHOOK_SECRET) }, body: payload })
  console.log(`${event.type.padEnd(34)} → ${res.status} ${await res.text()}`)
}
if ('refund' in played) console.log(`refund ${played.refund.id}: ${played.refund.status}`)
if ('disputeId' in played) console.log(`dispute ${played.disputeId}`)
