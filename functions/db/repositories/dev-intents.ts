import { devIntentEntity } from '../entities/dev-intent.ts'
import type { TableConfig } from '../table.ts'
import { isConditionalFailure } from '../conditions.ts'

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
}

export interface DevIntentRepository {
  get(id: string): Promise<DevIntent | null>
  /** Creates it unless an intent with that id exists; returns the stored one either way. */
  createIfAbsent(intent: DevIntent): Promise<DevIntent>
  save(intent: DevIntent): Promise<DevIntent>
}

const clean = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T

export function createDevIntentRepository({ table, client }: TableConfig): DevIntentRepository {
  const intents = devIntentEntity({ table, client })
  const get = async (id: string) => {
    const { data } = await intents.get({ id }).go()
    return data ? (data as DevIntent) : null
  }
  return {
    get,
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
  }
}
