import { describe, expect, it } from 'vitest'
import { Entity } from '../../functions/db/electrodb.ts'
import { speedUpRetrieval } from '../../functions/db/entities/retrieval.ts'
import { createService } from '../../functions/db/service.ts'
import type { TableConfig } from '../../functions/db/table.ts'
import { auditEventSchema } from '../../functions/db/entities/audit-event.ts'
import { bookEntrySchema } from '../../functions/db/entities/book-entry.ts'
import { bookLineSchema } from '../../functions/db/entities/book-line.ts'
import { checkoutSchema } from '../../functions/db/entities/checkout.ts'
import { counterSchema } from '../../functions/db/entities/counter.ts'
import { devIntentSchema } from '../../functions/db/entities/dev-intent.ts'
import { ledgerCounterSchema } from '../../functions/db/entities/ledger-counter.ts'
import { notificationEntity, notificationSchema } from '../../functions/db/entities/notification.ts'
import { orderRefSchema } from '../../functions/db/entities/order-ref.ts'
import { orderEntity, orderSchema } from '../../functions/db/entities/order.ts'
import { partSchema } from '../../functions/db/entities/part.ts'
import { paymentSchema } from '../../functions/db/entities/payment.ts'
import { profileEntity, profileSchema } from '../../functions/db/entities/profile.ts'
import { receivableCounterSchema } from '../../functions/db/entities/receivable-counter.ts'
import { reconciliationSchema } from '../../functions/db/entities/reconciliation.ts'
import { settingsSchema } from '../../functions/db/entities/settings.ts'
import { statusUpdateSchema } from '../../functions/db/entities/status-update.ts'
import { unreadNotificationsSchema } from '../../functions/db/entities/unread-notifications.ts'
import { webhookEventSchema } from '../../functions/db/entities/webhook-event.ts'

const SCHEMAS = {
  auditEventSchema,
  bookEntrySchema,
  bookLineSchema,
  checkoutSchema,
  counterSchema,
  devIntentSchema,
  ledgerCounterSchema,
  notificationSchema,
  orderRefSchema,
  orderSchema,
  partSchema,
  paymentSchema,
  profileSchema,
  receivableCounterSchema,
  reconciliationSchema,
  settingsSchema,
  statusUpdateSchema,
  unreadNotificationsSchema,
  webhookEventSchema,
} as Record<string, object>

/** A small seeded generator (mulberry32): the same items on every run. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Def = { type?: unknown; properties?: Record<string, Def>; items?: Def; field?: string }

/** A value of the attribute's type as DynamoDB could hand it back: sometimes empty, sometimes with fields no attribute names. */
function valueOf(def: Def, rnd: () => number, depth = 0): unknown {
  const pick = rnd()
  if (Array.isArray(def.type)) return pick < 0.9 ? def.type[Math.floor(rnd() * def.type.length)] : 'not-in-the-enum'
  switch (def.type) {
    case 'string':
      return pick < 0.1 ? '' : `s${Math.floor(rnd() * 1000)}`
    case 'number':
      return pick < 0.1 ? 0 : Math.floor(rnd() * 100000) - 50
    case 'boolean':
      return rnd() < 0.5
    case 'map': {
      if (pick < 0.1) return {}
      const out: Record<string, unknown> = {}
      const entries = Object.entries(def.properties ?? {})
      for (const [name, child] of shuffled(entries, rnd)) if (rnd() < 0.75) out[child.field ?? name] = valueOf(child, rnd, depth + 1)
      if (rnd() < 0.2) out.unknownProperty = 'x'
      return out
    }
    case 'list': {
      const n = pick < 0.15 ? 0 : Math.floor(rnd() * 4)
      return Array.from({ length: n }, () => valueOf(def.items ?? { type: 'string' }, rnd, depth + 1))
    }
    case 'any':
    default:
      return depth > 2 || pick < 0.5 ? `any${Math.floor(rnd() * 10)}` : { nested: [1, 'two', { three: true }], at: depth }
  }
}

function shuffled<T>(list: T[], rnd: () => number): T[] {
  const out = [...list]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

/** A stored item of the entity: some of its attributes (hidden ones too), its keys and identifiers, and fields it does not know, in any order. */
function storedItem(schema: { model: { entity: string; version: string }; attributes: Record<string, Def> }, rnd: () => number) {
  const fields: Array<[string, unknown]> = [
    ['pk', '$gunsmith#x_1'],
    ['sk', '$y_1'],
    ['gsi1pk', 'g'],
    ['__edb_e__', schema.model.entity],
    ['__edb_v__', schema.model.version],
    ['someoneElsesField', 'kept out'],
  ]
  for (const [name, def] of Object.entries(schema.attributes)) if (rnd() < 0.8) fields.push([def.field ?? name, valueOf(def, rnd)])
  return Object.fromEntries(shuffled(fields, rnd))
}

/** Key order and undefined-valued keys included: what a spread, `in` or Object.keys would see. */
const exact = (value: unknown) => JSON.stringify(value, (_k, v) => (v === undefined ? '<undefined>' : v))

/** Enough of a document client for ElectroDB to accept (nothing is sent). */
const fakeClient = () => ({ send: async () => ({}) }) as unknown as TableConfig['client']
const config = { table: 'table', client: fakeClient() }

describe('entity retrieval (entities/retrieval.ts)', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`parses ${name} items exactly as ElectroDB does`, () => {
      const theirs = new Entity(schema as never, config) as unknown as { parse(r: unknown, o?: unknown): { data: unknown } }
      const ours = new Entity(schema as never, config) as unknown as { parse(r: unknown, o?: unknown): { data: unknown } }
      const own = (ours as unknown as { model: { schema: { formatItemForRetrieval: unknown } } }).model.schema.formatItemForRetrieval
      speedUpRetrieval(ours)
      // Every model of the table takes the cheaper path (none has a custom getter).
      expect((ours as unknown as { model: { schema: { formatItemForRetrieval: unknown } } }).model.schema.formatItemForRetrieval).not.toBe(own)
      const rnd = random(name.length * 7919)
      for (let i = 0; i < 300; i++) {
        const item = storedItem(schema as never, rnd)
        expect(exact(ours.parse({ Item: structuredClone(item) }))).toBe(exact(theirs.parse({ Item: structuredClone(item) })))
        expect(exact(ours.parse({ Items: [structuredClone(item), { ...structuredClone(item), __edb_e__: 'another' }] }))).toBe(
          exact(theirs.parse({ Items: [structuredClone(item), { ...structuredClone(item), __edb_e__: 'another' }] })),
        )
        // The options it leaves to ElectroDB give ElectroDB's answer too.
        expect(exact(ours.parse({ Item: structuredClone(item) }, { data: 'includeKeys' }))).toBe(exact(theirs.parse({ Item: structuredClone(item) }, { data: 'includeKeys' })))
        const some = Object.keys((schema as { attributes: object }).attributes).slice(0, 2)
        expect(exact(ours.parse({ Item: structuredClone(item) }, { attributes: some }))).toBe(exact(theirs.parse({ Item: structuredClone(item) }, { attributes: some })))
      }
    })
  }

  it('leaves a model with a custom getter to ElectroDB', () => {
    const schema = {
      model: { entity: 'thing', version: '1', service: 'test' },
      attributes: { id: { type: 'string', required: true }, name: { type: 'string', get: (v: string) => `got ${v}` } },
      indexes: { byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } } },
    } as const
    const entity = new Entity(schema, config)
    const own = (entity as unknown as { model: { schema: { formatItemForRetrieval: unknown } } }).model.schema.formatItemForRetrieval
    speedUpRetrieval(entity)
    expect((entity as unknown as { model: { schema: { formatItemForRetrieval: unknown } } }).model.schema.formatItemForRetrieval).toBe(own)
    expect(entity.parse({ Item: { id: '1', name: 'n', __edb_e__: 'thing', __edb_v__: '1' } }).data).toEqual({ id: '1', name: 'got n' })
  })
})

describe('entity factories (entities/cache.ts)', () => {
  it('build one entity per client, table and schema, shared with the service', () => {
    const client = fakeClient()
    const a = { table: 'a', client }
    expect(profileEntity(a)).toBe(profileEntity({ table: 'a', client }))
    expect(orderEntity(a)).toBe(orderEntity(a))
    expect(profileEntity(a)).not.toBe(profileEntity({ table: 'b', client }))
    expect(profileEntity(a)).not.toBe(profileEntity({ table: 'a', client: fakeClient() }))
    const { entities } = createService(a)
    expect(entities.profile).toBe(profileEntity(a))
    expect(entities.order).toBe(orderEntity(a))
    expect(entities.notification).toBe(notificationEntity(a))
  })
})
