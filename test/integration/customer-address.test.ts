import { randomInt, randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { addressMessages } from '../../shared/src/address.ts'
import { ADMIN, api, newCustomer, signIn, useStackTable } from './helpers.ts'

let adminToken: string

beforeAll(async () => {
  useStackTable()
  adminToken = (await signIn(ADMIN.email, ADMIN.password)).AccessToken
})

const tag = () => randomUUID().slice(0, 8)
const admin = (path: string, init: { method?: string; body?: unknown } = {}) => api(path, { token: adminToken, ...init })
const me = (token: string, init: { method?: string; body?: unknown } = {}) => api('/api/me', { token, ...init })
/** A city no other test's customer lives in, so a search for it finds only ours. */
const uniqueCity = () => `Springfield ${tag()}`

async function findCustomer(search: string, id: string) {
  const res = await admin(`/api/admin/customers?search=${encodeURIComponent(search)}`)
  expect(res.status).toBe(200)
  return (res.body.items as { id: string; address: unknown }[]).find((c) => c.id === id)
}

describe("a customer's own mailing address (PATCH /api/me)", () => {
  it('sets it (trimmed, the state in upper case), changes it, keeps it through other edits, and clears it with null', async () => {
    const { token } = await newCustomer('address')
    expect((await me(token)).body.address).toBeNull()

    const city = uniqueCity()
    const set = await me(token, { method: 'PATCH', body: { address: { line1: ' 12 Main St ', line2: ' Apt 4 ', city: ` ${city} `, state: 'il', postalCode: '62701' } } })
    expect(set).toMatchObject({ status: 200, body: { address: { line1: '12 Main St', line2: 'Apt 4', city, state: 'IL', postalCode: '62701' } } })
    expect((await me(token)).body.address).toEqual({ line1: '12 Main St', line2: 'Apt 4', city, state: 'IL', postalCode: '62701' })

    const moved = await me(token, { method: 'PATCH', body: { address: { line1: '400 Elm Ave', line2: null, city, state: 'TX', postalCode: '78701-1234' } } })
    expect(moved.body.address).toEqual({ line1: '400 Elm Ave', line2: null, city, state: 'TX', postalCode: '78701-1234' })

    // A save without `address` leaves it alone.
    const renamed = await me(token, { method: 'PATCH', body: { firstName: 'Addie' } })
    expect(renamed.body).toMatchObject({ firstName: 'Addie', address: { line1: '400 Elm Ave', state: 'TX' } })

    const cleared = await me(token, { method: 'PATCH', body: { address: null } })
    expect(cleared).toMatchObject({ status: 200, body: { firstName: 'Addie', address: null } })
    expect((await me(token)).body.address).toBeNull()
    // Clearing what is not there is no error.
    expect((await me(token, { method: 'PATCH', body: { address: null } })).status).toBe(200)
  })

  it('refuses a bad ZIP (or state, or a missing street) with a 400 naming the field, and changes nothing of the body', async () => {
    const { token } = await newCustomer('address-bad')
    const home = { line1: '12 Main St', city: uniqueCity(), state: 'IL', postalCode: '62701' }
    expect((await me(token, { method: 'PATCH', body: { address: home } })).status).toBe(200)
    const before = (await me(token)).body

    const badZip = await me(token, { method: 'PATCH', body: { firstName: 'Changed', address: { ...home, postalCode: '6270' } } })
    expect(badZip).toMatchObject({ status: 400, body: { error: { code: 'validation_failed', message: addressMessages.postalCodeInvalid, fields: { 'address.postalCode': addressMessages.postalCodeInvalid } } } })
    const badState = await me(token, { method: 'PATCH', body: { address: { ...home, state: 'ZZ', line1: ' ' } } })
    expect(badState).toMatchObject({ status: 400, body: { error: { fields: { 'address.state': addressMessages.stateInvalid, 'address.line1': addressMessages.line1Required } } } })
    const notAnAddress = await me(token, { method: 'PATCH', body: { address: '12 Main St, Springfield IL' } })
    expect(notAnAddress.status).toBe(400)
    expect(Object.keys(notAnAddress.body.error.fields)).toEqual(['address'])
    const unknown = await me(token, { method: 'PATCH', body: { address: { ...home, country: 'US' } } })
    expect(unknown).toMatchObject({ status: 400, body: { error: { fields: { 'address.country': 'Unknown field: country' } } } })

    expect((await me(token)).body).toEqual(before)
  })

  it("cannot set another customer's address", async () => {
    const victim = await newCustomer('address-victim')
    const attacker = await newCustomer('address-attacker')
    const home = { line1: '1 Victim Way', city: uniqueCity(), state: 'OH', postalCode: '43004' }
    expect((await me(victim.token, { method: 'PATCH', body: { address: home } })).status).toBe(200)
    const evil = { line1: '666 Attacker Rd', city: 'Elsewhere', state: 'NV', postalCode: '89101' }

    // PATCH /api/me is the caller's own profile: there is no id to name, and naming one is refused.
    const named = await me(attacker.token, { method: 'PATCH', body: { id: victim.id, userId: victim.id, address: evil } })
    expect(named).toMatchObject({ status: 400, body: { error: { fields: { id: 'Unknown field: id', userId: 'Unknown field: userId' } } } })
    // The staff route is staff-only.
    expect((await api(`/api/admin/customers/${victim.id}`, { token: attacker.token, method: 'PATCH', body: { address: evil } })).status).toBe(403)

    expect((await me(victim.token)).body.address).toEqual({ ...home, line2: null })
    expect((await me(attacker.token)).body.address).toBeNull()
  })
})

describe('the admin customer forms and list (POST / PATCH /api/admin/customers)', () => {
  const newInput = (over: Record<string, unknown> = {}) => {
    const t = tag()
    return { email: `addr-${t}@example.com`, password: 'Password1', firstName: 'Ada', lastName: `Post${t}`, phone: `555${randomInt(1000000, 9999999)}`, ...over }
  }

  it('creates a customer with an address; the list shows it and finds the customer by city or ZIP; an edit changes it and null clears it', async () => {
    const city = uniqueCity()
    const zip = String(randomInt(10000, 99999))
    const created = await admin('/api/admin/customers', { method: 'POST', body: newInput({ address: { line1: '77 Sunset Blvd', line2: 'Suite 200', city, state: 'ca', postalCode: zip } }) })
    expect(created).toMatchObject({ status: 201, body: { address: { line1: '77 Sunset Blvd', line2: 'Suite 200', city, state: 'CA', postalCode: zip } } })
    const id = created.body.id as string

    expect(await findCustomer(city.toUpperCase(), id)).toMatchObject({ address: { city, state: 'CA', postalCode: zip } })
    expect(await findCustomer(zip, id)).toBeDefined()
    expect(await findCustomer(`${city}, CA ${zip}`, id)).toBeDefined()
    expect(await findCustomer(`77 sunset blvd`, id)).toBeDefined()

    const edited = await admin(`/api/admin/customers/${id}`, { method: 'PATCH', body: { address: { line1: '9 Harbor Rd', city: `${city} Heights`, state: 'WA', postalCode: '98101' } } })
    expect(edited).toMatchObject({ status: 200, body: { id, address: { line1: '9 Harbor Rd', line2: null, city: `${city} Heights`, state: 'WA', postalCode: '98101' } } })
    expect(await findCustomer(`${city} heights`, id)).toMatchObject({ address: { line1: '9 Harbor Rd' } })
    expect(await findCustomer('77 sunset blvd', id)).toBeUndefined()

    // The customer sees what the shop entered.
    const { AccessToken } = await signIn(created.body.email, 'Password1')
    expect((await me(AccessToken)).body.address).toMatchObject({ line1: '9 Harbor Rd', state: 'WA' })

    // Editing the name keeps the address, and the search by it.
    expect((await admin(`/api/admin/customers/${id}`, { method: 'PATCH', body: { firstName: 'Adaline' } })).body.address).toMatchObject({ line1: '9 Harbor Rd' })
    expect(await findCustomer(`${city} heights`, id)).toMatchObject({ firstName: 'Adaline' })

    const cleared = await admin(`/api/admin/customers/${id}`, { method: 'PATCH', body: { address: null } })
    expect(cleared).toMatchObject({ status: 200, body: { address: null } })
    expect(await findCustomer(`${city} heights`, id)).toBeUndefined()
    expect(await findCustomer(created.body.email, id)).toMatchObject({ address: null })
  })

  it('creates without an address (absent or null) as before', async () => {
    for (const address of [undefined, null]) {
      const res = await admin('/api/admin/customers', { method: 'POST', body: newInput(address === undefined ? {} : { address }) })
      expect(res).toMatchObject({ status: 201, body: { address: null } })
    }
  })

  it('refuses a bad ZIP with a 400 that creates nothing and changes nothing', async () => {
    const input = newInput({ address: { line1: '1 Bad Zip Ln', city: 'Nowhere', state: 'KS', postalCode: 'ABCDE' } })
    const refused = await admin('/api/admin/customers', { method: 'POST', body: input })
    expect(refused).toMatchObject({ status: 400, body: { error: { fields: { 'address.postalCode': addressMessages.postalCodeInvalid } } } })
    expect((await admin(`/api/admin/customers?search=${encodeURIComponent(input.email)}`)).body.items).toEqual([])

    const city = uniqueCity()
    const ok = await admin('/api/admin/customers', { method: 'POST', body: newInput({ address: { line1: '2 Good Rd', city, state: 'KS', postalCode: '66044' } }) })
    expect(ok.status).toBe(201)
    const badEdit = await admin(`/api/admin/customers/${ok.body.id}`, { method: 'PATCH', body: { lastName: 'Changed', address: { line1: '3 Other Rd', city, state: 'KS', postalCode: '660' } } })
    expect(badEdit).toMatchObject({ status: 400, body: { error: { fields: { 'address.postalCode': addressMessages.postalCodeInvalid } } } })
    expect(await findCustomer(ok.body.email, ok.body.id)).toMatchObject({ lastName: ok.body.lastName, address: { line1: '2 Good Rd', postalCode: '66044' } })
  })
})
