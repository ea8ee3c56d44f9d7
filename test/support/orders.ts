import { newOrder, type Order } from '../../functions/domain/order.ts'
import { statusCustody } from '../../shared/src/statuses.ts'

/**
 * An order as the domain makes it (version 1, nothing paid, the default tax rate, return shipping
 * selected): $100.00 of service for Casey Customer's Colt 1911, unless told otherwise.
 */
export const testOrder = (over: Partial<Order> = {}, at = '2026-01-01T00:00:00.000Z'): Order =>
  newOrder(
    {
      orderId: 'o1',
      orderNumber: 'GS-000001',
      customerId: 'c1',
      customerName: 'Casey Customer',
      customerEmail: 'casey@example.com',
      firearmMake: 'Colt',
      firearmModel: '1911',
      serialNumber: 'SN1',
      serviceType: 'Repair',
      description: 'Fix it',
      estimatedCostCents: 10_000,
      ...over,
    },
    { invoiceId: 'i1', at },
  )

/** An order as the repository reads it: with the status it is stored with (toOrder), which a write is held to. */
export const asRead = (o: Order): Order => ({ ...o, storedStatus: o.currentStatus })

/** The intake Receive Firearm records on an order (and its A&D acquisition entry's id), from the customer. */
export const testIntake = (receivedOn = '2026-01-02'): NonNullable<Order['intake']> => ({
  receivedOn,
  from: 'customer',
  fromName: 'Casey Customer',
  fromAddress: '12 Main St, Springfield, IL 62701',
  conditionNotes: '',
  itemsReceived: '',
  recordedAt: `${receivedOn}T15:00:00.000Z`,
  recordedBy: 'admin',
  entryId: `acq-${receivedOn}`,
})

/** The release Release Firearm records (and its disposition entry's id): shipped back to the customer. */
export const testRelease = (releasedOn = '2026-01-09'): NonNullable<Order['release']> => ({
  releasedOn,
  method: 'ship',
  to: 'customer',
  toName: 'Casey Customer',
  toAddress: '12 Main St, Springfield, IL 62701',
  carrier: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  recordedAt: `${releasedOn}T15:00:00.000Z`,
  recordedBy: 'admin',
  entryId: `dis-${releasedOn}`,
})

/**
 * What an order seeded straight into the table in `status` carries so the A&D book's rules hold (STATUS_CUSTODY):
 * an intake for a status in the shop, an intake and a release for one that left (Order Closed included). Only the
 * order's side: seeds that read the book line receive the firearm through its route.
 */
export function bookEntriesFor(status: string): Pick<Order, 'intake' | 'release'> {
  const custody = statusCustody(status)
  if (custody === 'in_shop') return { intake: testIntake() }
  if (custody === 'left' || custody === 'closed') return { intake: testIntake(), release: testRelease() }
  return {}
}
