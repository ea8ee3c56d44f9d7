import { describe, expect, it } from 'vitest'
import { formatPhone, telHref, toE164 } from '../../shared/src/phone.ts'

describe('phones', () => {
  it('E.164: "+" and 8–15 digits as typed, or a North American number', () => {
    expect(toE164('(555) 010-1234')).toBe('+15550101234')
    expect(toE164('5550101234')).toBe('+15550101234')
    expect(toE164('1 555 010 1234')).toBe('+15550101234')
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958')
    expect(toE164('010-1234')).toBeNull()
    expect(toE164('0550101234')).toBeNull()
    expect(toE164('+0')).toBeNull()
    expect(toE164('')).toBeNull()
  })

  it('one display format: (555) 010-1234 for North America, E.164 for the rest, as saved when neither', () => {
    for (const typed of ['5550101234', '(555) 010-1234', '555-010-1234', '+1 555 010 1234', '15550101234']) {
      expect(formatPhone(typed)).toBe('(555) 010-1234')
    }
    expect(formatPhone('+44 20 7946 0958')).toBe('+442079460958')
    expect(formatPhone(' 0101234 ')).toBe('0101234')
    expect(formatPhone(null)).toBe('')
    expect(formatPhone(undefined)).toBe('')
  })

  it('tel: links only for a number that can be dialled', () => {
    expect(telHref('(555) 010-0199')).toBe('tel:+15550100199')
    expect(telHref('0101234')).toBeNull()
    expect(telHref('')).toBeNull()
  })
})
