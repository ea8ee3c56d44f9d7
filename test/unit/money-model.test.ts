import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addLine, assertCoversPaid, decideRequest, removeLine, requestApproval, resolveLine, withdrawRequest } from '../../functions/domain/extra-work.ts'
import { invoiceOf, type Order } from '../../functions/domain/order.ts'
import { ApiError } from '../../functions/lib/errors.ts'
import { testOrder } from '../support/orders.ts'
import { addLineSchema } from '../../shared/src/schemas/admin-orders.ts'

/**
 * The money model under any sequence of what staff and the customer can do: add a line (billed or
 * needing approval), remove one, request approval (of existing unbilled lines and/or new ones),
 * approve, reject, withdraw, pay, change the estimate, refresh, and fix (re-read the paid amount
 * from the ledger). After every step the invoice is what an independent reading of the lines
 * says, the balance is never negative, nothing is paid beyond the total, a refused step changes
 * nothing, and a line once billed stays billed until staff remove it.
 */

const stamp = (i: number) => ({ at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), by: 'admin' })

const fresh = (): Order => testOrder({}, stamp(0).at)

/** The bill read straight off the lines and requests, written independently of shared/src/invoice.ts. */
function oracle(o: Order) {
  const statusOf = new Map(o.approvalRequests.map((r) => [r.requestId, r.status]))
  const billed = o.lines.filter((l) => (l.requestId ? statusOf.get(l.requestId) === 'approved' : !l.needsApproval))
  const parts = billed.filter((l) => l.kind === 'part').reduce((a, l) => a + l.unitCents * l.quantity, 0)
  const labor = billed.filter((l) => l.kind !== 'part').reduce((a, l) => a + l.unitCents * l.quantity, 0)
  // half up: floor((parts x rate + 500000) / 1e6), in BigInt
  const tax = Number((BigInt(parts) * BigInt(o.taxRatePpm) + 500_000n) / 1_000_000n)
  const total = o.estimatedCostCents + parts + labor + tax + (o.shippingSelected ? 2500 : 0)
  return { parts, labor, tax, total, balance: Math.max(0, total - o.amountPaidCents), billedIds: new Set(billed.map((l) => l.lineId)) }
}

const lineInput = fc.record({
  kind: fc.constantFrom('part', 'labor', 'other'),
  name: fc.constantFrom('Spring', 'Extractor', 'Fitting'),
  unitCents: fc.integer({ min: 0, max: 60_000 }),
  quantity: fc.integer({ min: 1, max: 4 }),
  needsApproval: fc.boolean(),
})

const step = fc.oneof(
  fc.record({ t: fc.constant('add' as const), line: lineInput }),
  fc.record({ t: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ t: fc.constant('request' as const), picks: fc.array(fc.nat(), { maxLength: 3 }), lines: fc.array(lineInput, { maxLength: 2 }) }),
  fc.record({ t: fc.constant('approve' as const) }),
  fc.record({ t: fc.constant('reject' as const) }),
  fc.record({ t: fc.constant('withdraw' as const) }),
  fc.record({ t: fc.constant('pay' as const), fraction: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ t: fc.constant('estimate' as const), cents: fc.integer({ min: 0, max: 40_000 }) }),
  fc.record({ t: fc.constant('refresh' as const) }),
  fc.record({ t: fc.constant('fix' as const) }),
)

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never

function apply(o: Order, s: Step, i: number, ledger: number[]): Order {
  const at = stamp(i)
  switch (s.t) {
    case 'add':
      return addLine(o, resolveLine(addLineSchema.parse(s.line), { laborRateCents: 7500 }), `l${i}`, at)
    case 'remove':
      return o.lines.length ? removeLine(o, o.lines[s.pick % o.lines.length].lineId) : o
    case 'request': {
      const ids = o.lines.length ? [...new Set(s.picks.map((p) => o.lines[p % o.lines.length].lineId))] : []
      return requestApproval(o, { reason: 'Needed', lineIds: ids, lines: s.lines.map((l) => resolveLine(addLineSchema.parse(l), { laborRateCents: 7500 })), requestId: `r${i}`, newLineIds: s.lines.map((_, k) => `r${i}-l${k}`) }, at).order
    }
    case 'approve':
    case 'reject':
      return decideRequest(o, { decision: s.t, reason: 'No thanks' }, { ...at, by: 'c1' })
    case 'withdraw': {
      const pending = o.approvalRequests.find((r) => r.status === 'pending')
      return withdrawRequest(o, pending?.requestId ?? 'none', at)
    }
    case 'pay': {
      const balance = invoiceOf(o).balanceDueCents
      const amount = Math.floor(balance * s.fraction)
      if (amount <= 0) return o
      ledger.push(amount)
      return { ...o, amountPaidCents: o.amountPaidCents + amount }
    }
    case 'estimate': {
      const next = { ...o, estimatedCostCents: s.cents }
      assertCoversPaid(next)
      return next
    }
    case 'refresh':
      return { ...o }
    case 'fix':
      return { ...o, amountPaidCents: ledger.reduce((a, b) => a + b, 0) }
  }
}

describe('the money model under any sequence of actions', () => {
  it('keeps the invoice equal to the lines, never a negative balance, never paid beyond the total', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let order = fresh()
        const ledger: number[] = []
        for (const [i, s] of steps.entries()) {
          const before = order
          const billedBefore = oracle(before).billedIds
          try {
            order = apply(order, s, i + 1, ledger)
          } catch (err) {
            // A refused action is a 4xx with a message, and changes nothing.
            expect(err).toBeInstanceOf(ApiError)
            expect((err as ApiError).statusCode).toBeLessThan(500)
            expect(order).toBe(before)
            continue
          }
          const inv = invoiceOf(order)
          const want = oracle(order)
          expect({ parts: inv.partsCents, labor: inv.laborCents, tax: inv.taxCents, total: inv.totalCents, balance: inv.balanceDueCents }).toEqual({
            parts: want.parts,
            labor: want.labor,
            tax: want.tax,
            total: want.total,
            balance: want.balance,
          })
          expect(inv.balanceDueCents).toBeGreaterThanOrEqual(0)
          expect(order.amountPaidCents).toBeLessThanOrEqual(inv.totalCents)
          expect(order.amountPaidCents).toBe(ledger.reduce((a, b) => a + b, 0))
          // Billed stays billed: only a staff removal takes a billed line off.
          for (const id of billedBefore) {
            if (order.lines.some((l) => l.lineId === id)) expect(want.billedIds.has(id)).toBe(true)
          }
          // At most one request waits for an answer; a request never asks for $0.
          expect(order.approvalRequests.filter((r) => r.status === 'pending').length).toBeLessThanOrEqual(1)
        }
      }),
      { numRuns: 400 },
    )
  })
})
