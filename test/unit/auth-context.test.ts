import { describe, expect, it } from 'vitest'
import { authFromClaims, authFromEvent, parseGroups } from '../../functions/lib/auth.ts'
import { UnauthorizedError } from '../../functions/lib/errors.ts'

describe('cognito:groups in every shape an authorizer delivers', () => {
  it.each([
    [['admin', 'customer'], ['admin', 'customer']],
    ['[admin customer]', ['admin', 'customer']],
    ['[customer]', ['customer']],
    ['admin,customer', ['admin', 'customer']],
    ['[]', []],
    [undefined, []],
    [42, []],
  ])('%j → %j', (raw, groups) => {
    expect(parseGroups(raw)).toEqual(groups)
  })
})

describe('the auth context', () => {
  it('makes a caller in the admin group an admin', () => {
    expect(authFromClaims({ sub: 'u1', 'cognito:groups': '[admin customer]' })).toMatchObject({ userId: 'u1', role: 'admin' })
  })

  it('makes everyone else a customer, groups or not', () => {
    expect(authFromClaims({ sub: 'u2', 'cognito:groups': ['customer'] }).role).toBe('customer')
    expect(authFromClaims({ sub: 'u3' }).role).toBe('customer')
    expect(authFromClaims({ sub: 'u4', 'cognito:groups': '[administrators]' }).role).toBe('customer')
  })

  it('refuses an event without claims or without a subject', () => {
    expect(() => authFromClaims(undefined)).toThrow(UnauthorizedError)
    expect(() => authFromClaims({ 'cognito:groups': ['admin'] })).toThrow(UnauthorizedError)
    expect(() => authFromEvent({ requestContext: {} } as never)).toThrow(UnauthorizedError)
  })
})
