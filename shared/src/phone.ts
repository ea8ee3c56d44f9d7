/**
 * Phone numbers: stored as typed minus spaces, hyphens and parentheses (validation.ts normalizePhone),
 * dialled and texted as E.164, shown to people in one format everywhere (the profile, the customer
 * list and picker, the shop's phone on every page, invoice and email).
 */

/**
 * A phone as E.164: "+" and 8–15 digits as typed, or a US number of 10 digits (or 11 with the leading 1).
 * Null for anything else.
 */
export function toE164(phone: string): string | null {
  const trimmed = phone.trim()
  const digits = trimmed.replace(/\D/g, '')
  if (trimmed.startsWith('+')) return digits.length >= 8 && digits.length <= 15 && digits[0] !== '0' ? `+${digits}` : null
  if (digits.length === 10 && /^[2-9]/.test(digits)) return `+1${digits}`
  if (digits.length === 11 && /^1[2-9]/.test(digits)) return `+${digits}`
  return null
}

/**
 * How a phone is shown: a North American number as "(555) 010-1234", any other as its E.164 form
 * ("+442079460958"); one that makes no E.164 number as it was saved. Blank stays blank.
 */
export function formatPhone(phone: string | null | undefined): string {
  const raw = (phone ?? '').trim()
  const e164 = toE164(raw)
  if (!e164) return raw
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164)
  return nanp ? `(${nanp[1]}) ${nanp[2]}-${nanp[3]}` : e164
}

/** A `tel:` link for the phone, or null when it makes no E.164 number. */
export function telHref(phone: string | null | undefined): string | null {
  const e164 = toE164(phone ?? '')
  return e164 ? `tel:${e164}` : null
}
