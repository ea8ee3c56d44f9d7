import { uuid } from '../../functions/db/ids.ts'
import { listMissingFromBook } from '../../functions/db/migrations/missing-from-book.ts'
import { createProfileRepository } from '../../functions/db/repositories/profiles.ts'
import { orderItem } from '../../functions/db/repositories/orders.ts'
import { createService } from '../../functions/db/service.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { newOrder } from '../../functions/domain/order.ts'

/** The order an earlier version left in work with no intake (the A&D book journey records it): its serial number. */
export const LEGACY_SERIAL = 'LEGACY-HP-1935'
/** It was created 20 days before the stack started; its firearm really came in 18 days before. */
export const LEGACY_CREATED_DAYS_AGO = 20

/**
 * An order as a version before the A&D book's status rules stored it: Work In Progress with no intake, for a
 * customer of its own, written around the repository; then the migration lists it among the firearms missing
 * from the book, as on a data folder from before (npm start runs the migrations first: the table was empty then).
 */
export async function seedLegacyOrderMissingFromBook() {
  const table = defaultTable()
  const customerId = uuid()
  await createProfileRepository(table).ensureProfile({ id: customerId, email: `legacy-${customerId.slice(0, 8)}@example.com`, firstName: 'Lee', lastName: 'Legacy', role: 'customer' })
  const createdAt = new Date(Date.now() - LEGACY_CREATED_DAYS_AGO * 86_400_000).toISOString()
  const order = newOrder(
    {
      orderId: uuid(),
      orderNumber: 'GS-090001',
      customerId,
      customerName: 'Lee Legacy',
      customerEmail: `legacy-${customerId.slice(0, 8)}@example.com`,
      firearmMake: 'Browning',
      firearmModel: 'Hi-Power',
      serialNumber: LEGACY_SERIAL,
      firearmCaliber: '9mm',
      serviceType: 'Repair',
      description: 'Sear and hammer work',
      estimatedCostCents: 14_000,
      currentStatus: 'in_progress',
      createdAt,
    },
    { invoiceId: uuid(), at: createdAt },
  )
  await createService(table).entities.order.put(orderItem(order)).go()
  await listMissingFromBook(table)
}
