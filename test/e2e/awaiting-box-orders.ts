import { uuid } from '../../functions/db/ids.ts'
import { createOrderRepository } from '../../functions/db/repositories/orders.ts'
import { createProfileRepository } from '../../functions/db/repositories/profiles.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { newOrder } from '../../functions/domain/order.ts'

/** The order waiting for its firearm whose box the awaiting-intake journey records: its serial number. */
export const AWAITING_BOX_SERIAL = 'BOX-WAIT-365'
/** It was created 10 days before the stack started (so a box can have come in days ago). */
export const AWAITING_BOX_CREATED_DAYS_AGO = 10

/** An order created days ago, waiting for its firearm (Order Created), for a customer of its own, through the repository. */
export async function seedOrderAwaitingBox() {
  const table = defaultTable()
  const orders = createOrderRepository(table)
  const customerId = uuid()
  const email = `box-${customerId.slice(0, 8)}@example.com`
  await createProfileRepository(table).ensureProfile({ id: customerId, email, firstName: 'Bo', lastName: 'Boxer', role: 'customer' })
  const createdAt = new Date(Date.now() - AWAITING_BOX_CREATED_DAYS_AGO * 86_400_000).toISOString()
  await orders.createOrder(
    newOrder(
      {
        orderId: uuid(),
        orderNumber: await orders.nextOrderNumber(),
        customerId,
        customerName: 'Bo Boxer',
        customerEmail: email,
        firearmMake: 'Sig Sauer',
        firearmModel: 'P365',
        serialNumber: AWAITING_BOX_SERIAL,
        firearmCaliber: '9mm',
        serviceType: 'Repair',
        description: 'Sights installed',
        estimatedCostCents: 8_000,
        createdAt,
      },
      { invoiceId: uuid(), at: createdAt },
    ),
  )
}
