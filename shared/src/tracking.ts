/**
 * Which carrier a tracking number belongs to, and its tracking page: UPS, USPS, FedEx, then DHL Express, the first
 * rule that matches deciding (docs/business-rules.md, "Tracking numbers"). Anything else has no known carrier: no
 * link, the number is shown as it is.
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
