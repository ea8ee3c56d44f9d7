import { counterEntity } from '../entities/counter.ts'
import { isConditionalFailure } from '../conditions.ts'
import type { TableConfig } from '../table.ts'

/** Stripe prunes an idempotency key after 24 hours: an attempt counter is kept for two days, then the table's TTL drops it. */
const KEEP_SECONDS = 2 * 24 * 3600

/**
 * Which attempt a request to the card provider is on (payments/attempt-keys.ts): a counter item per request name,
 * 0 until an attempt failed without an answer the provider stands by.
 */
export interface ProviderAttemptRepository {
  current(name: string): Promise<number>
  /** Moves `name` past `attempt`, which failed; a counter another request already moved is left as it is. */
  advance(name: string, attempt: number, now?: Date): Promise<void>
}

const counterName = (name: string) => `providerAttempt#${name}`

export function createProviderAttemptRepository(config: TableConfig): ProviderAttemptRepository {
  const counter = counterEntity(config)
  return {
    async current(name) {
      const { data } = await counter.get({ name: counterName(name) }).go({ consistent: true })
      return data?.value ?? 0
    },
    async advance(name, attempt, now = new Date()) {
      try {
        await counter
          .update({ name: counterName(name) })
          .set({ value: attempt + 1, ttl: Math.floor(now.getTime() / 1000) + KEEP_SECONDS })
          .where((a, op) => (attempt === 0 ? `${op.notExists(a.value)} OR ${op.eq(a.value, 0)}` : op.eq(a.value, attempt)))
          .go()
      } catch (err) {
        // Another request that failed on the same attempt moved it first: one step is enough.
        if (!isConditionalFailure(err)) throw err
      }
    },
  }
}
