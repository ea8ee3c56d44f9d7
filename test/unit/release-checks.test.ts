/** The release's checks (shared/src/release-checks.ts) and the release schema's rules for them. */
import { describe, expect, it } from 'vitest'
import { bookMessages } from '../../shared/src/book.ts'
import { normalizeOrderNumber } from '../../shared/src/order-number.ts'
import { isPoBoxAddress, isPoBoxLine, releaseCheckMessages as rc } from '../../shared/src/release-checks.ts'
import { releaseFirearmSchema } from '../../shared/src/schemas/book-release.ts'

describe('the PO Box detector', () => {
  it.each(['PO Box 123', 'P.O. Box 123', 'p o box 9', 'P. O. Box 12', 'POBox 44', 'Post Office Box 77', 'Postal Box 5', 'POB 12', 'P.O.B. 12', 'Box 14', 'PO Drawer 3', '12 Main St, PO Box 5'])('%j is a PO Box', (line) => {
    expect(isPoBoxLine(line)).toBe(true)
  })
  it.each(['12 Main St', '400 Boxwood Ln', 'Apt 4B', 'Poblano Rd 2', '1 Post Office Sq', 'Suite 200, PMB 14', 'Box Elder Way 5', '', null])('%j is not', (line) => {
    expect(isPoBoxLine(line)).toBe(false)
  })
  it('reads both street lines', () => {
    expect(isPoBoxAddress({ line1: '12 Main St', line2: 'P.O. Box 4' })).toBe(true)
    expect(isPoBoxAddress({ line1: '12 Main St', line2: 'Unit 4' })).toBe(false)
    expect(isPoBoxAddress(null)).toBe(false)
  })
})

describe('a scanned or typed order number', () => {
  it.each([['GS-000123', 'GS-000123'], ['gs-123', 'GS-000123'], [' GS000123 ', 'GS-000123'], ['123', 'GS-000123'], ['GS-12a', null], ['Smith', null]])('%j reads as %j', (typed, number) => {
    expect(normalizeOrderNumber(typed)).toBe(number)
  })
})

const HOME = { line1: '12 Elm St', city: 'Springfield', state: 'IL', postalCode: '62701' }
const pickup = { version: 2, releasedOn: '2026-01-07', method: 'pickup', to: 'customer', toAddress: HOME, idType: 'drivers_license', idIssuer: 'IL', idLast4: '1234', recipientIsDeliverer: true }
const issues = (body: unknown) => {
  const r = releaseFirearmSchema.safeParse(body)
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('the release schema: who took the firearm', () => {
  it('a pickup by the person who delivered it, identified, passes', () => {
    expect(issues(pickup)).toEqual({})
  })
  it('a pickup asks for the ID type, its issuer, its last 4 and whether it is the person who delivered it', () => {
    const { idType, idIssuer, idLast4, recipientIsDeliverer, ...bare } = pickup
    void [idType, idIssuer, idLast4, recipientIsDeliverer]
    expect(issues(bare)).toEqual({ idType: rc.idTypeRequired, idIssuer: rc.idIssuerRequired, idLast4: rc.idLast4Invalid, recipientIsDeliverer: rc.delivererRequired })
  })
  it.each(['123', '12345', '123456789', '12 4', '12-4'])('the last 4 %j is refused (exactly 4 characters, never the full number)', (idLast4) => {
    expect(issues({ ...pickup, idLast4 })).toEqual({ idLast4: rc.idLast4Invalid })
  })
  it('the last 4 may hold letters (stored upper case)', () => {
    expect(releaseFirearmSchema.parse({ ...pickup, idLast4: 'ab12' }).idLast4).toBe('AB12')
  })
  it('another person needs their name and the licensee FFL or the 4473 reference', () => {
    expect(issues({ ...pickup, recipientIsDeliverer: false })).toEqual({ form4473Ref: rc.transferRequired, toName: bookMessages.recipientNameRequired })
    expect(issues({ ...pickup, recipientIsDeliverer: false, toName: 'Pat Other', form4473Ref: 'T-2026-0042' })).toEqual({})
    expect(issues({ ...pickup, recipientIsDeliverer: false, toName: 'Pat Other', toLicense: '1-23-456-07-8A-12345' })).toEqual({})
  })
  it('the FFL number and the 4473 reference are checked for their form', () => {
    expect(issues({ ...pickup, recipientIsDeliverer: false, toName: 'Pat Other', toLicense: '12345' })).toEqual({ toLicense: bookMessages.fflInvalid })
    expect(issues({ ...pickup, recipientIsDeliverer: false, toName: 'Pat Other', form4473Ref: 'no spaces!' })).toEqual({ form4473Ref: rc.form4473Invalid })
  })
  it('a shipment asks for no ID; its adult signature is a yes or no', () => {
    const ship = { version: 2, releasedOn: '2026-01-07', method: 'ship', to: 'customer', toAddress: HOME, carrier: 'UPS', trackingNumber: '1Z9', adultSignature: true }
    expect(issues(ship)).toEqual({})
    expect(issues({ ...ship, adultSignature: 'yes' })).toHaveProperty('adultSignature')
  })
})
