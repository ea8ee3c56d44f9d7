/**
 * The admin customer list at any size (docs/api.md, GET /api/admin/customers): one bounded page, newest
 * first, through the role = customer partition (admins are never in it), archived profiles left out;
 * an email or a phone number is an exact key lookup, anything else a bounded text search on the stored
 * search attribute; our cursors only. On a table of its own, so the expected lists are known exactly.
 */
import { randomUUID } from 'node:crypto'
import { UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { beforeAll, describe, expect, it } from 'vitest'
import { setCommandObserver } from './command-observer.ts'
import { profileEntity } from '../../functions/db/entities/profile.ts'
import { MIGRATIONS, runMigrations } from '../../functions/db/migrations/index.ts'
import { createCustomerLists } from '../../functions/db/repositories/customer-lists.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { resetEnv } from '../../functions/lib/env.ts'
import { routeKey, routes } from '../../functions/routes.ts'
import { localDocumentClient } from '../../infra/local/table.ts'
import { countCommands, stack, useOwnTable, isAccountGateRead } from './helpers.ts'
import { call, createTestUser, type TestUser } from './quality-helpers.ts'

const route = routes.find((r) => routeKey(r) === 'GET /api/admin/customers')!
const patch = routes.find((r) => routeKey(r) === 'PATCH /api/admin/customers/{id}')!
const run = randomUUID().slice(0, 6)
let admin: TestUser

interface Row {
  id: string
  email: string
  firstName: string
  lastName: string
  phone: string | null
  orderCount: number
  latestOrder: unknown
}
interface Seeded {
  id: string
  email: string
  createdAt: string
  archived: boolean
}
const seeded: Seeded[] = []
const byIndex = (i: number) => seeded[i]

/** One page as the route answers it, with the DynamoDB requests it made. */
async function list(query: Record<string, string>) {
  const sent: string[] = []
  setCommandObserver((name, _read, request) => void (isAccountGateRead(name, request) || sent.push(name)))
  const res = await call(route, { query, claims: admin.claims })
  setCommandObserver(undefined)
  expect(res.status, res.text.slice(0, 300)).toBe(200)
  return { ...(res.body as { items: Row[]; cursor: string | null }), sent }
}

/** Every page of a listing through its cursors. */
async function allPages(query: Record<string, string>) {
  const items: Row[] = []
  const pages: Array<{ size: number; sent: string[] }> = []
  let cursor: string | null = null
  do {
    const page = await list({ ...query, ...(cursor ? { cursor } : {}) })
    items.push(...page.items)
    pages.push({ size: page.items.length, sent: page.sent })
    cursor = page.cursor
    expect(pages.length).toBeLessThan(100)
  } while (cursor)
  return { items, pages }
}

const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id)
/** The active customers among `indexes`, newest first. */
const newestFirst = (indexes: number[]) =>
  indexes
    .map(byIndex)
    .filter((s) => !s.archived)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((s) => s.id)

const start = Date.parse('2026-06-01T09:00:00.000Z')
const SPECIAL: Record<number, { firstName: string; lastName: string; phone?: string; archived?: boolean }> = {
  5: { firstName: 'José', lastName: 'Smith', phone: '+1 (555) 010-0005' },
  17: { firstName: 'José', lastName: 'Smith', phone: '555-010-0017', archived: true },
  30: { firstName: 'Ana', lastName: 'Archived', archived: true },
  41: { firstName: 'JOSE', lastName: 'SMITHERS', phone: '555 010 0041' },
  50: { firstName: 'Pat', lastName: 'Shared', phone: '+15550109999' },
  51: { firstName: 'Sam', lastName: 'Shared', phone: '(555) 010-9999' },
  52: { firstName: 'Lee', lastName: 'Nophone' },
}

beforeAll(async () => {
  await useOwnTable('gs-customers-search')
  // The counted requests are the route's own (countCommands leaves the account gate's read out).
  countCommands(() => {})
  admin = await createTestUser('admin', 'José')
  const profiles = profileEntity(defaultTable())
  for (let i = 0; i < 60; i++) {
    const s = SPECIAL[i] ?? { firstName: `First${i}`, lastName: `Last${i}`, phone: `555010${String(i).padStart(4, '0')}` }
    const id = randomUUID()
    const email = `c${i}-${run}@example.com`
    const createdAt = new Date(start + i * 60_000).toISOString()
    await profiles.create({ userId: id, email, firstName: s.firstName, lastName: s.lastName, phone: s.phone, role: 'customer', createdAt, ...(s.archived ? { isArchived: true, isActive: false } : {}) }).go()
    seeded.push({ id, email, createdAt, archived: !!s.archived })
  }
  expect((await call(route, { claims: admin.claims })).status).toBe(200)
  // Staff with the same name and phone as a customer: never listed, never found.
  await profiles.create({ userId: randomUUID(), email: `boss-${run}@example.com`, firstName: 'José', lastName: 'Smith', phone: '+1 555 010 0005', role: 'admin', createdAt: new Date(start + 90 * 60_000).toISOString() }).go()
}, 120_000)

describe('GET /api/admin/customers at any size', () => {
  it('pages through every active customer once, newest first, each page one Query of at most `limit`', async () => {
    const all = Array.from({ length: 60 }, (_, i) => i)
    const { items, pages } = await allPages({ limit: '7' })
    expect(ids(items)).toEqual(newestFirst(all))
    for (const p of pages) {
      expect(p.size).toBeLessThanOrEqual(7)
      expect(p.sent).toEqual(['QueryCommand'])
    }
    // 25 unless told; the rows carry what the list shows.
    const first = await list({})
    expect(first.items).toHaveLength(25)
    expect(first.sent).toEqual(['QueryCommand'])
    expect(first.items[0]).toMatchObject({ id: byIndex(59).id, email: byIndex(59).email, firstName: 'First59', orderCount: 0, latestOrder: null })
    expect(first.cursor).toMatch(/^l\./)
  })

  it('finds an exact email in any case, by one Query of the email index; admins and archived customers are not found', async () => {
    const r = await list({ search: `  ${byIndex(5).email.toUpperCase()} ` })
    expect(ids(r.items)).toEqual([byIndex(5).id])
    expect(r.sent).toEqual(['QueryCommand'])
    expect(r.cursor).toBeNull()
    expect((await list({ search: byIndex(30).email })).items).toEqual([])
    expect((await list({ search: `boss-${run}@example.com` })).items).toEqual([])
    // Part of an email is text.
    expect(ids((await list({ search: `c52-${run}@` })).items)).toEqual([byIndex(52).id])
  })

  it('finds a phone number typed with dashes, spaces, parentheses or +1, by one Query of the phone index', async () => {
    for (const search of ['555-010-0005', '+1 555 010 0005', '(555) 010-0005', '15550100005', '5550100005']) {
      const r = await list({ search })
      expect(ids(r.items), search).toEqual([byIndex(5).id])
      expect(r.sent, search).toEqual(['QueryCommand'])
    }
    // Two customers share a number, stored differently: both, newest first.
    expect(ids((await list({ search: '555.010.9999' })).items)).toEqual([byIndex(51).id, byIndex(50).id])
    // An archived customer's number finds no one; the last digits alone are a text search.
    expect((await list({ search: '555-010-0017' })).items).toEqual([])
    expect(ids((await list({ search: '010-0041' })).items)).toEqual([byIndex(41).id])
  })

  it('searches names without case or accents, newest first, in bounded pages that go on by cursor', async () => {
    const expected = newestFirst([5, 17, 41])
    for (const search of ['josé smith', 'JOSE   SMITH', 'Jose Smith']) {
      const { items, pages } = await allPages({ search, limit: '1' })
      expect(ids(items), search).toEqual(expected)
      for (const p of pages) {
        expect(p.size).toBeLessThanOrEqual(1)
        expect(p.sent.every((c) => c === 'QueryCommand')).toBe(true)
        // One Query a page, reading at most the budget (filtered-pages.ts); a full page ends at its last match.
        expect(p.sent).toEqual(['QueryCommand'])
      }
    }
    expect(ids((await list({ search: 'smithers' })).items)).toEqual([byIndex(41).id])
    expect((await list({ search: 'nothing like this' })).items).toEqual([])
  })

  it('reads at most its budget per page, and the cursor goes on from where it stopped', async () => {
    const lists = createCustomerLists(defaultTable())
    let cursor: string | null = null
    let pages = 0
    const found: string[] = []
    do {
      const page = await lists.pageCustomers({ limit: 5, cursor, text: 'shared', readBudget: 12 })
      expect(page.read).toBeLessThanOrEqual(12)
      found.push(...ids(page.items))
      cursor = page.cursor
      pages++
    } while (cursor && pages < 20)
    // 60 customers in the partition (admins are in another), at most 12 read a page.
    expect(pages).toBeGreaterThanOrEqual(5)
    expect(found).toEqual([byIndex(51).id, byIndex(50).id])
  })

  it('answers bad input and a cursor it did not give out with a 400 naming the field', async () => {
    for (const cursor of ['junk', 'o.3', 'l.', `l.${Buffer.from(JSON.stringify({ pk: 'a', sk: 'b' })).toString('base64url')}`]) {
      const res = await call(route, { query: { cursor }, claims: admin.claims })
      expect(res.status, cursor).toBe(400)
      expect(res.body.error, cursor).toMatchObject({ code: 'validation_failed', message: 'Invalid cursor' })
    }
    for (const limit of ['0', '101', 'x']) {
      const res = await call(route, { query: { limit }, claims: admin.claims })
      expect(res.status, limit).toBe(400)
      expect(res.body.error.message).toBe('limit must be between 1 and 100')
    }
    expect((await call(route, { query: { search: 'x'.repeat(201) }, claims: admin.claims })).status).toBe(400)
  })

  it('keeps the search keys in step with every edit: name, phone changed, phone removed', async () => {
    const c = byIndex(44)
    const edit = async (body: Record<string, unknown>) => expect((await call(patch, { params: { id: c.id }, body, claims: admin.claims })).status).toBe(200)
    await edit({ lastName: 'Ångström' })
    expect(ids((await list({ search: 'first44 angstrom' })).items)).toEqual([c.id])
    expect((await list({ search: 'last44' })).items).toEqual([])
    expect(ids((await list({ search: '555-010-0044' })).items)).toEqual([c.id])
    await edit({ phone: '555-777-1234' })
    expect(ids((await list({ search: '+1 555 777 1234' })).items)).toEqual([c.id])
    expect((await list({ search: '555-010-0044' })).items).toEqual([])
    expect(ids((await list({ search: 'angstrom' })).items)).toEqual([c.id])
    await edit({ phone: '' })
    expect((await list({ search: '555-777-1234' })).items).toEqual([])
    expect(ids((await list({ search: 'ångström' })).items)).toEqual([c.id])
  })

  it('an item written before the search keys gets them from the ledger-indexes migration', async () => {
    const c = byIndex(12)
    const doc = localDocumentClient(stack().dynamoEndpoint)
    await doc.send(
      new UpdateCommand({
        TableName: defaultTable().table,
        Key: { pk: `$gunsmith#userid_${c.id}`, sk: '$profile_1' },
        UpdateExpression: 'REMOVE searchText, phoneKey, gsi4pk, gsi4sk',
        ConditionExpression: 'attribute_exists(pk)',
      }),
    )
    expect((await list({ search: 'first12 last12' })).items).toEqual([])
    expect((await list({ search: '555-010-0012' })).items).toEqual([])
    const done = await runMigrations({ table: defaultTable().table, client: doc })
    expect(done.map((m) => m.split(':')[0])).toContain('2026-11-ledger-indexes')
    expect(ids((await list({ search: 'first12 last12' })).items)).toEqual([c.id])
    expect(ids((await list({ search: '555-010-0012' })).items)).toEqual([c.id])
  })
})

describe('GET /api/admin/customers?view=archived (archived customers can be restored)', () => {
  const archivedIds = () => seeded.filter((s) => s.archived).map((s) => s.id)

  it('lists the archived customers only, every page one Query of at most `limit`, and searches among them', async () => {
    const { items, pages } = await allPages({ view: 'archived', limit: '1' })
    expect(ids(items).sort()).toEqual(archivedIds().sort())
    for (const p of pages) {
      expect(p.size).toBeLessThanOrEqual(1)
      expect(p.sent).toEqual(['QueryCommand'])
    }
    // A name (text, one bounded Query), an email (exact), a phone (its digits, as text): archived customers only.
    expect(ids((await list({ view: 'archived', search: 'josé smith' })).items)).toEqual([byIndex(17).id])
    expect(ids((await list({ view: 'archived', search: byIndex(30).email.toUpperCase() })).items)).toEqual([byIndex(30).id])
    expect(ids((await list({ view: 'archived', search: '555-010-0017' })).items)).toEqual([byIndex(17).id])
    // Active customers are not in the archive, archived ones not in the active list.
    expect((await list({ view: 'archived', search: byIndex(5).email })).items).toEqual([])
    const active = ids((await list({ search: 'josé smith' })).items)
    expect(active).toContain(byIndex(5).id)
    expect(active).not.toContain(byIndex(17).id)
    // Another view's cursor, a made-up view: 400.
    const page = await list({ limit: '2' })
    expect((await call(route, { query: { view: 'archived', cursor: page.cursor! }, claims: admin.claims })).status).toBe(400)
    expect((await call(route, { query: { view: 'deleted' }, claims: admin.claims })).body.error).toMatchObject({ message: 'view must be active or archived' })
  })

  it('an archived customer stored before the archived list gets its keys from the archived-customers migration', async () => {
    const c = byIndex(30)
    const doc = localDocumentClient(stack().dynamoEndpoint)
    await doc.send(
      new UpdateCommand({
        TableName: defaultTable().table,
        Key: { pk: `$gunsmith#userid_${c.id}`, sk: '$profile_1' },
        UpdateExpression: 'REMOVE archivedList, gsi2pk, gsi2sk',
        ConditionExpression: 'attribute_exists(pk)',
      }),
    )
    expect(ids((await allPages({ view: 'archived' })).items)).not.toContain(c.id)
    const migration = MIGRATIONS.find((m) => m.id === '2026-11-archived-customers')!
    expect(await migration.run({ table: defaultTable().table, client: doc })).toMatch(/archived profiles rewritten/)
    expect(ids((await allPages({ view: 'archived' })).items).sort()).toEqual(archivedIds().sort())
  })
})
