/**
 * Staff roles and who may do what. The route table (functions/routes.ts) gives each staff route one of the
 * STAFF_ACCESS levels; the API refuses any other role (403), and the SPA hides what the signed-in role may not do
 * with the same table (docs/api.md, "Staff roles").
 */
export const STAFF_ROLES = ['owner', 'front_desk', 'gunsmith'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  front_desk: 'Front desk',
  gunsmith: 'Gunsmith',
}

/**
 * - `staff`: every role; a gunsmith only on the orders assigned to them (any route with an order in its path is
 *   refused as not found for an order assigned to someone else), and their order list is their bench.
 * - `counter`: the owner and the front desk (customers, every order, intake and release, payments taken in the
 *   shop, the A&D book, receivables).
 * - `owner`: settings, staff accounts, write-offs and discounts, refunds, invoice repairs.
 */
export const STAFF_ACCESS = {
  staff: ['owner', 'front_desk', 'gunsmith'],
  counter: ['owner', 'front_desk'],
  owner: ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>
export type StaffAccess = keyof typeof STAFF_ACCESS

export const STAFF_ACCESS_LEVELS = Object.keys(STAFF_ACCESS) as StaffAccess[]

export const isStaffAccess = (access: string): access is StaffAccess => Object.hasOwn(STAFF_ACCESS, access)

/** May a staff member with this role call a route of this access level? */
export const staffMay = (role: StaffRole | null | undefined, access: StaffAccess): boolean => !!role && (STAFF_ACCESS[access] as readonly StaffRole[]).includes(role)

/**
 * A staff profile stored before roles existed has no role: every admin could then do everything, and the first
 * admin of a shop is its owner, so such a profile is the owner's.
 */
export const staffRoleOf = (stored: string | null | undefined): StaffRole => ((STAFF_ROLES as readonly string[]).includes(stored ?? '') ? (stored as StaffRole) : 'owner')

/** What a gunsmith may change on an order assigned to them with PATCH /api/admin/orders/{orderId}. */
export const GUNSMITH_ORDER_FIELDS = ['version', 'currentStatus', 'statusNote', 'notifyCustomer', 'promisedDate'] as const

export const staffMessages = {
  roleForbidden: 'Your role does not allow this.',
  gunsmithFields: 'A gunsmith can change only the status, the status note and the promised date of an order.',
} as const
