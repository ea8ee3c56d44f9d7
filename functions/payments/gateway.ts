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
  /**
   * Cancels an open intent so it can never be paid. Answers the provider's status afterwards:
   * 'canceled' (also when it already was), or the status that prevents it ('succeeded', 'processing').
   * Null when the provider has no such intent.
   */
  cancelIntent(paymentIntentId: string): Promise<{ status: string } | null>
  /**
   * Refunds part or all of a succeeded intent's charge. The same idempotency key returns the same refund
   * (a retried request refunds once). Throws the contract's errors as createIntent does.
   */
  refund(req: RefundRequest): Promise<ProviderRefund>
  /**
   * The refund of an intent that one of a refund's earlier requests made, if the provider has one (their answers were
   * lost: a timeout, a 5xx). Stripe shows no idempotency key on a refund, so it is told by its metadata (all of
   * `metadata`); the dev gateway keeps the keys and tells it by `idempotencyKeys`.
   */
  findRefund(req: { paymentIntentId: string; metadata: Record<string, string>; idempotencyKeys: string[] }): Promise<ProviderRefund | null>
  /**
   * The provider's succeeded charges made from `since` to `until` (both included, to the second), newest first
   * (reconciliation): a payment is listed by when it was paid, whenever its intent was created. Reads `pageSize`
   * charges a request, the next page only when the caller asks for more, so a caller that stops early reads no further.
   */
  listSucceededCharges(opts: { since: Date; until: Date; pageSize: number }): AsyncIterable<ProviderCharge>
  /**
   * Every refund of an intent's charge as the provider holds it now (whoever made it: this portal, or the provider's
   * dashboard), oldest first: what the refund webhook events record.
   */
  listRefunds(paymentIntentId: string): Promise<ProviderRefundDetail[]>
  /** A dispute as the provider holds it now; null when it has none by that id. */
  retrieveDispute(disputeId: string): Promise<ProviderDispute | null>
}

/** A refund of a charge, as the provider reports it (Stripe's Refund). */
export interface ProviderRefundDetail extends ProviderRefund {
  paymentIntentId: string
  /** Unix seconds. */
  created: number
  /** What this portal stored with a refund it made (`orderId`, `ledgerEntry`); empty for one made at the provider. */
  metadata: Record<string, string>
  /** Why it failed, when it did. */
  failureReason: string | null
}

/** A dispute of a charge (a chargeback or an inquiry), as the provider reports it (Stripe's Dispute). */
export interface ProviderDispute {
  id: string
  paymentIntentId: string
  amountCents: number
  /** warning_needs_response, warning_under_review, warning_closed, needs_response, under_review, won, lost, prevented. */
  status: string
  reason: string
}

/** A succeeded charge as the provider holds it now (Stripe's Charge): what it received, gave back, and any dispute. */
export interface ProviderCharge {
  id: string
  /** The intent that made it; null for a charge made without one (not this portal's). */
  paymentIntentId: string | null
  /** Unix seconds: when the charge was made. A card charge succeeds at once, so this is when the payment was made. */
  created: number
  /** What it captured, in cents. */
  amountCents: number
  /** What was refunded of it, in cents (from anywhere: this portal or the provider's dashboard). */
  amountRefundedCents: number
  currency: string
  receiptUrl: string | null
  /** The status of its dispute ('needs_response', 'under_review', 'won', 'lost', …); null when it has none. */
  disputeStatus: string | null
}

export interface RefundRequest {
  paymentIntentId: string
  amountCents: number
  idempotencyKey: string
  /** Stored as the refund's metadata. */
  metadata: Record<string, string>
}

export interface ProviderRefund {
  refundId: string
  /** Stripe's: 'succeeded', 'pending' (settles later), 'failed', 'canceled', 'requires_action'. */
  status: string
  amountCents: number
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
  /** The secret the browser confirms with (an open intent is handed out again instead of making a new one). */
  clientSecret: string | null
  /** The last decline's message, when the latest attempt failed. */
  lastPaymentError: string | null
  /** Unix seconds. */
  created: number
  metadata: Record<string, string>
}
