import { describe, expect, it } from 'vitest'
import { isValidEmail, isValidPhone, normalizePhone } from '../../shared/src/validation.ts'

describe('phone numbers', () => {
  it.each(['5551234567', '(555) 123-4567', '+1 555 123 4567', '+441234567890', '123456789012345'])('accepts %s', (p) => {
    expect(isValidPhone(p)).toBe(true)
  })
  it.each(['12345', '555-123-456', '+1234567890123456', 'call me', '555.123.4567', '++15551234567'])('rejects %s', (p) => {
    expect(isValidPhone(p)).toBe(false)
  })
  it('strips spaces, hyphens and parentheses only', () => {
    expect(normalizePhone('+1 (555) 123-4567')).toBe('+15551234567')
  })
})

describe('email addresses', () => {
  it('accepts a simple address and rejects the rest', () => {
    expect(isValidEmail('a@b.co')).toBe(true)
    expect(isValidEmail('a@b')).toBe(false)
    expect(isValidEmail('a b@c.de')).toBe(false)
    expect(isValidEmail('')).toBe(false)
  })
})
