/**
 * The admin customer list's use case with fakes of its two reads (functions/use-cases/list-customers.ts):
 * exact keys first (email, phone), else a text search on the stored search attribute; our cursors say
 * which kind of page they continue. The real reads are checked in test/integration/admin-customers-search.test.ts.
 */
import { describe, expect, it } from 'vitest'
import type { CustomerLists, CustomerPageQuery } from '../../functions/db/repositories/customer-lists.ts'
import type { Profile } from '../../functions/db/repositories/profiles.ts'
import { InvalidCursorError } from '../../functions/db/cursor.ts'
import { phoneKeyOf } from '../../functions/db/entities/profile.ts'
import { ValidationError } from '../../functions/lib/errors.ts'
import { listCustomers, PHONE_MATCH_LIMIT, TEXT_SEARCH_READ_BUDGET } from '../../functions/use-cases/list-customers.ts'
import { adminCustomersQuerySchema } from '../../shared/src/schemas/customers.ts'

const profile = (p: Partial<Profile>): Profile => ({
  id: 'x',
  email: 'x@example.com',
  firstName: '',
  lastName: '',
  enableSmsNotifications: false,
  isActive: true,
  isArchived: false,
  role: 'customer',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...p,
})

const ada = profile({ id: 'ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+15551110000' })
const bob = profile({ id: 'bob', firstName: 'Bob', lastName: 'Stone', email: 'bob@shop.test', phone: '5551110000' })

/** Fakes that record what they were asked. */
function fakes({ byEmail = {} as Record<string, Profile>, byPhone = {} as Record<string, Profile[]>, page = { items: [ada], cursor: null as string | null } } = {}) {
  const asked: { pages: CustomerPageQuery[]; phones: string[]; emails: string[] } = { pages: [], phones: [], emails: [] }
  const lists: Pick<CustomerLists, 'pageCustomers' | 'findByPhone'> = {
    pageCustomers: async (q) => (asked.pages.push(q), { ...page, read: q.limit }),
    findByPhone: async (phone, limit) => (asked.phones.push(phone), expect(limit).toBe(PHONE_MATCH_LIMIT), byPhone[phoneKeyOf(phone)] ?? []),
  }
  const profiles = { findByEmail: async (email: string) => (asked.emails.push(email), byEmail[email.trim().toLowerCase()] ?? null) }
  return { lists, profiles, asked }
}

const query = (q: Record<string, string> = {}) => adminCustomersQuerySchema.parse(q)

describe('listCustomers', () => {
  it('without a search: one page of the list, 25 unless told, its cursor marked as the list’s', async () => {
    const { lists, profiles, asked } = fakes({ page: { items: [ada, bob], cursor: 'abc' } })
    const page = await listCustomers({ lists, profiles, query: query() })
    expect(page).toEqual({ items: [ada, bob], cursor: 'l.abc' })
    expect(asked.pages).toEqual([{ view: 'active', limit: 25, cursor: null, text: undefined, readBudget: TEXT_SEARCH_READ_BUDGET }])
    await listCustomers({ lists, profiles, query: query({ limit: '3', cursor: 'l.abc' }) })
    expect(asked.pages[1]).toMatchObject({ limit: 3, cursor: 'abc' })
    expect(asked.emails).toEqual([])
  })

  it('an email is an exact lookup, in any case; an admin, an archived customer or no one falls back to the text search', async () => {
    const admin = profile({ id: 'adm', email: 'boss@example.com', role: 'admin' })
    const gone = profile({ id: 'old', email: 'old@example.com', isArchived: true })
    const { lists, profiles, asked } = fakes({ byEmail: { 'ada@example.com': ada, 'boss@example.com': admin, 'old@example.com': gone } })
    expect(await listCustomers({ lists, profiles, query: query({ search: '  ADA@Example.com ' }) })).toEqual({ items: [ada], cursor: null })
    expect(asked.pages).toEqual([])
    for (const search of ['boss@example.com', 'old@example.com', 'nobody@example.com', 'ada@']) {
      await listCustomers({ lists, profiles, query: query({ search }) })
      expect(asked.pages.at(-1)).toMatchObject({ text: search, cursor: null })
    }
  })

  it('a phone number is an exact lookup however it is typed (dashes, spaces, a +1), several customers may share it', async () => {
    const { lists, profiles, asked } = fakes({ byPhone: { '5551110000': [bob, ada] } })
    for (const search of ['555-111-0000', '+1 (555) 111 0000', '15551110000', '555.111.0000']) {
      expect(await listCustomers({ lists, profiles, query: query({ search }) })).toEqual({ items: [bob, ada], cursor: null })
    }
    expect(asked.pages).toEqual([])
    // Not a customer's number, or too short for a number: the digits are searched in the stored text.
    await listCustomers({ lists, profiles, query: query({ search: '555-999-0000' }) })
    await listCustomers({ lists, profiles, query: query({ search: '111-00' }) })
    expect(asked.phones).toEqual(['555-111-0000', '+1 (555) 111 0000', '15551110000', '555.111.0000', '555-999-0000'])
    expect(asked.pages.map((p) => p.text)).toEqual(['5559990000', '11100'])
  })

  it('view=archived pages the archived customers; an email names an archived customer only, a phone is searched as text', async () => {
    const gone = profile({ id: 'old', email: 'old@example.com', isArchived: true, isActive: false, phone: '5552220000' })
    const { lists, profiles, asked } = fakes({ byEmail: { 'old@example.com': gone, 'ada@example.com': ada }, byPhone: { '5552220000': [gone] }, page: { items: [gone], cursor: 'z' } })
    expect(await listCustomers({ lists, profiles, query: query({ view: 'archived' }) })).toEqual({ items: [gone], cursor: 'l.z' })
    expect(asked.pages[0]).toMatchObject({ view: 'archived', limit: 25, cursor: null, text: undefined })
    expect(await listCustomers({ lists, profiles, query: query({ view: 'archived', search: 'OLD@example.com' }) })).toEqual({ items: [gone], cursor: null })
    // An active customer's email is no match in the archive: searched as text there.
    await listCustomers({ lists, profiles, query: query({ view: 'archived', search: 'ada@example.com' }) })
    expect(asked.pages.at(-1)).toMatchObject({ view: 'archived', text: 'ada@example.com' })
    await listCustomers({ lists, profiles, query: query({ view: 'archived', search: '555-222-0000' }) })
    expect(asked.phones).toEqual([])
    expect(asked.pages.at(-1)).toMatchObject({ view: 'archived', text: '5552220000' })
    // And the active list never names an archived customer by email.
    await listCustomers({ lists, profiles, query: query({ search: 'old@example.com' }) })
    expect(asked.pages.at(-1)).toMatchObject({ view: 'active', text: 'old@example.com' })
  })

  it('pages an exact result with offset cursors, which only an exact search takes', async () => {
    const many = Array.from({ length: 5 }, (_, i) => profile({ id: `p${i}` }))
    const { lists, profiles } = fakes({ byPhone: { '5551110000': many } })
    const first = await listCustomers({ lists, profiles, query: query({ search: '555-111-0000', limit: '2' }) })
    expect(first).toEqual({ items: many.slice(0, 2), cursor: 'o.2' })
    const last = await listCustomers({ lists, profiles, query: query({ search: '555-111-0000', limit: '2', cursor: 'o.4' }) })
    expect(last).toEqual({ items: many.slice(4), cursor: null })
    await expect(listCustomers({ lists, profiles, query: query({ cursor: 'o.2' }) })).rejects.toThrow('Invalid cursor')
  })

  it('text is searched normalized (case, accents, spaces), with a read budget, and the cursor goes on from there', async () => {
    const { lists, profiles, asked } = fakes({ page: { items: [ada], cursor: 'k' } })
    const page = await listCustomers({ lists, profiles, query: query({ search: '  JOSÉ   Smith ' }) })
    expect(page.cursor).toBe('l.k')
    expect(asked.pages[0]).toEqual({ view: 'active', limit: 25, cursor: null, text: 'jose smith', readBudget: TEXT_SEARCH_READ_BUDGET })
    await listCustomers({ lists, profiles, query: query({ search: 'josé smith', cursor: 'l.k' }) })
    expect(asked.pages[1]).toMatchObject({ cursor: 'k', text: 'jose smith' })
  })

  it('a cursor it did not give out is 400 "Invalid cursor" on the cursor field', async () => {
    const { lists, profiles } = fakes()
    for (const cursor of ['abc', 'o.', 'o.-1', 'o.0', 'o.1e3', 'l.', `o.${PHONE_MATCH_LIMIT}`]) {
      const err = await listCustomers({ lists, profiles, query: query({ cursor }) }).catch((e) => e)
      expect(err, cursor).toBeInstanceOf(ValidationError)
      expect(err).toMatchObject({ message: 'Invalid cursor', fields: { cursor: 'Invalid cursor' } })
    }
    // One the index cannot use (tampered with): the repository's refusal is bad input too.
    const refusing = { ...lists, pageCustomers: async () => Promise.reject(new InvalidCursorError()) }
    await expect(listCustomers({ lists: refusing, profiles, query: query({ cursor: 'l.tampered' }) })).rejects.toBeInstanceOf(ValidationError)
    // Without a cursor, a failure is not the caller's.
    const broken = { ...lists, pageCustomers: async () => Promise.reject(new Error('ValidationException: something else')) }
    await expect(listCustomers({ lists: broken, profiles, query: query() })).rejects.not.toBeInstanceOf(ValidationError)
  })
})

describe('adminCustomersQuerySchema', () => {
  it('takes search, limit and cursor, and names the field it refuses', () => {
    expect(query()).toEqual({ view: 'active', search: '', limit: 25 })
    expect(query({ search: ' ada ', limit: '100', cursor: 'l.x' })).toEqual({ view: 'active', search: 'ada', limit: 100, cursor: 'l.x' })
    expect(query({ view: 'archived' })).toMatchObject({ view: 'archived' })
    expect(adminCustomersQuerySchema.safeParse({ view: 'deleted' }).error?.issues[0]).toMatchObject({ path: ['view'], message: 'view must be active or archived' })
    for (const limit of ['0', '101', '2.5', 'ten']) {
      const r = adminCustomersQuerySchema.safeParse({ limit })
      expect(r.success, limit).toBe(false)
      expect(r.error?.issues[0]).toMatchObject({ path: ['limit'], message: 'limit must be between 1 and 100' })
    }
    expect(adminCustomersQuerySchema.safeParse({ search: 'x'.repeat(201) }).error?.issues[0]).toMatchObject({ path: ['search'] })
    expect(adminCustomersQuerySchema.safeParse({ cursor: '' }).error?.issues[0]).toMatchObject({ path: ['cursor'], message: 'Invalid cursor' })
  })
})
