import { ADDRESS_LIMITS, addressMessages as m, POSTAL_CODE, US_STATES } from '../address.ts'
import * as z from './zod.ts'

/** A US postal address (../address.ts): street, optional second line, city, state, ZIP or ZIP+4. */
export const addressSchema = z.strictObject({
  line1: z.string({ error: m.line1Required }).check(z.trim(), z.minLength(1, m.line1Required), z.maxLength(ADDRESS_LIMITS.line, m.tooLong)),
  line2: z.optional(
    z.pipe(
      z.nullable(z.string().check(z.trim(), z.maxLength(ADDRESS_LIMITS.line, m.tooLong))),
      z.transform((v: string | null) => v || null),
    ),
  ),
  city: z.string({ error: m.cityRequired }).check(z.trim(), z.minLength(1, m.cityRequired), z.maxLength(ADDRESS_LIMITS.city, m.tooLong)),
  state: z.pipe(z.string({ error: m.stateInvalid }).check(z.trim(), z.toUpperCase()), z.enum(US_STATES, { error: m.stateInvalid })),
  postalCode: z.string({ error: m.postalCodeInvalid }).check(z.trim(), z.regex(POSTAL_CODE, m.postalCodeInvalid)),
})

/** An address field of a body: an address, or null to clear it; absent leaves it alone. */
export const optionalAddress = z.optional(z.nullable(addressSchema))
