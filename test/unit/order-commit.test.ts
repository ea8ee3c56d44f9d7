import { describe, expect, it } from 'vitest'
import { decideOrderWrites, invoiceSummaryOf, saved } from '../../functions/domain/order-commit.ts'
import { invoiceOf, type OpenCheckout } from '../../functions/domain/order.ts'
import { bookMessages } from '../../shared/src/book.ts'
import { ValidationError } from '../../functions/lib/errors.ts'
import { asRead, testIntake, testOrder, testRelease } from '../support/orders.ts'

const open = (over: Partial<OpenCheckout> = {}): OpenCheckout => ({ paymentIntentId: 'pi_1', amountCents: 12_500, includeShipping: true, totalCents: 12_500, ...over })

describe('decideOrderWrites: what an order write stores besides the order, decided before the commit', () => {
  it('a write that makes the open checkout stale stores the order without it and closes that checkout, once', () => {
    const repriced = { ...testOrder({ openCheckout: open(), version: 3 }), estimatedCostCents: 9_000 }
    const { orders, closeCheckouts } = decideOrderWrites([{ order: repriced, expected: 3 }, { order: { ...repriced, orderId: 'o2' }, expected: 3 }])
    expect(closeCheckouts).toEqual(['pi_1'])
    expect(orders.map((w) => w.order.openCheckout)).toEqual([undefined, undefined])
  })

  it('a checkout that still matches stays; a created order has none to close', () => {
    const kept = decideOrderWrites([{ order: testOrder({ openCheckout: open(), version: 2 }), expected: 2 }])
    expect(kept.closeCheckouts).toEqual([])
    expect(kept.orders[0].order.openCheckout).toEqual(open())
    expect(decideOrderWrites([{ order: testOrder({ openCheckout: open({ totalCents: 1 }) }), expected: 'create' }]).closeCheckouts).toEqual([])
  })

  it('the receivables: before as read (0 for a created order), after the balance due, 0 once deleted; the invoice summary as the order stands', () => {
    const o = testOrder({ version: 4, receivableCents: 12_500, amountPaidCents: 2_500 })
    const [w] = decideOrderWrites([{ order: o, expected: 4 }]).orders
    expect(w.receivable).toEqual({ invoicedAt: o.createdAt, before: 12_500, after: invoiceOf(o).balanceDueCents })
    expect(w.invoice).toEqual(invoiceSummaryOf(o))
    expect(w.invoice).toMatchObject({ totalCents: invoiceOf(o).totalCents, balanceDueCents: invoiceOf(o).balanceDueCents, paymentStatus: 'partially_paid' })
    const [deleted] = decideOrderWrites([{ order: { ...o, isDeleted: true }, expected: 4, softDelete: true }]).orders
    expect(deleted.receivable).toMatchObject({ before: 12_500, after: 0 })
    const [created] = decideOrderWrites([{ order: testOrder(), expected: 'create' }]).orders
    expect(created.receivable).toMatchObject({ before: 0, after: 12_500 })
    // Stored before the receivables: not counted yet (the write is conditioned on the attribute's absence).
    expect(decideOrderWrites([{ order: testOrder({ version: 2 }), expected: 2 }]).orders[0].receivable.before).toBeUndefined()
  })

  it('the A&D book holds every write: a status that needs the intake or the release it has not is refused, whoever writes it', () => {
    const refused = (order: ReturnType<typeof testOrder>, expected: 'create' | number = order.version) => {
      try {
        decideOrderWrites([{ order, expected }])
        return null
      } catch (err) {
        expect(err).toBeInstanceOf(ValidationError)
        return (err as ValidationError).message
      }
    }
    const read = asRead(testOrder({ version: 2 }))
    expect(refused({ ...read, currentStatus: 'in_progress' })).toBe(bookMessages.receiveFirst)
    expect(refused({ ...read, currentStatus: 'shipped' })).toBe(bookMessages.receiveAndRelease)
    expect(refused({ ...read, currentStatus: 'shipped', intake: testIntake() })).toBe(bookMessages.releaseFirst)
    // Created in the shop without an intake, or written without the status it was read with: checked as a new status.
    expect(refused(testOrder({ currentStatus: 'work_complete' }), 'create')).toBe(bookMessages.receiveFirst)
    expect(refused(testOrder({ currentStatus: 'work_complete', version: 2 }))).toBe(bookMessages.receiveFirst)
    // With its entries, or keeping the status it was stored with.
    expect(refused({ ...read, currentStatus: 'in_progress', intake: testIntake() })).toBeNull()
    expect(refused({ ...read, currentStatus: 'shipped', intake: testIntake(), release: testRelease() })).toBeNull()
    expect(refused(asRead(testOrder({ currentStatus: 'in_progress', version: 2 })))).toBeNull()
  })

  it('the list of firearms missing from the book: before as read (false for a created order), after by the rule, never while deleted; a deletion refused while missing', () => {
    const missing = (order: ReturnType<typeof testOrder>, expected: 'create' | number = order.version) => decideOrderWrites([{ order, expected }]).orders[0].missing
    const legacy = asRead(testOrder({ currentStatus: 'in_progress', version: 3 }))
    // Stored before the list: not listed yet; the write lists it.
    expect(missing(legacy)).toEqual({ before: undefined, after: true })
    expect(missing({ ...legacy, missingFromBook: true, intake: testIntake() })).toEqual({ before: true, after: false })
    // A payment makes it Payment Received: still listed.
    expect(missing({ ...legacy, missingFromBook: true, currentStatus: 'payment_received' })).toEqual({ before: true, after: true })
    expect(missing(testOrder(), 'create')).toEqual({ before: false, after: false })
    expect(() => decideOrderWrites([{ order: { ...legacy, missingFromBook: true, isDeleted: true }, expected: 3, softDelete: true }])).toThrow(bookMessages.deleteMissing)
    expect(missing({ ...asRead(testOrder({ currentStatus: 'in_progress', version: 3, isDeleted: true })), missingFromBook: false })).toEqual({ before: false, after: false })
  })

  it('saved: the next version, stamped with the time of the change', () => {
    expect(saved(testOrder({ version: 7 }), 7, '2026-05-01T00:00:00.000Z')).toMatchObject({ version: 8, updatedAt: '2026-05-01T00:00:00.000Z', invoiceLastUpdated: '2026-05-01T00:00:00.000Z' })
  })
})
