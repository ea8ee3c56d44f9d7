import { describe, expect, it } from 'vitest'
import { bookMessages, custodyRefusal, earliestReceipt, missingFromBook, receivedOnRefusal } from '../../shared/src/book.ts'
import { receiveFirearmSchemaFor } from '../../shared/src/schemas/book-receive.ts'
import { ADMIN_STATUSES, ORDER_STATUSES, OTHER_STATUSES, STATUS_CUSTODY, statusCustody } from '../../shared/src/statuses.ts'

const byCustody = (c: string) => ORDER_STATUSES.filter((s) => STATUS_CUSTODY[s] === c)
/** The statuses that say the firearm left, or the order is done. */
const LEFT_STATUSES = [...byCustody('left'), ...byCustody('closed')]

describe('what each status says of the firearm (shared/src/statuses.ts STATUS_CUSTODY)', () => {
  it('classifies every status of the catalogue, and only those', () => {
    expect(Object.keys(STATUS_CUSTODY).sort()).toEqual([...ADMIN_STATUSES, ...OTHER_STATUSES].sort())
  })

  it('before receipt: the order is open, a label is made', () => {
    expect(byCustody('awaiting')).toEqual(['order_created', 'label_created'])
  })

  it('in the shop: Firearm Received and every status of the work, the checks, payment and waiting to leave', () => {
    expect(byCustody('in_shop').sort()).toEqual(
      [
        'firearm_received', 'parts_received', 'evaluating', 'in_progress', 'parts_needed', 'work_complete', 'ready_for_pickup', 'ready_for_shipping', 'payment_needed',
        'arrived', 'review', 'approval_needed', 'quality_check', 'gunsmith_evaluating', 'gunsmith_working', 'pending_approval', 'pending_parts', 'work_in_progress',
        'awaiting_pickup', 'awaiting_payment', 'completed',
      ].sort(),
    )
  })

  it('left: shipped and delivered; Order Closed is done (left when it came in); the rest say nothing of the firearm', () => {
    expect(byCustody('left')).toEqual(['shipped', 'delivered'])
    expect(byCustody('closed')).toEqual(['order_closed'])
    expect(byCustody('unsaid').sort()).toEqual(['cancelled', 'payment_received', 'problem_reported'])
    expect([...LEFT_STATUSES].sort()).toEqual(['delivered', 'order_closed', 'shipped'])
  })

  it('a value outside the catalogue (or none) says nothing', () => {
    expect(statusCustody('teleported')).toBe('unsaid')
    expect(statusCustody(undefined)).toBe('unsaid')
  })
})

describe('custodyRefusal: the statuses the A&D book allows', () => {
  const fresh = { currentStatus: 'order_created' }
  const received = { currentStatus: 'firearm_received', intake: {} }
  const released = { currentStatus: 'shipped', intake: {}, release: {} }

  it('an order never received: every in-shop status names Receive Firearm, every left one Receive and Release Firearm', () => {
    for (const s of byCustody('in_shop')) expect(custodyRefusal(fresh, s), s).toBe(bookMessages.receiveFirst)
    for (const s of byCustody('left')) expect(custodyRefusal(fresh, s), s).toBe(bookMessages.receiveAndRelease)
    expect(bookMessages.receiveFirst).toContain('Receive Firearm')
    expect(bookMessages.receiveAndRelease).toContain('Release Firearm')
  })

  it('an order never received may wait, say nothing of the firearm, or be closed', () => {
    for (const s of [...byCustody('awaiting'), ...byCustody('unsaid'), 'order_closed']) expect(custodyRefusal(fresh, s), s).toBeNull()
  })

  it('received: any in-shop status; leaving or closing names Release Firearm', () => {
    for (const s of byCustody('in_shop')) expect(custodyRefusal(received, s), s).toBeNull()
    for (const s of LEFT_STATUSES) expect(custodyRefusal(received, s), s).toBe(bookMessages.releaseFirst)
    expect(bookMessages.releaseFirst).toContain('Release Firearm')
  })

  it('released: it may be delivered or closed, never back in the shop (a new order receives it)', () => {
    for (const s of LEFT_STATUSES) expect(custodyRefusal(released, s), s).toBeNull()
    for (const s of byCustody('in_shop')) expect(custodyRefusal(released, s), s).toBe(bookMessages.backAfterRelease)
  })

  it('missing from the book (in the shop with no intake): closing it names Receive Firearm, as does a payment status that kept it listed', () => {
    expect(custodyRefusal({ currentStatus: 'in_progress' }, 'order_closed')).toBe(bookMessages.receiveFirst)
    expect(custodyRefusal({ currentStatus: 'payment_received', missingFromBook: true }, 'order_closed')).toBe(bookMessages.receiveFirst)
    expect(custodyRefusal({ currentStatus: 'payment_received', missingFromBook: false }, 'order_closed')).toBeNull()
  })

  it('keeping the status is always allowed (an order stored before the rule is not held up)', () => {
    for (const s of ORDER_STATUSES) expect(custodyRefusal({ currentStatus: s }, s), s).toBeNull()
  })
})

describe('missingFromBook: the firearm came in without its acquisition entry', () => {
  it('in the shop or left without an intake; never with one; never before receipt', () => {
    expect(missingFromBook({ currentStatus: 'in_progress' })).toBe(true)
    expect(missingFromBook({ currentStatus: 'shipped' })).toBe(true)
    expect(missingFromBook({ currentStatus: 'in_progress', intake: {} })).toBe(false)
    expect(missingFromBook({ currentStatus: 'order_created', missingFromBook: true })).toBe(false)
  })

  it('a status that says nothing of the firearm keeps what the order was listed as', () => {
    for (const s of ['payment_received', 'cancelled', 'order_closed']) {
      expect(missingFromBook({ currentStatus: s, missingFromBook: true }), s).toBe(true)
      expect(missingFromBook({ currentStatus: s }), s).toBe(false)
    }
  })
})

describe('the date received of an order (receivedOnRefusal, receiveFirearmSchemaFor)', () => {
  const createdAt = '2026-03-01T02:00:00.000Z'

  it('is not before the day the order was created, a day of leeway for the shop behind UTC', () => {
    expect(earliestReceipt(createdAt)).toBe('2026-02-28')
    expect(receivedOnRefusal('2026-02-28', createdAt)).toBeNull()
    expect(receivedOnRefusal('2026-03-05', createdAt)).toBeNull()
    expect(receivedOnRefusal('2026-02-27', createdAt)).toBe('The date received cannot be before the order was created (2026-02-28).')
  })

  it('the form refuses it on the field, with the same words', () => {
    const body = { version: 1, receivedOn: '2026-02-01', from: 'customer', fromAddress: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' }, firearmType: 'pistol', firearmMake: 'Colt', firearmModel: '1911', serialNumber: 'S1', firearmCaliber: '.45 ACP' }
    const refused = receiveFirearmSchemaFor({ createdAt }).safeParse(body)
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['receivedOn', bookMessages.receivedBeforeOrder('2026-02-28')]])
    expect(receiveFirearmSchemaFor({ createdAt }).safeParse({ ...body, receivedOn: '2026-03-01' }).success).toBe(true)
  })
})
