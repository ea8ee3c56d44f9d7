import { loadStripeSdk } from './stripe-sdk.ts'

/** The subset of a Stripe event the webhook reads (the event's PaymentIntent snapshot). */
export interface PaymentIntentEvent {
  id: string
  type: string
  created: number
  data: {
    object: {
      id: string
      object?: string
      amount?: number
      status?: string
      latest_charge?: string | { id: string; receipt_url?: string | null } | null
      last_payment_error?: { message?: string | null } | null
      metadata?: Record<string, string>
      /** Of a Charge, a Refund or a Dispute: the intent whose charge it is. */
      payment_intent?: string | { id: string } | null
    }
  }
}

/** Verifies the Stripe-Signature header over the exact raw body; throws on any mismatch (or a stale timestamp). */
export async function verifyStripeEvent(rawBody: string, signature: string | undefined, secret: string): Promise<PaymentIntentEvent> {
  if (!signature) throw new Error('Missing Stripe-Signature header')
  const Stripe = await loadStripeSdk()
  return Stripe.webhooks.constructEvent(rawBody, signature, secret) as unknown as PaymentIntentEvent
}

/** Signs a payload exactly as Stripe does (dev gateway deliveries and tests). */
export async function signStripePayload(payload: string, secret: string, timestamp?: number): Promise<string> {
  const Stripe = await loadStripeSdk()
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) })
}
