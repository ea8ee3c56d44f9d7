/**
 * Which carrier a tracking number belongs to, and its tracking page. The number is read without
 * spaces or dashes, in upper case; the rules are tried in this order, and the first that matches
 * decides (after this order no number matches two of them):
 *
 * 1. UPS: `1Z` and 16 letters or digits (18 characters). Never digits only, so never USPS.
 * 2. USPS: 20 to 22 digits starting with 9 (IMpb), or a 13-character international number:
 *    2 letters, 9 digits, 2 letters (`EC123456789US`).
 * 3. FedEx: 12, 15 or 20 digits (a 20-digit number starting with 9 was taken by USPS above).
 * 4. DHL Express: 10 digits.
 *
 * Anything else has no known carrier: no link, the number is shown as it is.
 */
export type Carrier = 'ups' | 'usps' | 'fedex' | 'dhl'

export const CARRIER_NAMES: Record<Carrier, string> = { ups: 'UPS', usps: 'USPS', fedex: 'FedEx', dhl: 'DHL Express' }

const RULES: Array<[Carrier, RegExp]> = [
  ['ups', /^1Z[0-9A-Z]{16}$/],
  ['usps', /^(9\d{19,21}|[A-Z]{2}\d{9}[A-Z]{2})$/],
  ['fedex', /^(\d{12}|\d{15}|\d{20})$/],
  ['dhl', /^\d{10}$/],
]

const PAGES: Record<Carrier, string> = {
  ups: 'https://www.ups.com/track?tracknum=',
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr=',
  dhl: 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=',
}

/** The number as the rules read it: no spaces or dashes, upper case. */
export const normalizeTrackingNumber = (n: string) => n.replace(/[\s-]/g, '').toUpperCase()

/** The carrier of a tracking number, or null when no rule matches. */
export function carrierOf(trackingNumber: string | null | undefined): Carrier | null {
  const n = normalizeTrackingNumber(trackingNumber ?? '')
  return RULES.find(([, re]) => re.test(n))?.[0] ?? null
}

/** The carrier and its tracking page for a number; null for an unknown carrier (show the number, no link). */
export function trackingLink(trackingNumber: string | null | undefined): { carrier: Carrier; url: string } | null {
  const carrier = carrierOf(trackingNumber)
  return carrier ? { carrier, url: PAGES[carrier] + encodeURIComponent(normalizeTrackingNumber(trackingNumber!)) } : null
}
