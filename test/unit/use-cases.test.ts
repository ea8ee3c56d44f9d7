import { describe, expect, it } from 'vitest'
import type { NewProfile, Profile } from '../../functions/db/repositories/profiles.ts'
import { registerCustomer } from '../../functions/use-cases/register-customer.ts'
import { updateMeSchema } from '../../shared/src/schemas/profile.ts'
import { NAME_MAX_LENGTH, cleanSignUpAttributes } from '../../shared/src/schemas/sign-up-attributes.ts'
import { normalizeEmail } from '../../shared/src/validation.ts'
import { emailKeyOf } from '../../functions/domain/search.ts'

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

describe('registerCustomer', () => {
  it('puts the user in customer and stores a trimmed profile with SMS off', async () => {
    const groups: string[] = []
    let stored: NewProfile | undefined
    const result = await registerCustomer({
      addToGroup: async (g) => void groups.push(g),
      profiles: { ensureProfile: async (p) => ((stored = p), profile({ ...p, firstName: p.firstName ?? '', lastName: p.lastName ?? '' })) },
      user: { id: 'u1', email: ' Jo@Example.com ', firstName: '  Jo ', lastName: ' Smith ', phone: ' +1 (555) 123-4567 ' },
    })
    expect(groups).toEqual(['customer'])
    expect(stored).toEqual({ id: 'u1', email: 'jo@example.com', firstName: 'Jo', lastName: 'Smith', phone: '+15551234567', enableSmsNotifications: false, role: 'customer' })
    expect(result.id).toBe('u1')
  })

  const register = async (user: Parameters<typeof registerCustomer>[0]['user']) => {
    let stored: NewProfile | undefined
    await registerCustomer({ addToGroup: async () => undefined, profiles: { ensureProfile: async (p) => ((stored = p), profile({ id: p.id })) }, user })
    return stored!
  }

  it('never fails a sign-up on its attributes: blank names stay unset, an invalid phone is dropped, a long name is cut at 100', async () => {
    expect(await register({ id: 'u2', email: 'ZOE@EXAMPLE.COM', firstName: '   ', lastName: undefined, phone: '12' })).toEqual({
      id: 'u2',
      email: 'zoe@example.com',
      firstName: undefined,
      lastName: undefined,
      phone: undefined,
      enableSmsNotifications: false,
      role: 'customer',
    })
    const long = await register({ id: 'u3', email: 'z@example.com', firstName: ` ${'a'.repeat(150)} `, lastName: 'Lee', phone: 'call me maybe' })
    expect(long.firstName).toBe('a'.repeat(100))
    expect(long.lastName).toBe('Lee')
    expect(long.phone).toBeUndefined()
    expect((await register({ id: 'u4', email: 'p@example.com', phone: '(555) 123-4567' })).phone).toBe('5551234567')
  })
})

describe('the sign-up attribute rules match the profile rules', () => {
  it('accepts exactly the names and phones PATCH /api/me accepts (trimmed)', () => {
    for (const value of ['Jo', ` ${'b'.repeat(NAME_MAX_LENGTH)} `]) {
      expect(updateMeSchema.safeParse({ firstName: value }).success).toBe(true)
      expect(cleanSignUpAttributes({ firstName: value }).firstName).toBe(value.trim())
    }
    expect(updateMeSchema.safeParse({ firstName: 'c'.repeat(NAME_MAX_LENGTH + 1) }).success).toBe(false)
    expect(updateMeSchema.safeParse({ firstName: '  ' }).success).toBe(false)
    expect(cleanSignUpAttributes({ firstName: '  ' }).firstName).toBeUndefined()
    for (const phone of ['+15551234567', '555-123-4567', '12', '+1 555 123 4567 8901 23']) {
      const valid = updateMeSchema.safeParse({ phone }).success
      expect(cleanSignUpAttributes({ phone }).phone !== undefined).toBe(valid)
    }
  })

  it('keys the email index exactly as normalizeEmail does (one email, one account)', () => {
    for (const email of [' Customer@Example.com ', 'ZOE@EXAMPLE.COM', 'x@y.z']) expect(emailKeyOf(email)).toBe(normalizeEmail(email))
  })
})

// listCustomers (the admin customer list, paged and searched by key or text): list-customers.test.ts
