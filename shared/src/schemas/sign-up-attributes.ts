import { isValidPhone, normalizePhone } from '../validation.ts'

/** A first or last name: 1 to 100 characters once trimmed (the rule of PATCH /api/me and the admin forms, profile.ts / customers.ts). */
export const NAME_MAX_LENGTH = 100

export interface SignUpAttributes {
  firstName?: string
  lastName?: string
  phone?: string
}

const name = (v: unknown): string | undefined => {
  if (typeof v !== 'string') return undefined
  const t = v.trim()
  return t ? t.slice(0, NAME_MAX_LENGTH) : undefined
}

/**
 * The names and phone a self-registration brought (Cognito attributes given_name, family_name, phone_number),
 * held to the profile rules without ever failing the sign-up (the user is confirmed by then): names are
 * trimmed, a blank one is left unset and a longer one cut at 100 characters; a phone is normalized, and one
 * that is not valid is dropped. No zod here: the post-confirmation function's bundle stays small.
 */
export function cleanSignUpAttributes(a: { firstName?: unknown; lastName?: unknown; phone?: unknown }): SignUpAttributes {
  const phone = typeof a.phone === 'string' && a.phone.trim() && isValidPhone(a.phone.trim()) ? normalizePhone(a.phone.trim()) : undefined
  return { firstName: name(a.firstName), lastName: name(a.lastName), phone }
}
