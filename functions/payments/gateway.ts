import type { PaymentsMode } from '../domain/payment.ts'

/** What the server asks a card provider for (amounts in integer cents; USD only). */
export interface CreateIntentRequest {
  amountCents: number
  /** Same key, same intent: a double click or a retried request reuses it. */
  idempotencyKey: string
  description: string
  receiptEmail?: string
  /** Informational only: the webhook finds the checkout by the intent id. */
  metadata: Record<string, string>
}

export interface CreatedIntent {
  paymentIntentId: string
  clientSecret: string
  amountCents: number
}

/** The PaymentGateway port: Stripe in production, the dev gateway on the local stack without a key. */
export interface PaymentGateway {
  readonly mode: PaymentsMode
  /** Throws the contract's errors: "Payment failed: …" 402, "Invalid request: …" 400, "Payment processing error: …" 502. */
  createIntent(req: CreateIntentRequest): Promise<CreatedIntent>
  /** The intent as the provider holds it (the source of truth for what was charged); null when it has none by that id. */
  retrieveIntent(paymentIntentId: string): Promise<ProviderIntent | null>
}

/** What the provider says of a PaymentIntent, whatever the webhook event carried. */
export interface ProviderIntent {
  id: string
  status: string
  amountCents: number
  amountReceivedCents: number
  currency: string
  /** The receipt of its latest charge, when there is one. */
  receiptUrl: string | null
}
