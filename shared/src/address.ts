/**
 * Postal addresses (a customer's mailing address, an order's return address, the A&D book's "name and
 * address" columns): US addresses, the way the shop ships. Rules and messages shared by the SPA forms and
 * the server schema (./schemas/address.ts).
 */

/** The states, DC, the territories and the military "states" USPS delivers to. */
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD',
  'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD',
  'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'PR', 'GU', 'VI', 'AS', 'MP', 'AA', 'AE', 'AP',
] as const
export type UsState = (typeof US_STATES)[number]

/** What a state select shows for each code (the value it sends is the code). */
export const US_STATE_NAMES: Record<UsState, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut', DE: 'Delaware',
  DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa',
  KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
  MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey',
  NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon',
  PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming', PR: 'Puerto Rico',
  GU: 'Guam', VI: 'U.S. Virgin Islands', AS: 'American Samoa', MP: 'Northern Mariana Islands',
  AA: 'Armed Forces Americas (AA)', AE: 'Armed Forces Europe (AE)', AP: 'Armed Forces Pacific (AP)',
}

export interface Address {
  line1: string
  line2?: string | null
  city: string
  state: UsState
  postalCode: string
}

/** Characters a line, the city and the ZIP code may have (a ZIP+4, `12345-6789`, is the longest POSTAL_CODE allows). */
export const ADDRESS_LIMITS = { line: 100, city: 60, postalCode: 10 } as const

export const addressMessages = {
  line1Required: 'Street address is required',
  cityRequired: 'City is required',
  stateInvalid: 'Choose a state',
  postalCodeInvalid: 'Enter a 5-digit ZIP code (or ZIP+4)',
  tooLong: 'Too long',
} as const

export const POSTAL_CODE = /^\d{5}(-\d{4})?$/

/** "12 Main St, Apt 4, Springfield, IL 62701": one line (lists, the A&D book, the CSV). */
export function formatAddress(a: Address | null | undefined): string {
  if (!a) return ''
  return [a.line1, a.line2, a.city, `${a.state} ${a.postalCode}`].filter((p) => p && p.trim()).join(', ')
}

/** The lines of a label (the printed work order): street, second line, "City, ST 12345". */
export function addressLines(a: Address | null | undefined): string[] {
  if (!a) return []
  return [a.line1, a.line2 ?? '', `${a.city}, ${a.state} ${a.postalCode}`].filter((l) => l.trim())
}

/** An address as stored: no empty second line (a blank or null line2 is left out). */
export function compactAddress<A extends Address | null | undefined>(a: A): A {
  if (!a) return a
  const { line2, ...rest } = a
  return (line2?.trim() ? { ...rest, line2: line2.trim() } : rest) as A
}
