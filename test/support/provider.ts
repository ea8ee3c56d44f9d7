import type { ProviderIntent } from '../../functions/payments/gateway.ts'

/** What the provider says of an intent that received `amountCents` in USD (override any field). */
export const providerIntent = (id: string, amountCents: number, over: Partial<ProviderIntent> = {}): ProviderIntent => ({
  id,
  status: 'succeeded',
  amountCents,
  amountReceivedCents: amountCents,
  currency: 'usd',
  receiptUrl: null,
  clientSecret: `${id}_secret_test`,
  lastPaymentError: null,
  created: 1_700_000_000,
  metadata: {},
  ...over,
})
