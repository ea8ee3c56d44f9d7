import { describe, expect, it } from 'vitest'
import { billStatement, calculateBill, formatHours, hoursToHundredths, laborLineCents, lineLabel, MINIMUM_FEE_LABEL, minimumFeeTopUp, requestAmounts, type ExtraLine } from '../../shared/src/invoice.ts'
import { serviceTypeDefaultCents, serviceTypeDefaultText } from '../../shared/src/service-types.ts'
import { addLineSchema } from '../../shared/src/schemas/admin-orders.ts'
import { createServiceTypeSchema } from '../../shared/src/schemas/service-types.ts'
import { resolveLine } from '../../functions/domain/extra-work.ts'
import { adminMessages } from '../../shared/src/admin-messages.ts'
import { serviceTypeMessages } from '../../shared/src/service-types.ts'

const line = (over: Partial<ExtraLine>): ExtraLine => ({ lineId: 'l1', kind: 'labor', name: 'Trigger Job', unitCents: 0, quantity: 1, needsApproval: false, createdAt: '2026-01-01T00:00:00.000Z', createdBy: 'a', ...over })
const base = { estimatedCostCents: 0, lines: [] as ExtraLine[], requests: [], taxRatePpm: 77_500, shippingSelected: false, amountPaidCents: 0 }

describe('labor by the hour', () => {
  it('is hundredths × rate ÷ 100, rounded half-up, in integer cents', () => {
    expect(laborLineCents(150, 7500)).toBe(11_250)
    expect(laborLineCents(125, 7550)).toBe(9438) // 94.375 → 94.38
    expect(laborLineCents(1, 49)).toBe(0) // 0.49 → 0
    expect(laborLineCents(1, 50)).toBe(1) // 0.5 → 1
    expect(laborLineCents(100_000, 100_000_000)).toBe(100_000_000_000)
  })

  it('reads typed hours exactly (no floats) and writes them back', () => {
    expect(hoursToHundredths('1.5')).toBe(150)
    expect(hoursToHundredths('0.25')).toBe(25)
    expect(hoursToHundredths(2)).toBe(200)
    for (const bad of ['', '0', '1.255', '-1', 'abc', '1001']) expect(hoursToHundredths(bad), bad).toBeNull()
    expect(formatHours(150)).toBe('1.5')
    expect(formatHours(125)).toBe('1.25')
    expect(formatHours(200)).toBe('2')
  })

  it('names the line "Trigger Job — 1.5 h × $75.00" on a bill', () => {
    expect(lineLabel({ name: 'Trigger Job', quantity: 1, hours: 1.5, rateCents: 7500 })).toBe('Trigger Job — 1.5 h × $75.00')
    expect(lineLabel({ name: 'Spring', quantity: 2 })).toBe('Spring × 2')
  })

  it('the server prices a labor line at the shop rate or its own rate, stored on the line', () => {
    const shop = resolveLine(addLineSchema.parse({ kind: 'labor', name: 'Trigger Job', hoursHundredths: 150 }), { laborRateCents: 7500 })
    expect(shop).toMatchObject({ kind: 'labor', unitCents: 11_250, quantity: 1, hoursHundredths: 150, rateCents: 7500 })
    const own = resolveLine(addLineSchema.parse({ kind: 'labor', name: 'Trigger Job', hoursHundredths: 150, rateCents: 9000 }), { laborRateCents: 7500 })
    expect(own).toMatchObject({ unitCents: 13_500, rateCents: 9000 })
  })

  it('a picked type gives its kind and taxability; an inactive or unknown type is refused', () => {
    const type = { id: 't1', name: 'Scope', kind: 'part' as const, defaultPriceCents: 9000, defaultHoursHundredths: null, taxable: false, active: true, sortOrder: 1, createdAt: '', updatedAt: '' }
    const spec = resolveLine(addLineSchema.parse({ kind: 'other', name: 'Scope', unitCents: 9000, quantity: 1, serviceTypeId: 't1' }), { laborRateCents: 7500, type })
    expect(spec).toMatchObject({ kind: 'part', taxable: false, serviceTypeId: 't1' })
    // Untaxed by its type though a part: no tax on it.
    const bill = calculateBill({ ...base, lines: [line({ ...spec, lineId: 'p', unitCents: 9000 })] })
    expect(bill).toMatchObject({ partsCents: 0, laborCents: 9000, taxCents: 0 })
    expect(() => resolveLine(addLineSchema.parse({ kind: 'part', name: 'Scope', unitCents: 1, quantity: 1, serviceTypeId: 't1' }), { laborRateCents: 7500, type: { ...type, active: false } })).toThrow(serviceTypeMessages.inactive)
    expect(() => resolveLine(addLineSchema.parse({ kind: 'part', name: 'Scope', unitCents: 1, quantity: 1, serviceTypeId: 'nope' }), { laborRateCents: 7500, type: null })).toThrow(adminMessages.serviceTypeInvalid)
    // Hours on a type that is not labor.
    expect(() => resolveLine(addLineSchema.parse({ kind: 'labor', name: 'Scope', hoursHundredths: 100, serviceTypeId: 't1' }), { laborRateCents: 7500, type })).toThrow(adminMessages.hoursOnlyLabor)
  })

  it('the schema refuses hours on a part, a unit cost with hours, fractional hundredths and a missing cost', () => {
    const fields = (body: unknown) => {
      const r = addLineSchema.safeParse(body)
      return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    }
    expect(fields({ kind: 'part', name: 'x', hoursHundredths: 100 })).toContain(`hoursHundredths: ${adminMessages.hoursOnlyLabor}`)
    expect(fields({ kind: 'labor', name: 'x', hoursHundredths: 100, unitCents: 5 })).toContain(`unitCents: ${adminMessages.hoursOnlyLabor}`)
    expect(fields({ kind: 'labor', name: 'x', hoursHundredths: 1.5 })).toContain(`hoursHundredths: ${adminMessages.hoursInvalid}`)
    expect(fields({ kind: 'labor', name: 'x' })).toContain(`unitCents: ${adminMessages.partCostInvalid}`)
    expect(fields({ kind: 'labor', name: 'x', hoursHundredths: 150 })).toBeNull()
  })
})

describe('minimum service fee', () => {
  it('bills the difference up to the fee the order keeps; nothing when the service and labor reach it', () => {
    expect(minimumFeeTopUp(2500, 1000)).toBe(1500)
    expect(minimumFeeTopUp(2500, 2500)).toBe(0)
    expect(minimumFeeTopUp(2500, 9000)).toBe(0)
    expect(minimumFeeTopUp(0, 0)).toBe(0)
    expect(minimumFeeTopUp(undefined, 0)).toBe(0)
  })

  it('counts service, labor and other charges (not parts), is untaxed, and is a row of the statement that sums to the total', () => {
    const lines = [line({ lineId: 'p', kind: 'part', name: 'Pin', unitCents: 2000 }), line({ lineId: 'l', unitCents: 600, hoursHundredths: 10, rateCents: 6000 })]
    const bill = calculateBill({ ...base, estimatedCostCents: 1000, lines, minimumServiceFeeCents: 2500, shippingSelected: true })
    expect(bill).toMatchObject({ serviceCents: 1000, partsCents: 2000, laborCents: 600, minimumFeeCents: 900, taxCents: 155, shippingCents: 2500 })
    expect(bill.totalCents).toBe(1000 + 2000 + 600 + 900 + 155 + 2500)
    const rows = billStatement(bill, bill.lines.map((l) => ({ id: l.lineId, name: l.name, quantity: l.quantity, state: l.state, lineTotalCents: l.lineTotalCents, hours: l.hoursHundredths ? l.hoursHundredths / 100 : null, rateCents: l.rateCents ?? null })))
    expect(rows.map((r) => r.label)).toEqual(['Service', 'Pin', 'Trigger Job — 0.1 h × $60.00', MINIMUM_FEE_LABEL, 'Tax (7.75% on parts)', 'Shipping'])
    expect(rows.reduce((a, r) => a + r.cents, 0)).toBe(bill.totalCents)
  })

  it('an order without the snapshot (made before the fee applied) bills exactly as before', () => {
    const bill = calculateBill({ ...base, estimatedCostCents: 500 })
    expect(bill).toMatchObject({ minimumFeeCents: 0, totalCents: 500 })
    expect(billStatement(bill, []).map((r) => r.key)).not.toContain('minimum-fee')
  })

  it('lines awaiting approval do not count towards the fee until billed', () => {
    const pending = line({ lineId: 'x', unitCents: 3000, needsApproval: true, requestId: 'r' })
    const requests = [{ requestId: 'r', reason: 'More', status: 'pending' as const, lines: [], requestedAt: '', requestedBy: '' }]
    expect(calculateBill({ ...base, lines: [pending], requests, minimumServiceFeeCents: 2500 }).minimumFeeCents).toBe(2500)
    expect(calculateBill({ ...base, lines: [pending], requests: [{ ...requests[0], status: 'approved' }], minimumServiceFeeCents: 2500 }).minimumFeeCents).toBe(0)
  })

  it('a request taxes its lines as they were added (a taxable labor type is taxed)', () => {
    expect(requestAmounts([{ lineId: 'a', kind: 'labor', name: 'x', unitCents: 10_000, quantity: 1, taxable: true }], 77_500).taxCents).toBe(775)
    expect(requestAmounts([{ lineId: 'a', kind: 'labor', name: 'x', unitCents: 10_000, quantity: 1 }], 77_500).taxCents).toBe(0)
  })
})

describe('service types', () => {
  it("a type's default: flat price, or default hours × the labor rate", () => {
    expect(serviceTypeDefaultCents({ kind: 'labor', defaultPriceCents: null, defaultHoursHundredths: 150 }, 7500)).toBe(11_250)
    expect(serviceTypeDefaultCents({ kind: 'service', defaultPriceCents: 5000, defaultHoursHundredths: null }, 7500)).toBe(5000)
    expect(serviceTypeDefaultText({ kind: 'labor', defaultPriceCents: null, defaultHoursHundredths: 150 }, 7500)).toBe('1.5 h × $75.00')
  })

  it('the schema needs hours for labor and a price for flat kinds', () => {
    expect(createServiceTypeSchema.safeParse({ name: 'Bluing', kind: 'labor' }).success).toBe(false)
    expect(createServiceTypeSchema.safeParse({ name: 'Bluing', kind: 'service', defaultPriceCents: 100 }).data).toMatchObject({ taxable: false, active: true })
    expect(createServiceTypeSchema.safeParse({ name: ' ', kind: 'service', defaultPriceCents: 100 }).success).toBe(false)
    expect(createServiceTypeSchema.safeParse({ name: 'x', kind: 'labor', defaultHoursHundredths: 0 }).success).toBe(false)
  })
})
