/**
 * A postal address as an entity stores it (a map attribute; shared/src/address.ts has the rules). Its own
 * module so that the profile entity, in every function's cold start, does not pull in the order entity.
 */
export const storedAddressProperties = {
  line1: { type: 'string', required: true },
  line2: { type: 'string' },
  city: { type: 'string', required: true },
  state: { type: 'string', required: true },
  postalCode: { type: 'string', required: true },
} as const
