import type * as Api from '@gs/shared/api-types'
import { presentProfile } from '#functions/api/me/present.ts'
import type { CustomerRow } from '#functions/use-cases/list-customer-rows.ts'

/** A row of the admin customer list: the Profile (with its address) plus `orderCount` and `latestOrder` (and `archivedAt` while archived). */
export const presentCustomerRow = ({ profile, orderCount, latestOrder }: CustomerRow): Api.CustomerRow => ({
  ...presentProfile(profile),
  ...(profile.isArchived && profile.archivedAt ? { archivedAt: profile.archivedAt } : {}),
  orderCount,
  latestOrder: latestOrder
    ? { id: latestOrder.orderId, firearmMake: latestOrder.firearmMake, firearmModel: latestOrder.firearmModel, currentStatus: latestOrder.currentStatus, createdAt: latestOrder.createdAt }
    : null,
})
