/**
 * The checks of a firearm leaving the shop (Release Firearm): who took it and how they were identified, whether they
 * are the person who delivered it (else a licensee's FFL or a Form 4473 is needed), a PO Box warning for a shipment,
 * and whether a shipment required an adult signature. Written once with the A&D book's disposition entry.
 */
import type { Address } from './address.ts'

/** The identification a recipient shows at pickup. */
export const RECIPIENT_ID_TYPES = ['drivers_license', 'state_id', 'passport', 'military_id', 'other'] as const
export type RecipientIdType = (typeof RECIPIENT_ID_TYPES)[number]

export const RECIPIENT_ID_TYPE_LABELS: Readonly<Record<RecipientIdType, string>> = {
  drivers_license: "Driver's license",
  state_id: 'State ID',
  passport: 'Passport',
  military_id: 'Military ID',
  other: 'Other ID',
}

export const recipientIdTypeLabel = (t: string | null | undefined): string => (t && t in RECIPIENT_ID_TYPE_LABELS ? RECIPIENT_ID_TYPE_LABELS[t as RecipientIdType] : (t ?? ''))

/** The last 4 characters of the ID's number: never the full number. */
export const ID_LAST4 = /^[0-9A-Z]{4}$/

/** A Form 4473's serial or transaction reference as the shop writes it: letters, digits and dashes. */
export const FORM_4473_REF = /^[0-9A-Z][0-9A-Z-]{0,39}$/

export const releaseCheckMessages = {
  idTypeRequired: 'Choose the ID the recipient showed',
  idIssuerRequired: 'Enter the state or country that issued the ID',
  idLast4Invalid: 'Enter the last 4 characters of the ID number (never the full number)',
  delivererRequired: 'Say whether the recipient is the person who delivered this firearm',
  notDeliverer: 'The recipient is not the person who delivered this firearm: a transfer through a licensee or a Form 4473 is required.',
  transferRequired:
    "The recipient is not the person who delivered this firearm: enter the receiving licensee's FFL number or the Form 4473 reference.",
  form4473Invalid: 'Enter the Form 4473 serial or transaction reference (letters, digits and dashes)',
  poBoxWarning: 'This address looks like a PO Box: carriers may not deliver a firearm to a PO Box. Confirm the address before shipping.',
  poBoxConfirm: 'I confirmed the address is not a PO Box, or the carrier delivers there',
  adultSignature: 'Adult signature required',
} as const

/**
 * Whether a line of an address names a PO Box: "PO Box 12", "P.O. Box", "P O Box", "Post Office Box", "Postal Box",
 * "POB 12", "P.O.B. 12", "PO Drawer", or a line that is only "Box 12". A private mailbox ("PMB") is a street address.
 */
export function isPoBoxLine(line: string | null | undefined): boolean {
  if (!line) return false
  const s = line.toLowerCase().replace(/[.,#]/g, ' ').replace(/\s+/g, ' ').trim()
  return (
    /\bp ?o ?box\b/.test(s) ||
    /\bpo?st ?(?:office|al) ?box\b/.test(s) ||
    /\bpost ?office ?b\b/.test(s) ||
    /\bp ?o ?b\b(?= ?\d|$)/.test(s) ||
    /\bpob\b/.test(s) ||
    /^box \d/.test(s) ||
    /\bpo ?drawer\b/.test(s)
  )
}

/** Whether the address's street lines name a PO Box (a shipment there is warned, not refused). */
export const isPoBoxAddress = (a: Pick<Address, 'line1'> & { line2?: string | null } | null | undefined): boolean => !!a && (isPoBoxLine(a.line1) || isPoBoxLine(a.line2))
