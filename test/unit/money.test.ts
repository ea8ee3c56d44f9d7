import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { centsToInput, dollarsToCents, formatCents } from '../../shared/src/money.ts'

describe('dollarsToCents: exact for every string a person can type', () => {
  it('rounds half-up on the exact decimal, where floating point would not', () => {
    expect(dollarsToCents('10.075')).toBe(1008)
    expect(dollarsToCents('1.005')).toBe(101)
    expect(dollarsToCents('0.125')).toBe(13)
    expect(dollarsToCents('10.0749999')).toBe(1007)
    expect(dollarsToCents('2.675')).toBe(268)
    expect(dollarsToCents('8.345')).toBe(835)
    expect(dollarsToCents(10.075)).toBe(1008)
  })

  it('reads the usual ways of typing an amount', () => {
    expect(dollarsToCents('12')).toBe(1200)
    expect(dollarsToCents('12.3')).toBe(1230)
    expect(dollarsToCents('12.')).toBe(1200)
    expect(dollarsToCents('.5')).toBe(50)
    expect(dollarsToCents(' $1,234.56 ')).toBe(123_456)
    expect(dollarsToCents('0')).toBe(0)
    expect(dollarsToCents('007.10')).toBe(710)
  })

  it('refuses what is not a non-negative amount', () => {
    for (const bad of ['', ' ', '.', '-1', '1e3', 'abc', '1.2.3', '12,34.5.6', 'NaN', 'Infinity', '$', '1 000', '+5', '1,23', '12,3456', ',5']) expect(dollarsToCents(bad), bad).toBeNull()
    expect(dollarsToCents('12,345,678.9')).toBe(1_234_567_890)
    expect(dollarsToCents(-5)).toBeNull()
    expect(dollarsToCents('9'.repeat(20))).toBeNull()
  })

  it('agrees with exact decimal arithmetic for any amount with up to 6 decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 6 }), (units, decimals) => {
        const scale = 10n ** BigInt(decimals)
        const text = decimals ? `${units / scale}.${(units % scale).toString().padStart(decimals, '0')}` : String(units)
        // Exact: cents = round-half-up(units × 100 / scale).
        const expected = (units * 100n * 2n + scale) / (2n * scale)
        expect(dollarsToCents(text)).toBe(Number(expected))
      }),
    )
  })

  it('round-trips what it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (cents) => {
        expect(dollarsToCents(centsToInput(cents))).toBe(cents)
      }),
    )
    expect(formatCents(123_456)).toBe('$1,234.56')
  })
})

describe('formatCents: what Intl.NumberFormat en-US USD writes, without building one at every cold start', () => {
  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })
  it('writes every whole number of cents as Intl does: sign, dollar sign, thousands, two decimals', () => {
    for (const c of [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456, 100_000_000, -1, -99, -100, -123_456, -100_000_000]) expect(formatCents(c)).toBe(intl.format(c / 100))
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 13), max: 10 ** 13 }), (cents) => {
        expect(formatCents(cents)).toBe(intl.format(cents / 100))
      }),
      { numRuns: 2000 },
    )
  })
  it('leaves what is not whole cents to Intl (and reads nothing as $0.00)', () => {
    expect(formatCents(0.5)).toBe(intl.format(0.005))
    expect(formatCents(-0)).toBe(intl.format(-0))
    expect(formatCents(null)).toBe('$0.00')
    expect(formatCents(undefined)).toBe('$0.00')
  })
})
