/** Money is integer cents everywhere; these are the only conversions. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })

export const formatCents = (cents: number | null | undefined) => usd.format((cents ?? 0) / 100)

/** "12.345" → 1235 (half-up on the third decimal); null for anything that is not a finite, non-negative amount. */
export function dollarsToCents(input: string | number): number | null {
  const s = typeof input === 'number' ? String(input) : input.trim().replace(/^\$/, '').replace(/,/g, '')
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(s)) return null
  const n = Number(s)
  if (!Number.isFinite(n)) return null
  return Math.round(n * 100 + Number.EPSILON * 100)
}

/** 1234 → "12.34", for form inputs. */
export const centsToInput = (cents: number | null | undefined) => ((cents ?? 0) / 100).toFixed(2)
