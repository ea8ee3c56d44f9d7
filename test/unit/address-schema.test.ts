import { describe, expect, it } from 'vitest'
import { addressLines, addressMessages, formatAddress, US_STATES, type Address } from '../../shared/src/address.ts'
import { addressSchema } from '../../shared/src/schemas/address.ts'
import { createCustomerSchema, updateCustomerSchema } from '../../shared/src/schemas/customers.ts'
import { updateMeSchema } from '../../shared/src/schemas/profile.ts'
import { ValidationError } from '../../functions/lib/errors.ts'
import { parseWith } from '../../functions/lib/http.ts'

const HOME = { line1: '12 Main St', line2: 'Apt 4', city: 'Springfield', state: 'IL', postalCode: '62701' }

/** The 400 `fields` a route answers for this body (functions/lib/http.ts parseWith: issues keyed by their joined path). */
function fieldsOf(schema: Parameters<typeof parseWith>[0], body: unknown): Record<string, string> {
  try {
    parseWith(schema, body)
    return {}
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err
    return err.fields ?? {}
  }
}

describe('a mailing address (shared/src/schemas/address.ts)', () => {
  it('takes a US address as typed, trimmed, the state in upper case', () => {
    expect(addressSchema.parse({ line1: ' 12 Main St ', line2: ' Apt 4 ', city: ' Springfield ', state: ' il ', postalCode: ' 62701 ' })).toEqual(HOME)
  })

  it('takes ZIP+4, a missing or blank second line (stored as null), and every state, DC, territory and military code in any case', () => {
    expect(addressSchema.parse({ ...HOME, postalCode: '62701-1234' }).postalCode).toBe('62701-1234')
    const { line2: _omit, ...noLine2 } = HOME
    expect(addressSchema.parse(noLine2).line2).toBeUndefined()
    expect(addressSchema.parse({ ...HOME, line2: '   ' }).line2).toBeNull()
    expect(addressSchema.parse({ ...HOME, line2: null }).line2).toBeNull()
    for (const state of US_STATES) {
      expect(addressSchema.parse({ ...HOME, state: state.toLowerCase() }).state).toBe(state)
    }
  })

  it('refuses each bad field with its own message, keyed as the 400 `fields` key it (address.<field>)', () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ line1: '   ' }, 'address.line1', addressMessages.line1Required],
      [{ line1: undefined }, 'address.line1', addressMessages.line1Required],
      [{ line1: 'x'.repeat(101) }, 'address.line1', addressMessages.tooLong],
      [{ line2: 'x'.repeat(101) }, 'address.line2', addressMessages.tooLong],
      [{ city: '' }, 'address.city', addressMessages.cityRequired],
      [{ city: 'x'.repeat(61) }, 'address.city', addressMessages.tooLong],
      [{ state: 'ZZ' }, 'address.state', addressMessages.stateInvalid],
      [{ state: 'Illinois' }, 'address.state', addressMessages.stateInvalid],
      [{ state: '' }, 'address.state', addressMessages.stateInvalid],
      [{ state: undefined }, 'address.state', addressMessages.stateInvalid],
      [{ postalCode: '6270' }, 'address.postalCode', addressMessages.postalCodeInvalid],
      [{ postalCode: '627011' }, 'address.postalCode', addressMessages.postalCodeInvalid],
      [{ postalCode: '62701-12' }, 'address.postalCode', addressMessages.postalCodeInvalid],
      [{ postalCode: 'K1A 0B1' }, 'address.postalCode', addressMessages.postalCodeInvalid],
      [{ postalCode: 62701 }, 'address.postalCode', addressMessages.postalCodeInvalid],
    ]
    for (const [change, field, message] of cases) {
      expect(fieldsOf(updateMeSchema, { address: { ...HOME, ...change } }), JSON.stringify(change)).toEqual({ [field]: message })
    }
    expect(fieldsOf(updateMeSchema, { address: { ...HOME, country: 'CA' } })).toEqual({ 'address.country': 'Unknown field: country' })
    expect(fieldsOf(updateMeSchema, { address: {} })).toEqual({
      'address.line1': addressMessages.line1Required,
      'address.city': addressMessages.cityRequired,
      'address.state': addressMessages.stateInvalid,
      'address.postalCode': addressMessages.postalCodeInvalid,
    })
    expect(Object.keys(fieldsOf(updateMeSchema, { address: '12 Main St, Springfield' }))).toEqual(['address'])
  })

  it('in a body: an address sets it, null clears it, absent leaves it alone (PATCH /api/me, the admin create and edit)', () => {
    for (const schema of [updateMeSchema, updateCustomerSchema]) {
      expect(schema.parse({ address: HOME }).address).toEqual(HOME)
      expect(schema.parse({ address: null }).address).toBeNull()
      expect('address' in schema.parse({ firstName: 'Ann' })).toBe(false)
    }
    const create = { email: 'a@example.com', password: 'Password123!', firstName: 'Ann', lastName: 'Lee' }
    expect(createCustomerSchema.parse({ ...create, address: { ...HOME, state: 'tx' } }).address).toMatchObject({ state: 'TX' })
    expect(createCustomerSchema.parse({ ...create, address: null }).address).toBeNull()
    expect(createCustomerSchema.parse(create).address).toBeUndefined()
    expect(fieldsOf(createCustomerSchema, { ...create, address: { ...HOME, postalCode: '1234' } })).toEqual({ 'address.postalCode': addressMessages.postalCodeInvalid })
  })

  it('reads on one line, and as the lines of a label', () => {
    const home = HOME as Address
    expect(formatAddress(home)).toBe('12 Main St, Apt 4, Springfield, IL 62701')
    expect(formatAddress({ ...home, line2: null })).toBe('12 Main St, Springfield, IL 62701')
    expect(formatAddress(null)).toBe('')
    expect(addressLines({ ...home, line2: undefined })).toEqual(['12 Main St', 'Springfield, IL 62701'])
  })
})
