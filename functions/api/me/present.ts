import type * as Api from '@gs/shared/api-types'
import type { Profile } from '#functions/db/repositories/profiles.ts'

/** The Profile as the contract shows it. */
export const presentProfile = (p: Profile): Api.Profile => ({
  id: p.id,
  email: p.email,
  firstName: p.firstName,
  lastName: p.lastName,
  phone: p.phone ?? null,
  address: p.address ? { ...p.address, line2: p.address.line2 || null } : null,
  enableSmsNotifications: p.enableSmsNotifications,
  emailOptionalNotifications: p.emailOptionalNotifications !== false,
  isActive: p.isActive,
  role: p.role,
  ...(p.role === 'admin' ? { staffRole: p.staffRole ?? 'owner' } : {}),
  createdAt: p.createdAt,
})
