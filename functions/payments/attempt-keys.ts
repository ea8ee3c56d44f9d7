import type { ProviderAttemptRepository } from '../db/repositories/provider-attempts.ts'
import { PaymentProviderError } from '../lib/errors.ts'
import type { PaymentGateway } from './gateway.ts'

/**
 * The idempotency key of one attempt: the caller's key names the payment or refund (attempt 0 sends it as it is), and
 * each attempt after a failed one adds its number. docs/architecture.md, "Idempotency keys", has the whole scheme.
 */
export const attemptKey = (key: string, attempt: number) => (attempt === 0 ? key : `${key}-a${attempt}`)

/**
 * The gateway with keys that name the attempt. The provider saves the first answer under a key, a 500 too, and
 * replays it to every request with that key for a day; so after a 5xx, a timeout or an unreachable provider (the
 * gateways' 502) the next request uses the next attempt's key and goes through once the provider is back. Requests
 * on the same attempt share its key: a double click or a concurrent retry is still one intent, one refund. An
 * abandoned intent is never handed to a browser, so nobody can pay it; a refund is money going out, so before a new
 * attempt the provider is asked whether an earlier one was made after all (its answer lost) and that one is used.
 */
export function withAttemptKeys({ gateway, attempts }: { gateway: PaymentGateway; attempts: ProviderAttemptRepository }): PaymentGateway {
  async function onAttempt<R>(key: string, send: (attempt: number) => Promise<R>): Promise<R> {
    const attempt = await attempts.current(key)
    try {
      return await send(attempt)
    } catch (err) {
      // A refusal (400, 402) is the provider's answer and stands; anything else leaves the attempt unanswered.
      if (err instanceof PaymentProviderError) await attempts.advance(key, attempt)
      throw err
    }
  }
  return {
    ...gateway,
    createIntent: (req) => onAttempt(req.idempotencyKey, (attempt) => gateway.createIntent({ ...req, idempotencyKey: attemptKey(req.idempotencyKey, attempt) })),
    refund: (req) =>
      onAttempt(req.idempotencyKey, async (attempt) => {
        if (attempt > 0) {
          const earlierKeys = Array.from({ length: attempt }, (_, n) => attemptKey(req.idempotencyKey, n))
          const made = await gateway.findRefund({ paymentIntentId: req.paymentIntentId, metadata: req.metadata, idempotencyKeys: earlierKeys })
          if (made) return made
        }
        return gateway.refund({ ...req, idempotencyKey: attemptKey(req.idempotencyKey, attempt) })
      }),
  }
}
