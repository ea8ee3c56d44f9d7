import { counterEntity } from '../entities/counter.ts'
import { devIntentEntity } from '../entities/dev-intent.ts'
import type { TableConfig } from '../table.ts'
import { isConditionalFailure } from '../conditions.ts'

/** A refund of a dev intent's charge, in Stripe's field names. */
export interface DevRefund {
  id: string
  amount: number
  idempotency_key: string
  /** A refund made in the portal succeeds at once; one played as the dashboard's may be pending, then succeed or fail. */
  status: 'succeeded' | 'pending' | 'failed' | 'canceled'
  /** Unix seconds. */
  created: number
  metadata?: Record<string, string>
  failure_reason?: string
}

/** A dispute of a dev intent's charge, in Stripe's field names. */
export interface DevDispute {
  id: string
  amount: number
  status: string
  reason: string
  /** Unix seconds. */
  created: number
}

/** A PaymentIntent of the dev gateway, in Stripe's own field names. */
export interface DevIntent {
  id: string
  client_secret: string
  amount: number
  currency: string
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled'
  metadata?: Record<string, string>
  receipt_email?: string
  description?: string
  latest_charge?: string
  last_payment_error?: { code: string; decline_code?: string; message: string; type: string } | null
  idempotency_key?: string
  created: number
  canceled_at?: number
  cancellation_reason?: string
  /** Absent until the first refund: read as 0. */
  amount_refunded?: number
  refunds?: DevRefund[]
  /** Unix seconds when its charge was made (when it was paid); absent or 0 before. */
  charge_created?: number
  dispute?: DevDispute
}

export interface DevIntentRepository {
  get(id: string): Promise<DevIntent | null>
  /** Creates it unless an intent with that id exists; returns the stored one either way. */
  createIfAbsent(intent: DevIntent): Promise<DevIntent>
  /** Writes it whole, unconditionally (fixtures). */
  save(intent: DevIntent): Promise<DevIntent>
  /** Writes `next` only if the stored intent still has the status `read` had (a confirm racing a cancel loses); false when it changed. */
  transition(read: DevIntent, next: DevIntent): Promise<boolean>
  /**
   * Cancels `intent` if it still has the status it was read with; false when it changed meanwhile
   * (the caller reads it again and decides anew).
   */
  markCanceled(intent: DevIntent, change: { canceled_at: number; cancellation_reason: string }): Promise<boolean>
  /**
   * Adds `refund` to a succeeded `intent` if its amount_refunded is still the one it was read with;
   * false when another refund got there first (the caller reads again and re-checks the amount left).
   */
  addRefund(intent: DevIntent, refund: DevRefund): Promise<boolean>
  /**
   * Intents whose charge was made from `since` to `until` (unix seconds, both included), newest first: one Query on
   * gsi3 of at most `limit`, and the cursor of the next page (null after the last).
   */
  listCharged(range: { since: number; until: number }, page: { limit: number; cursor: string | null }): Promise<{ items: DevIntent[]; cursor: string | null }>
  /** The provider is down for the next `count` payment or refund creations (`npm run dev-provider -- outage`). */
  setOutage(count: number): Promise<void>
  /** Takes one failure of an outage, if one is set: true when this creation must fail as a provider 5xx would. */
  takeOutage(): Promise<boolean>
}

/** The dev provider's outage: a counter of the creations still to fail. */
const OUTAGE = 'devProviderOutage'

const clean = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T

/** false for a lost race (the condition failed); any other error is thrown. */
async function conditional(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write()
    return true
  } catch (err) {
    if (isConditionalFailure(err)) return false
    throw err
  }
}

export function createDevIntentRepository({ table, client }: TableConfig): DevIntentRepository {
  const intents = devIntentEntity({ table, client })
  const counters = counterEntity({ table, client })
  const get = async (id: string) => {
    const { data } = await intents.get({ id }).go()
    return data ? (data as DevIntent) : null
  }
  return {
    get,
    async setOutage(count) {
      await counters.put({ name: OUTAGE, value: Math.max(0, Math.floor(count)) }).go()
    },
    takeOutage() {
      return conditional(() =>
        counters
          .update({ name: OUTAGE })
          .add({ value: -1 })
          .where((a, op) => op.gt(a.value, 0))
          .go(),
      )
    },
    async createIfAbsent(intent) {
      try {
        await intents.create(clean(intent)).go()
        return intent
      } catch (err) {
        if (!isConditionalFailure(err)) throw err
        const existing = await get(intent.id)
        if (!existing) throw err
        return existing
      }
    },
    async save(intent) {
      await intents.put(clean(intent)).go()
      return intent
    },
    transition(read, next) {
      return conditional(() =>
        intents
          .put(clean(next))
          .where((a, op) => op.eq(a.status, read.status))
          .go(),
      )
    },
    markCanceled(intent, change) {
      return conditional(() =>
        intents
          .patch({ id: intent.id })
          .set({ status: 'canceled', ...change })
          .where((a, op) => op.eq(a.status, intent.status))
          .go(),
      )
    },
    addRefund(intent, refund) {
      const before = intent.amount_refunded ?? 0
      return conditional(() =>
        intents
          .patch({ id: intent.id })
          // The whole list is written, not appended: safe because every refund also moves amount_refunded,
          // which the condition pins to the value this list was read with.
          .set({ amount_refunded: before + refund.amount, refunds: [...(intent.refunds ?? []), refund] })
          .where((a, op) => `${op.eq(a.status, 'succeeded')} AND ${before === 0 ? `(${op.notExists(a.amount_refunded)} OR ${op.eq(a.amount_refunded, 0)})` : op.eq(a.amount_refunded, before)}`)
          .go(),
      )
    },
    async listCharged({ since, until }, { limit, cursor }) {
      const res = await intents.query
        .byCharge({ listing: 'devIntents' })
        // The key is `charge_created#id`: a bare `until + 1` sorts before every key of that second and after `until`'s.
        .between({ charge_created: since }, { charge_created: until + 1 })
        .go({ order: 'desc', limit, cursor })
      return { items: res.data as DevIntent[], cursor: res.cursor ?? null }
    },
  }
}
