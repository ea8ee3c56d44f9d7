import { adminMessages } from '@gs/shared/admin-messages'
import { compactAddress } from '@gs/shared/address'
import type { CreateAdminOrderInput } from '@gs/shared/schemas/admin-orders'
import { sortableId, uuid } from '../db/ids.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { ProfileRepository } from '../db/repositories/profiles.ts'
import type { SettingsRepository } from '../db/repositories/settings.ts'
import { orderCreatedNotification } from '../domain/order-notifications.ts'
import { newOrder, type Order } from '../domain/order.ts'
import { NotFoundError } from '../lib/errors.ts'
import { orderAudit, staffUpdate } from './admin-order-write.ts'
import type { Actor } from '../domain/audit-actor.ts'

interface CreateAdminOrder {
  orders: Pick<OrderRepository, 'nextOrderNumber' | 'createOrder'>
  profiles: Pick<ProfileRepository, 'getProfile'>
  settings: Pick<SettingsRepository, 'billingTerms'>
  input: CreateAdminOrderInput
  adminId: string
  /** The staff member (the audit record); absent: no record (tests, scripts). */
  actor?: Actor
  now?: () => Date
}

/**
 * A new order for a customer, status `order_created`, with its first history entry
 * "Order created", in one transaction that also makes it the customer's latest order
 * and bumps their order count (the repository keeps the profile summary), and tells the customer
 * (an "Order Created" notification).
 * Name, email and phone are copied from the profile, as the order shows them later; the tax rate
 * is the settings' rate now. The return address is the customer's mailing address unless staff give one.
 */
export async function createAdminOrder({ orders, profiles, settings, input, adminId, actor, now = () => new Date() }: CreateAdminOrder): Promise<Order> {
  const customer = await profiles.getProfile(input.customerId)
  if (!customer || customer.role !== 'customer' || customer.isArchived) throw new NotFoundError(adminMessages.customerNotFound)
  const [orderNumber, { taxRatePpm, minimumServiceFeeCents }] = await Promise.all([orders.nextOrderNumber(), settings.billingTerms()])
  const at = now().toISOString()
  const order = newOrder(
    {
      orderId: uuid(),
      orderNumber,
      customerId: customer.id,
      customerName: `${customer.firstName} ${customer.lastName}`.trim(),
      customerEmail: customer.email,
      customerPhone: customer.phone,
      firearmMake: input.firearmMake,
      firearmModel: input.firearmModel,
      serialNumber: input.serialNumber,
      firearmCaliber: input.firearmCaliber ?? undefined,
      serviceType: input.serviceType,
      description: input.description,
      estimatedCostCents: input.estimatedCostCents,
      inboundTrackingNumber: input.inboundTrackingNumber ?? undefined,
      promisedDate: input.promisedDate ?? undefined,
      firearmType: input.firearmType ?? undefined,
      // Shipped back to the customer at their mailing address unless staff change it (the order's return address).
      returnName: `${customer.firstName} ${customer.lastName}`.trim(),
      customerAddress: compactAddress(customer.address ?? undefined),
      returnAddress: compactAddress(input.returnAddress ?? customer.address ?? undefined),
      shippingSelected: input.returnMethod ? input.returnMethod === 'ship' : true,
      // The rate of the day it was created: changing the setting later never changes this invoice.
      taxRatePpm,
      // Likewise the minimum service fee (0: none is kept, so the order bills as orders made before the fee).
      ...(minimumServiceFeeCents > 0 ? { minimumServiceFeeCents } : {}),
    },
    { invoiceId: uuid(), at },
  )
  return orders.createOrder(order, {
    putUpdates: [staffUpdate({ order, status: 'order_created', notes: adminMessages.orderCreated, userId: adminId, at })],
    putNotifications: [orderCreatedNotification({ order, at, id: sortableId(Date.parse(at)) })],
    ...(actor ? { audit: [orderAudit({ actor, action: 'order.create', summary: 'Created the order' }, null, order, at)] } : {}),
  })
}
