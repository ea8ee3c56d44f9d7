/**
 * Fuzzing: for every route in functions/routes.ts, ≥ 200 generated invalid requests sent to its function group in
 * this process, signed in as the route's role. Never a 5xx, every 4xx the contract's error shape, nothing written
 * (why that holds: docs/architecture.md, "What the quality suites rely on").
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setCommandObserver } from './command-observer.ts'
import { isStaffRoute, routeKey, routes, type RouteDef } from '../../functions/routes.ts'
import { isCalendarDate } from '../../shared/src/dates.ts'
import { useStackTable } from './helpers.ts'
import { resetEnv } from '../../functions/lib/env.ts'
import { SAMPLE_BODIES, call, createTestUser, errorShapeProblem, paramKeys, realParams, seedWorld, snapshot, type CallInput, type TestUser, type World } from './quality-helpers.ts'

const NUM_RUNS = 200
/** Fixed so a failure reproduces; change it (or set FUZZ_SEED) to explore further. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_707)

let admin: TestUser
const scans: string[] = []

beforeAll(async () => {
  useStackTable()
  setCommandObserver((name) => {
    if (name === 'ScanCommand') scans.push(name)
  })
  admin = await createTestUser('admin')
})

afterAll(() => {
  setCommandObserver(undefined)
})

// ---------------------------------------------------------------- generators

const HUGE = 'x'.repeat(100_000)
/** Written like a date, or named like one, and not a day of the calendar: every date field must refuse them with a 400, never throw. */
const impossibleDate = fc.oneof(
  fc.constantFrom('2026-13-40', '2026-02-30', '2025-02-29', '1900-02-29', '2026-04-31', '2026-00-10', '2026-01-00', '', 'yesterday', '2026-1-5', '0000-00-00', '9999-99-99', '2026-02-28T25:00:00Z'),
  fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
    .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`)
    .filter((v) => !isCalendarDate(v)),
)
const specialStrings = fc.constantFrom('', ' ', '\u0000', '\u202e\u0041', '😀'.repeat(50), 'ñandú', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '"; DROP TABLE x; --', '../../etc/passwd', '%00', '%2F', '{}', '[]', 'null', 'NaN', '-1', '1e309', '<script>alert(1)</script>', '\uD800', 'a\nb\tc')
const weirdString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  specialStrings,
  fc.constant(HUGE),
  fc.nat({ max: 10_000 }).map((n) => 'é'.repeat(n)),
  impossibleDate,
)
const smallJson = fc.jsonValue({ maxDepth: 2 })
const nonObjectJson = fc.oneof(fc.array(smallJson, { maxLength: 3 }), fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null))
const fractional = fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true }).filter((x) => !Number.isInteger(x))
const negativeInt = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 })
const hugeNumber = fc.constantFrom(1e20, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1e308)

/** A value of any type but the sample value's (never null for strings: optional texts may be nullable). */
function wrongType(sample: unknown): fc.Arbitrary<unknown> {
  const obj = fc.dictionary(fc.string({ maxLength: 5 }), smallJson, { maxKeys: 3 })
  const arr = fc.array(smallJson, { maxLength: 3 })
  if (typeof sample === 'string') return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), arr, obj)
  if (typeof sample === 'number') return fc.oneof(fc.string(), fc.boolean(), arr, obj, fc.constant(null), fc.constantFrom('1', '100', '-5', '1.5'))
  if (typeof sample === 'boolean') return fc.oneof(fc.string(), fc.integer(), arr, obj, fc.constant(null), fc.constantFrom('true', 'false', 0, 1))
  if (Array.isArray(sample)) return fc.oneof(fc.string(), fc.integer(), fc.boolean(), obj, fc.constant(null))
  return fc.oneof(fc.string(), fc.integer(), fc.boolean(), arr)
}

/** Changes that may or may not leave the body valid (applied first). */
function perturbations(sample: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(sample)
  const valueFor = (k: string, v: unknown): fc.Arbitrary<unknown> =>
    typeof v === 'string'
      ? fc.oneof(fc.constant(v), weirdString)
      : typeof v === 'number'
        ? /Cents$/.test(k)
          ? fc.oneof(fc.constant(v), fc.integer({ min: 0, max: 10_000 }), hugeNumber, negativeInt, fractional)
          : fc.oneof(fc.constant(v), fc.integer(), fractional, hugeNumber)
        : Array.isArray(v)
          ? fc.oneof(fc.constant(v), fc.array(fc.oneof(fc.uuid(), weirdString), { maxLength: 30 }))
          : fc.oneof(fc.constant(v), smallJson)
  return fc
    .record({
      drop: fc.subarray(keys),
      values: fc.record(Object.fromEntries(keys.map((k) => [k, valueFor(k, sample[k])]))) as fc.Arbitrary<Record<string, unknown>>,
    })
    .map(({ drop, values }) => Object.fromEntries(Object.entries(values).filter(([k]) => !drop.includes(k))))
}

/** The paths of the sample's date fields (a value written as a calendar date), nested ones too (`fields.receivedOn`). */
function datePaths(sample: Record<string, unknown>, prefix: string[] = []): string[][] {
  return Object.entries(sample).flatMap(([k, v]) =>
    typeof v === 'string' && isCalendarDate(v) ? [[...prefix, k]] : v && typeof v === 'object' && !Array.isArray(v) ? datePaths(v as Record<string, unknown>, [...prefix, k]) : [],
  )
}

/** The body with the value at `path` replaced (the objects on the way copied). */
function setAt(b: Record<string, unknown>, [k, ...rest]: string[], value: unknown): Record<string, unknown> {
  const inner = b[k]
  return { ...b, [k]: rest.length ? setAt(inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {}, rest, value) : value }
}

type BodyCase = Pick<CallInput, 'rawBody' | 'contentType' | 'base64' | 'headers'> & { why: string }

const json = (v: unknown, why: string): BodyCase => ({ rawBody: JSON.stringify(v), contentType: 'application/json', why })

/** Always invalid for a route whose body schema `sample` satisfies (or, with an empty sample, for a route that takes no body). */
function invalidBody(sample: Record<string, unknown>): fc.Arbitrary<BodyCase> {
  const keys = Object.keys(sample)
  const unknownField = fc
    .string({ maxLength: 12 })
    .map((k) => `zz_${k}`)
    .chain((k) => smallJson.map((v) => [k, v] as const))
  const breakers: Array<fc.Arbitrary<(b: Record<string, unknown>) => BodyCase>> = [
    unknownField.map(([k, v]) => (b) => json({ ...b, [k]: v }, `unknown field ${k}`)),
    fc.array(fc.constantFrom('price', 'estimatedCostCents', 'amountPaidCents', 'currentStatus', 'customerId', 'role', 'isArchived', 'isAdmin', '__proto__', 'constructor'), { minLength: 1, maxLength: 3 })
      .filter((ks) => ks.some((k) => !keys.includes(k) && k !== '__proto__'))
      .map((ks) => (b) => json({ ...b, ...Object.fromEntries(ks.map((k) => [k, 1])) }, `mass assignment ${ks.join(',')}`)),
    nonObjectJson.filter((v) => !(v !== null && typeof v === 'object' && !Array.isArray(v))).map((v) => () => json(v, 'non-object JSON')),
    fc.oneof(fc.constantFrom('{', '{"a":', '[1,', "{'a':1}", 'undefined', '{"a":1}}', '\u0000', 'NaN', '{"a": 01}'), fc.string({ minLength: 1 }).filter((s) => s.trim() !== '' && !isJson(s))).map((raw) => () => ({ rawBody: raw, contentType: 'application/json', why: 'invalid JSON' })),
    fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/jsonp', 'json', '', null).map((ct) => (b) => ({ rawBody: JSON.stringify(Object.keys(b).length ? b : { a: 1 }), contentType: ct, why: `content type ${String(ct)}` })),
  ]
  if (keys.length) {
    breakers.push(
      fc.constantFrom(...keys).chain((k) => wrongType(sample[k]).map((v) => (b: Record<string, unknown>) => json({ ...b, [k]: v }, `wrong type for ${k}`))),
    )
    const dates = datePaths(sample)
    if (dates.length)
      breakers.push(fc.constantFrom(...dates).chain((p) => impossibleDate.map((v) => (b: Record<string, unknown>) => json(setAt(b, p, v), `impossible date ${p.join('.')}=${JSON.stringify(v)}`))))
    const centsKeys = keys.filter((k) => /Cents$/.test(k))
    if (centsKeys.length)
      breakers.push(fc.constantFrom(...centsKeys).chain((k) => fc.oneof(negativeInt, fractional).map((v) => (b: Record<string, unknown>) => json({ ...b, [k]: v }, `bad cents ${k}=${v}`))))
  }
  return fc.tuple(keys.length ? perturbations(sample) : fc.constant({}), fc.oneof(...breakers), fc.boolean()).map(([b, breakIt, base64]) => {
    const c = breakIt(b)
    // A base64 body decodes to the same text: still invalid.
    return base64 ? { ...c, base64: true } : c
  })
}

function isJson(s: string) {
  try {
    JSON.parse(s)
    return true
  } catch {
    return false
  }
}

const queryKeys = fc.oneof(fc.constantFrom('limit', 'cursor', 'view', 'shipping', 'search', 'status', 'sort', 'direction', 'page', 'orderId', 'amountCents', 'from', 'to', 'by', '__proto__'), fc.string({ maxLength: 10 }))
const queryValues = fc.oneof(weirdString, impossibleDate, fc.constantFrom('2024-02-29', 'acquired', 'disposed'), fc.integer().map(String), fractional.map(String), fc.constantFrom('true', 'false', 'active', 'archived', 'deleted', 'asc', 'desc', 'amount', 'customer', 'date', 'successful', '0', '-1', '101', '1e3', 'eyJwayI6IngifQ==', 'eyJwayI6Im9yZGVyIyIsInNrIjoieCJ9'))
const queryArb = fc.option(fc.dictionary(queryKeys, queryValues, { maxKeys: 4 }), { nil: undefined })

/**
 * A path id that is not the real one: a uuid, a near miss, unicode, a very long one. (Keys are
 * case-insensitive, ElectroDB lowercases them: the upper-cased real id IS the real id, so it is
 * used only where the body is invalid anyway.)
 */
function idArb(real: string, allowSameKey: boolean): fc.Arbitrary<string> {
  return fc.oneof(
    fc.uuid(),
    weirdString.filter((s) => s.length > 0 && s.toLowerCase() !== real.toLowerCase()),
    fc.constant(allowSameKey ? real.toUpperCase() : `${real.slice(0, -1)}-`),
    fc.constant(`${real} `),
    fc.constant(`${real}x`),
    fc.constant(real.slice(0, -1)),
    fc.constant('a'.repeat(5_000)),
  )
}

interface FuzzCase {
  input: CallInput
  why: string
  realIds: boolean
}

function caseArb(route: RouteDef, world: World, owner: TestUser): fc.Arbitrary<FuzzCase> {
  const key = routeKey(route)
  const real = realParams(route, world)
  const sample = SAMPLE_BODIES[key]?.(world)
  const noBodyWrite = route.method !== 'GET' && !sample
  const randomParams = fc.record(Object.fromEntries(Object.entries(real).map(([k, v]) => [k, idArb(v, !noBodyWrite)]))) as fc.Arbitrary<Record<string, string>>
  const claims = isStaffRoute(route) ? admin.claims : route.access === 'user' ? owner.claims : undefined
  const hasParams = paramKeys(route).length > 0
  const bad = invalidBody(sample ?? {})
  // Anything goes for reads; writes get invalid bodies, or (no-body writes) random ids when the body is absent.
  const bodyArb: fc.Arbitrary<BodyCase | undefined> = route.method === 'GET' || (!sample && hasParams) ? fc.option(bad, { nil: undefined, freq: 3 }) : bad
  const webhookHeaders = fc.option(fc.record({ 'stripe-signature': fc.oneof(weirdString, fc.constant('t=1,v1=deadbeef'), fc.nat().map((n) => `t=${n},v1=${'0'.repeat(64)}`)) }), { nil: undefined })
  return fc
    .record({ useReal: fc.boolean(), randomParams, body: bodyArb, query: queryArb, extraHeaders: route.fn === 'stripe-webhook' ? webhookHeaders : fc.constant(undefined) })
    .map(({ useReal, randomParams: rp, body, query, extraHeaders }) => {
      // A no-body write with the real ids and no body would be a legitimate write: use random ids then.
      const realIds = hasParams && useReal && !(route.method !== 'GET' && !sample && body === undefined)
      const params = hasParams ? (realIds ? real : rp) : undefined
      const { why, ...b }: Partial<BodyCase> = body ?? { why: 'no body' }
      return { input: { params, query, claims, ...b, headers: { ...(b.headers ?? {}), ...(extraHeaders ?? {}) } }, why: why ?? 'no body', realIds }
    })
}

// ---------------------------------------------------------------- the runs

const describeCase = (c: FuzzCase) => `${c.why}; params=${JSON.stringify(c.input.params)?.slice(0, 120)}; query=${JSON.stringify(c.input.query)?.slice(0, 120)}; content-type=${String(c.input.contentType)}; body=${c.input.rawBody?.slice(0, 160)}`

describe(`fuzzing every route (${NUM_RUNS} cases each): never a 5xx, always the error shape, nothing written`, () => {
  for (const route of routes) {
    const key = routeKey(route)
    it(key, async () => {
      // A world of its own per route: a write that slipped through cannot hide the next route's failures.
      const owner = await createTestUser('customer')
      const world = await seedWorld(owner.userId, owner.email)
      const before = await snapshot(world)
      const statuses = new Map<number, number>()
      await fc.assert(
        fc.asyncProperty(caseArb(route, world, owner), async (c) => {
          const res = await call(route, c.input)
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
          const where = `${key} → ${res.status} ${res.text.slice(0, 300)} for ${describeCase(c)}`
          expect(res.status, where).toBeLessThan(500)
          if (res.status >= 400) expect(errorShapeProblem(res.body), where).toBeNull()
          // Every generated input of a write route is invalid: accepting one would have written.
          if (route.method !== 'GET') expect(res.status, where).toBeGreaterThanOrEqual(400)
        }),
        { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true },
      )
      expect(await snapshot(world), `${key} changed the owner's data`).toEqual(before)
      expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(NUM_RUNS)
    })
  }

  it('no request issued a Scan', () => expect(scans).toEqual([]))
})
