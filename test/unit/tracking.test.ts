// Carrier detection from a tracking number (shared/src/tracking.ts): the rules, their order, the links.
import { describe, expect, it } from 'vitest'
import { carrierOf, trackingLink } from '../../shared/src/tracking.ts'

describe('carrierOf', () => {
  it('reads UPS: 1Z and 16 letters or digits, any case, spaces and dashes ignored', () => {
    for (const n of ['1Z999AA10123456784', '1z999aa10123456784', '1Z 999 AA1 01 2345 6784', '1Z-999-AA1-0123-4567-84', '1Z12345E0205271688']) expect(carrierOf(n), n).toBe('ups')
    // One character short or long is not UPS.
    expect(carrierOf('1Z999AA1012345678')).toBeNull()
    expect(carrierOf('1Z999AA101234567845')).toBeNull()
  })

  it('never sends a UPS 1Z number to USPS, even one whose tail is all digits', () => {
    for (const n of ['1Z9999999999999999', '1Z0000000000000000', '1Z999AA10123456784']) {
      expect(carrierOf(n), n).toBe('ups')
      expect(trackingLink(n)?.url, n).toMatch(/^https:\/\/www\.ups\.com\//)
      expect(trackingLink(n)?.url, n).not.toContain('usps')
    }
  })

  it('reads USPS: 20 to 22 digits starting with 9, or an international 2 letters, 9 digits, 2 letters', () => {
    for (const n of ['9400111899223856928499', '9205590164917312751089', '94001118992238569284', '940011189922385692849', 'EC123456789US', 'ec 123 456 789 us', 'RR123456785DE']) expect(carrierOf(n), n).toBe('usps')
    expect(carrierOf('94001118992238569284991')).toBeNull()
    expect(carrierOf('E1234567890US')).toBeNull()
  })

  it('reads FedEx: 12, 15 or 20 digits that are not USPS (a 20-digit number starting with 9 is USPS)', () => {
    for (const n of ['123456789012', '123456789012345', '12345678901234567890', '61299998820821171811']) expect(carrierOf(n), n).toBe('fedex')
    expect(carrierOf('92345678901234567890')).toBe('usps')
    // 21 or 22 digits not starting with 9: no rule.
    expect(carrierOf('123456789012345678901')).toBeNull()
  })

  it('reads DHL Express: 10 digits', () => {
    expect(carrierOf('1234567890')).toBe('dhl')
    expect(carrierOf('12345 67890')).toBe('dhl')
  })

  it('knows no carrier for anything else: other lengths, letters, blank', () => {
    for (const n of ['', '   ', '12345', '12345678901', '1234567890123', 'TBA123456789000', 'LZ123456789', 'not a number', null, undefined]) expect(carrierOf(n), String(n)).toBeNull()
  })
})

describe('trackingLink', () => {
  it("links to each carrier's tracking page with the number as read (upper case, no spaces)", () => {
    expect(trackingLink('1z 999 aa1 0123 4567 84')).toEqual({ carrier: 'ups', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' })
    expect(trackingLink('9400111899223856928499')).toEqual({ carrier: 'usps', url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223856928499' })
    expect(trackingLink('EC123456789US')).toEqual({ carrier: 'usps', url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=EC123456789US' })
    expect(trackingLink('123456789012')).toEqual({ carrier: 'fedex', url: 'https://www.fedex.com/fedextrack/?trknbr=123456789012' })
    expect(trackingLink('1234567890')).toEqual({ carrier: 'dhl', url: 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890' })
  })

  it('gives no link for an unknown carrier', () => {
    expect(trackingLink('ABC-123')).toBeNull()
    expect(trackingLink(undefined)).toBeNull()
  })
})
