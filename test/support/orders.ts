import { newOrder, type Order } from '../../functions/domain/order.ts'

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
