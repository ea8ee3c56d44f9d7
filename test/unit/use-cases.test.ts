import { describe, expect, it } from 'vitest'
import type { NewProfile, Profile } from '../../functions/db/repositories/profiles.ts'
import { registerCustomer } from '../../functions/use-cases/register-customer.ts'

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
})

// listCustomers (the admin customer list, paged and searched by key or text): list-customers.test.ts
