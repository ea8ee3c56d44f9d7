import { cachedEntity } from './cache.ts'
import { emailKeyOf, searchTextOf } from '#functions/domain/search.ts'
import { formatAddress, type Address } from '@gs/shared/address'
import { storedAddressProperties } from './address.ts'

/**
 * A phone as the lookup index keys it: its digits, without a leading US country code "1" on an
 * 11-digit number ("+1 (555) 010-1234", "555.010.1234" and "15550101234" are one key).
 */
export const phoneKeyOf = (phone = '') => {
  const digits = phone.replace(/\D/g, '')
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
}

type Searched = { firstName?: string; lastName?: string; email?: string; phone?: string; address?: Address }

export const profileSchema = {
  model: { entity: 'profile', version: '1', service: 'gunsmith' },
  attributes: {
    userId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    /** Derived on every write of the email: the exact-email lookup key (domain/search.ts). */
    emailKey: { type: 'string', hidden: true, watch: ['email'], set: (_: unknown, i: { email?: string }) => emailKeyOf(i.email ?? '') },
    /** Derived: the exact-phone lookup key; absent without a phone, so the phone index is sparse. */
    phoneKey: { type: 'string', hidden: true, watch: ['phone'], set: (_: unknown, i: { phone?: string }) => phoneKeyOf(i.phone) || undefined },
    /**
     * Derived: the admin customer search attribute (name, email, phone digits, mailing address; domain/search.ts).
     * A watcher sees only the attributes of its write, so every write of one of these writes them all (profiles.ts).
     */
    searchText: {
      type: 'string',
      hidden: true,
      watch: ['firstName', 'lastName', 'email', 'phone', 'address'],
      set: (_: unknown, i: Searched) => searchTextOf([`${i.firstName ?? ''} ${i.lastName ?? ''}`, i.email, phoneKeyOf(i.phone), formatAddress(i.address)]),
    },
    firstName: { type: 'string', default: '' },
    lastName: { type: 'string', default: '' },
    phone: { type: 'string' },
    /** The mailing address (shared/src/address.ts); absent when the customer has none. */
    address: { type: 'map', properties: storedAddressProperties },
    enableSmsNotifications: { type: 'boolean', default: false },
    /** Optional (non-essential) notification emails; essential ones (payment receipts, shipped) always go (functions/notify/notifier.ts). */
    emailOptionalNotifications: { type: 'boolean', default: true },
    role: { type: ['customer', 'admin'], required: true, default: 'customer' },
    isActive: { type: 'boolean', default: true },
    /** Staff: the role (shared/src/staff.ts); absent on a staff profile from before roles, which is the owner's (staffRoleOf). */
    staffRole: { type: ['owner', 'front_desk', 'gunsmith'] as const },
    /**
     * Sign-ins before this moment (seconds since the epoch) have ended: the API refuses their tokens. Moved on a
     * password change or reset, on two-step sign-in set up or reset, on archiving (functions/auth/sessions.ts).
     */
    sessionsValidFrom: { type: 'number' },
    /** Staff: when the API recorded that this person's authenticator app was set up (seconds); absent until then and after a reset. */
    staffMfaAt: { type: 'number' },
    /** The last successful sign-in (ISO time), written by the Cognito post-authentication trigger; absent until the first. */
    lastSignInAt: { type: 'string' },
    isArchived: { type: 'boolean', default: false },
    archivedAt: { type: 'string' },
    /** Derived: 'customer' while archived, else absent, so only archived profiles are in the archived index (byArchived). */
    archivedList: { type: 'string', hidden: true, watch: ['isArchived'], set: (_: unknown, i: { isArchived?: boolean }) => (i.isArchived ? 'customer' : undefined) },
    // The admin customer list's order columns, written in the same transaction as every order write
    // (functions/db/repositories/latest-order.ts), so listing customers is the profiles Query alone.
    orderCount: { type: 'number', default: 0 },
    latestOrderId: { type: 'string' },
    latestOrderSummary: {
      type: 'map',
      properties: {
        firearmMake: { type: 'string' },
        firearmModel: { type: 'string' },
        currentStatus: { type: 'string' },
        createdAt: { type: 'string' },
        /** The order version this summary was taken from. Absent on summaries written before it was kept current (status unknown). */
        version: { type: 'number' },
      },
    },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString(), default: () => new Date().toISOString() },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: [] },
    },
    // Customers for the admin list, newest first; the role is part of the key so admins never appear.
    byRole: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['role'] },
      sk: { field: 'gsi1sk', composite: ['createdAt'] },
    },
    // Archived customers for the admin list's archived view, the latest archived first (sparse: archivedList).
    byArchived: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['archivedList'] },
      sk: { field: 'gsi2sk', composite: ['archivedAt'] },
    },
    // Staff searching by exact email.
    byEmail: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['emailKey'] },
      sk: { field: 'gsi3sk', composite: [] },
    },
    // Staff searching by phone number (digits only, see phoneKeyOf).
    byPhone: {
      index: 'gsi4',
      pk: { field: 'gsi4pk', composite: ['phoneKey'] },
      sk: { field: 'gsi4sk', composite: [] },
    },
  },
} as const

export const profileEntity = cachedEntity(profileSchema)
