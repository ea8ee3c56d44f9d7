/** Money is integer cents everywhere; these are the only conversions. */
let usd: Intl.NumberFormat | undefined

/**
 * 123456 → "$1,234.56", -500 → "-$5.00": what `Intl.NumberFormat('en-US', USD)` writes, digit for digit
 * (test/unit/money.test.ts compares them), written out for integer cents because building that formatter costs
 * a function's cold start about 16 ms of ICU loading. Anything else (a fraction of a cent, -0)
 * still goes to Intl.
 */
export function formatCents(cents: number | null | undefined): string {
  const c = cents ?? 0
  if (!Number.isSafeInteger(c) || Object.is(c, -0)) {
    usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })
    return usd.format(c / 100)
  }
  const abs = Math.abs(c)
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${c < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * What a person typed, in dollars, as integer cents, exactly: "10.075" → 1008 (half-up on the exact
 * decimal, never through floating point: 10.075 × 100 is 1007.4999… as a float). Accepts "$1,234.5",
 * ".5", "7."; null for anything that is not a non-negative amount (or beyond what cents can hold exactly).
 */
export function dollarsToCents(input: string | number): number | null {
  const typed = typeof input === 'number' ? String(input) : input.trim().replace(/^\$/, '')
  // Commas only as thousands separators ("1,234.50"): "1,23" is not $123.
  if (typed.includes(',') && !/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(typed)) return null
  const s = typed.replace(/,/g, '')
  const m = /^(\d*)(?:\.(\d*))?$/.exec(s)
  if (!m || (!m[1] && !m[2])) return null
  const whole = m[1] || '0'
  const fraction = (m[2] ?? '').padEnd(3, '0')
  // Half-up: the rest beyond the cents is at least half a cent exactly when its first digit is 5 or more.
  const cents = BigInt(whole) * 100n + BigInt(fraction.slice(0, 2)) + (fraction[2] >= '5' ? 1n : 0n)
  return cents <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(cents) : null
}

/** 1234 → "12.34", for form inputs. */
export const centsToInput = (cents: number | null | undefined) => ((cents ?? 0) / 100).toFixed(2)
