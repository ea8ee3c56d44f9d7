import { adminMessages } from '@gs/shared/admin-messages'
import type { CreateAdminOrderInput } from '@gs/shared/schemas/admin-orders'
import { sortableId, uuid } from '../db/ids.ts'
import type { OrderRepository } from '../db/repositories/orders.ts'
import type { ProfileRepository } from '../db/repositories/profiles.ts'
import type { SettingsRepository } from '../db/repositories/settings.ts'
import { orderCreatedNotification } from '../domain/order-notifications.ts'
import { newOrder, type Order } from '../domain/order.ts'
import { NotFoundError } from '../lib/errors.ts'
import { staffUpdate } from './admin-order-write.ts'

interface CreateAdminOrder {
  orders: Pick<OrderRepository, 'nextOrderNumber' | 'createOrder'>
  profiles: Pick<ProfileRepository, 'getProfile'>
  settings: Pick<SettingsRepository, 'taxRatePpm'>
  input: CreateAdminOrderInput
  adminId: string
  now?: () => Date
}

/**
 * A new order for a customer, status `order_created`, with its first history entry
 * "Order created", in one transaction that also makes it the customer's latest order
 * and bumps their order count (the repository keeps the profile summary), and tells the customer
 * (an "Order Created" notification).
 * Name, email and phone are copied from the profile, as the order shows them later; the tax rate
 * is the settings' rate now.
 */
export async function createAdminOrder({ orders, profiles, settings, input, adminId, now = () => new Date() }: CreateAdminOrder): Promise<Order> {
  const customer = await profiles.getProfile(input.customerId)
  if (!customer || customer.role !== 'customer' || customer.isArchived) throw new NotFoundError(adminMessages.customerNotFound)
  const [orderNumber, taxRatePpm] = await Promise.all([orders.nextOrderNumber(), settings.taxRatePpm()])
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
      // The rate of the day it was created: changing the setting later never changes this invoice.
      taxRatePpm,
    },
    { invoiceId: uuid(), at },
  )
  return orders.createOrder(order, {
    putUpdates: [staffUpdate({ order, status: 'order_created', notes: adminMessages.orderCreated, userId: adminId, at })],
    putNotifications: [orderCreatedNotification({ order, at, id: sortableId(Date.parse(at)) })],
  })
}
