import { UsernameExistsException, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import { describe, expect, it } from 'vitest'
import { createUserDirectory, type NewUser } from '../../functions/auth/users.ts'
import { VersionConflict, type OrderWriteExtras } from '../../functions/db/repositories/orders.ts'
import type { NewProfile, Profile } from '../../functions/db/repositories/profiles.ts'
import { invoiceOf, type Order, type StatusUpdate } from '../../functions/domain/order.ts'
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../functions/lib/errors.ts'
import { addOrderLine } from '../../functions/use-cases/add-order-line.ts'
import { addStaffUpdate } from '../../functions/use-cases/add-staff-update.ts'
import { createAdminOrder } from '../../functions/use-cases/create-admin-order.ts'
import { createCustomer } from '../../functions/use-cases/create-customer.ts'
import { deleteCustomer } from '../../functions/use-cases/delete-customer.ts'
import { restoreCustomer } from '../../functions/use-cases/restore-customer.ts'
import { deleteStaffMessage } from '../../functions/use-cases/delete-staff-message.ts'
import { editStaffMessage } from '../../functions/use-cases/edit-staff-message.ts'
import { listCustomerRows } from '../../functions/use-cases/list-customer-rows.ts'
import { removeOrderLine } from '../../functions/use-cases/remove-order-line.ts'
import { withdrawApprovalRequest } from '../../functions/use-cases/withdraw-approval-request.ts'
import { addLineSchema, approvalRequestSchema } from '../../shared/src/schemas/admin-orders.ts'
import { billedExtra, requestedExtra } from '../support/extra-work.ts'
import { requestAdditionalCostApproval } from '../../functions/use-cases/request-additional-cost-approval.ts'
import { asRead, testIntake, testOrder, testRelease } from '../support/orders.ts'
import { caliberChange, updateAdminOrder } from '../../functions/use-cases/update-admin-order.ts'
import { restoreOrder } from '../../functions/use-cases/restore-order.ts'
import type { OrderCommit } from '../../functions/db/repositories/orders.ts'

const NOW = '2026-03-01T12:00:00.000Z'

const baseOrder = (over: Partial<Order> = {}): Order => testOrder(over, NOW)

/** An in-memory order store with the repository's version check and extras (saveOrder, and commit as commitChange sends it). */
function fakeOrders(initial: Order, { conflicts = 0 } = {}) {
  let stored = initial
  const writes: OrderWriteExtras[] = []
  let pendingConflicts = conflicts
  const save = (o: Order, expectedVersion: number, extras: OrderWriteExtras = {}) => {
    if (pendingConflicts > 0) {
      pendingConflicts--
      stored = { ...stored, version: stored.version + 1 }
      throw new VersionConflict()
    }
    if (stored.version !== expectedVersion) throw new VersionConflict()
    writes.push(extras)
    stored = { ...o, version: expectedVersion + 1 }
    return stored
  }
  return {
    get stored() {
      return stored
    },
    writes,
    async getOrder(id: string) {
      return id === stored.orderId ? asRead(stored) : null
    },
    async getOrderDetail(id: string) {
      return id === stored.orderId ? { order: { ...stored }, updates: [], payments: [] } : null
    },
    async saveOrder(o: Order, expectedVersion: number, extras: OrderWriteExtras = {}) {
      return save(o, expectedVersion, extras)
    },
    async summaries() {
      return []
    },
    async commit({ orders: [w], putUpdates, deleteUpdates, putNotifications, audit }: OrderCommit) {
      return [save(w.order, w.expected as number, { putUpdates, deleteUpdates, putNotifications, audit })]
    },
  }
}

const customerProfile = (over: Partial<Profile> = {}): Profile => ({
  id: 'c1',
  email: 'casey@example.com',
  firstName: 'Casey',
  lastName: 'Customer',
  phone: '+15550100002',
  enableSmsNotifications: false,
  isActive: true,
  isArchived: false,
  role: 'customer',
  createdAt: NOW,
  ...over,
})

/** An in-memory user pool with the directory's contract (a duplicate email is the 409 ConflictError). */
function fakeDirectory() {
  const users = new Map<string, { id: string; status: string; password: string; group?: string; firstName?: string; enabled: boolean }>()
  let next = 1
  const conflict = (email: string) => new ConflictError(`A user with email ${email} already exists in the system`)
  const directory = {
    users,
    async createConfirmedUser(u: NewUser) {
      if (users.has(u.email)) throw conflict(u.email)
      const id = `sub-${next++}`
      users.set(u.email, { id, status: 'CONFIRMED', password: u.password, group: u.group, firstName: u.firstName, enabled: true })
      return id
    },
    async deleteUser(email: string) {
      users.delete(email)
    },
    async findUser(email: string) {
      const u = users.get(email)
      return u ? { id: u.id, status: u.status } : null
    },
    async adoptUser(u: NewUser) {
      const existing = users.get(u.email)!
      users.set(u.email, { ...existing, status: 'CONFIRMED', password: u.password, group: u.group, firstName: u.firstName, enabled: true })
    },
  }
  return directory
}

/** An in-memory profile table: a create is conditional on the id (as the repository's is). */
function fakeProfiles({ failCreates = 0 } = {}) {
  const stored = new Map<string, Profile>()
  let failures = failCreates
  return {
    stored,
    async createProfile(p: NewProfile) {
      if (failures > 0) {
        failures--
        throw new Error('table unavailable')
      }
      if (stored.has(p.id)) throw new Error('The conditional request failed')
      const profile = customerProfile({ id: p.id, email: p.email, firstName: p.firstName ?? '', lastName: p.lastName ?? '', phone: p.phone })
      stored.set(p.id, profile)
      return profile
    },
    async getProfile(id: string) {
      return stored.get(id) ?? null
    },
    async findByEmail(email: string) {
      return [...stored.values()].find((p) => p.email === email.trim().toLowerCase()) ?? null
    },
  }
}

describe('createCustomer', () => {
  const input = { email: ' New@Example.com ', password: 'Secret123', firstName: ' Nia ', lastName: ' Cole ', phone: '(555) 010-0003' }

  it('creates the customer user with the typed password as a temporary one (Cognito mails the welcome), then the profile keyed by its sub (email trimmed, lower case)', async () => {
    const created: unknown[] = []
    let profile: NewProfile | undefined
    const directory = fakeDirectory()
    const profiles = fakeProfiles()
    const result = await createCustomer({
      directory: { ...directory, createConfirmedUser: async (u) => (created.push(u), directory.createConfirmedUser(u)) },
      profiles: { ...profiles, createProfile: async (p) => ((profile = p), profiles.createProfile(p)) },
      input,
    })
    expect(created).toEqual([{ email: 'new@example.com', password: 'Secret123', group: 'customer', firstName: 'Nia', lastName: 'Cole', temporaryPassword: true }])
    expect(profile).toEqual({ id: 'sub-1', email: 'new@example.com', firstName: 'Nia', lastName: 'Cole', phone: '5550100003', enableSmsNotifications: false, role: 'customer' })
    expect(result.id).toBe('sub-1')
  })

  it('removes the Cognito user again when the profile write fails', async () => {
    const directory = fakeDirectory()
    await expect(createCustomer({ directory, profiles: fakeProfiles({ failCreates: 1 }), input })).rejects.toThrow('table unavailable')
    expect(directory.users.size).toBe(0)
  })

  it('adopts the sign-in a crash between the two steps left behind (no profile): same sub, new password, profile written', async () => {
    const directory = fakeDirectory()
    const profiles = fakeProfiles({ failCreates: 1 })
    // The first attempt dies after the Cognito user: the profile write fails and so does the clean-up.
    const crashing = { ...directory, deleteUser: async () => Promise.reject(new Error('cognito unavailable')) }
    await expect(createCustomer({ directory: crashing, profiles, input })).rejects.toThrow('table unavailable')
    expect(directory.users.get('new@example.com')).toMatchObject({ id: 'sub-1' })
    expect(profiles.stored.size).toBe(0)

    const retry = await createCustomer({ directory, profiles, input: { ...input, email: 'NEW@example.com', password: 'Another123' } })
    expect(retry).toMatchObject({ id: 'sub-1', email: 'new@example.com', firstName: 'Nia' })
    expect(directory.users.get('new@example.com')).toMatchObject({ id: 'sub-1', password: 'Another123', group: 'customer', status: 'CONFIRMED', enabled: true })
    expect(profiles.stored.get('sub-1')).toMatchObject({ email: 'new@example.com' })
  })

  it('replaces an unconfirmed sign-up that has no profile', async () => {
    const directory = fakeDirectory()
    directory.users.set('new@example.com', { id: 'sub-old', status: 'UNCONFIRMED', password: 'whatever1', enabled: true })
    const result = await createCustomer({ directory, profiles: fakeProfiles(), input })
    expect(result.id).not.toBe('sub-old')
    expect(directory.users.get('new@example.com')).toMatchObject({ id: result.id, status: 'CONFIRMED', password: 'Secret123' })
  })

  it('still answers 409 with the spec message for a real customer, archived or not, or any profile with that email', async () => {
    for (const existing of [customerProfile({ id: 'sub-1', email: 'new@example.com' }), customerProfile({ id: 'sub-1', email: 'new@example.com', isArchived: true, isActive: false })]) {
      const directory = fakeDirectory()
      const profiles = fakeProfiles()
      await directory.createConfirmedUser({ email: 'new@example.com', password: 'Secret123', group: 'customer' })
      profiles.stored.set('sub-1', existing)
      const adopt = directory.adoptUser
      directory.adoptUser = async () => expect.unreachable()
      const err = await createCustomer({ directory, profiles, input }).catch((e) => e)
      expect(err).toBeInstanceOf(ConflictError)
      expect(err.message).toBe('A user with email new@example.com already exists in the system')
      directory.adoptUser = adopt
    }
    // A profile holding the email under another id (its user re-created by hand) counts as well.
    const directory = fakeDirectory()
    const profiles = fakeProfiles()
    await directory.createConfirmedUser({ email: 'new@example.com', password: 'Secret123', group: 'customer' })
    profiles.stored.set('other', customerProfile({ id: 'other', email: 'new@example.com' }))
    await expect(createCustomer({ directory, profiles, input })).rejects.toBeInstanceOf(ConflictError)
  })

  it('maps Cognito UsernameExistsException to the 409 through the real directory', async () => {
    const client = {
      send: async (cmd: { constructor: { name: string } }) => {
        if (cmd.constructor.name === 'AdminGetUserCommand') return { UserStatus: 'CONFIRMED', UserAttributes: [{ Name: 'sub', Value: 'c1' }] }
        throw new UsernameExistsException({ message: 'User account already exists', $metadata: {} })
      },
    } as unknown as CognitoIdentityProviderClient
    const directory = createUserDirectory({ client, userPoolId: 'pool' })
    const profiles = { ...fakeProfiles(), getProfile: async () => customerProfile() }
    const err = await createCustomer({ directory, profiles, input }).catch((e) => e)
    expect(err).toBeInstanceOf(ConflictError)
    expect(err.message).toBe('A user with email new@example.com already exists in the system')
  })

  it('keeps the user when a concurrent request wrote its profile first (409, nothing deleted)', async () => {
    const directory = fakeDirectory()
    const profiles = fakeProfiles()
    const racing = {
      ...profiles,
      createProfile: async (p: NewProfile) => {
        await profiles.createProfile(p) // the other request's write
        return profiles.createProfile(p)
      },
    }
    await expect(createCustomer({ directory, profiles: racing, input })).rejects.toBeInstanceOf(ConflictError)
    expect(directory.users.has('new@example.com')).toBe(true)
  })
})

describe('deleteCustomer', () => {
  it('archives the profile and disables the sign-in', async () => {
    const disabled: string[] = []
    const archived: string[] = []
    await deleteCustomer({
      profiles: { getProfile: async () => customerProfile(), archiveProfile: async (id) => (archived.push(id), customerProfile({ isArchived: true, isActive: false })) },
      directory: { disableUser: async (e) => void disabled.push(e) },
      id: 'c1',
    })
    expect(archived).toEqual(['c1'])
    expect(disabled).toEqual(['casey@example.com'])
  })

  it('does not touch admins or unknown ids (404)', async () => {
    const directory = { disableUser: async () => expect.unreachable() }
    const archiveProfile = async () => expect.unreachable()
    await expect(deleteCustomer({ profiles: { getProfile: async () => customerProfile({ role: 'admin' }), archiveProfile }, directory, id: 'c1' })).rejects.toBeInstanceOf(NotFoundError)
    await expect(deleteCustomer({ profiles: { getProfile: async () => null, archiveProfile }, directory, id: 'x' })).rejects.toBeInstanceOf(NotFoundError)
  })
})

describe('restoreCustomer', () => {
  it('un-archives the profile and enables the sign-in', async () => {
    const enabled: string[] = []
    const restored: string[] = []
    const result = await restoreCustomer({
      profiles: { getProfile: async () => customerProfile({ isArchived: true, isActive: false }), restoreProfile: async (id) => (restored.push(id), customerProfile()) },
      directory: { enableUser: async (e) => void enabled.push(e) },
      id: 'c1',
    })
    expect(result).toMatchObject({ isArchived: false, isActive: true })
    expect(restored).toEqual(['c1'])
    expect(enabled).toEqual(['casey@example.com'])
  })

  it('leaves an active customer as is (no write) but makes sure the sign-in is enabled', async () => {
    const enabled: string[] = []
    const result = await restoreCustomer({
      profiles: { getProfile: async () => customerProfile(), restoreProfile: async () => expect.unreachable() },
      directory: { enableUser: async (e) => void enabled.push(e) },
      id: 'c1',
    })
    expect(result).toMatchObject({ id: 'c1', isActive: true })
    expect(enabled).toEqual(['casey@example.com'])
  })

  it('does not touch admins or unknown ids (404)', async () => {
    const directory = { enableUser: async () => expect.unreachable() }
    const restoreProfile = async () => expect.unreachable()
    await expect(restoreCustomer({ profiles: { getProfile: async () => customerProfile({ role: 'admin', isArchived: true }), restoreProfile }, directory, id: 'c1' })).rejects.toBeInstanceOf(NotFoundError)
    await expect(restoreCustomer({ profiles: { getProfile: async () => null, restoreProfile }, directory, id: 'x' })).rejects.toBeInstanceOf(NotFoundError)
  })
})

describe('listCustomerRows', () => {
  it('shows the count and the latest order with its status as stored on each profile (no other read)', async () => {
    const page = await listCustomerRows({
      profiles: { findByEmail: async () => expect.unreachable() },
      lists: {
        findByPhone: async () => expect.unreachable(),
        pageCustomers: async () => ({
          items: [
            customerProfile({ orderCount: 2, latestOrder: { orderId: 'o1', firearmMake: 'Colt', firearmModel: '1911', currentStatus: 'work_complete', createdAt: NOW, version: 4 } }),
            customerProfile({ id: 'c2', email: 'b@example.com' }),
          ],
          cursor: 'next',
          read: 2,
        }),
      },
      query: { search: '', limit: 25 },
    })
    expect(page.items.map((r) => [r.profile.id, r.orderCount, r.latestOrder?.currentStatus ?? null])).toEqual([
      ['c1', 2, 'work_complete'],
      ['c2', 0, null],
    ])
    expect(page.cursor).toBe('l.next')
  })
})

describe('createAdminOrder', () => {
  it('copies the customer and starts at order_created with "Order created" (the repository keeps the customer summary)', async () => {
    let extras: OrderWriteExtras | undefined
    const order = await createAdminOrder({
      orders: { nextOrderNumber: async () => 'GS-000042', createOrder: async (o, x) => ((extras = x), o) },
      profiles: { getProfile: async () => customerProfile() },
      settings: { billingTerms: async () => ({ taxRatePpm: 88_750, minimumServiceFeeCents: 0, laborRateCents: 7500 }) },
      input: { customerId: 'c1', firearmMake: 'Glock', firearmModel: '19', serialNumber: 'G1', serviceType: 'Cleaning', description: 'Clean', estimatedCostCents: 5000 },
      adminId: 'admin-1',
      now: () => new Date(NOW),
    })
    expect(order).toMatchObject({ orderNumber: 'GS-000042', invoiceNumber: 'INV-000042', customerName: 'Casey Customer', customerEmail: 'casey@example.com', customerPhone: '+15550100002', currentStatus: 'order_created', taxRatePpm: 88_750 })
    expect(extras?.putUpdates?.map((u) => [u.status, u.notes, u.authorLabel, u.isCustomerNote])).toEqual([['order_created', 'Order created', 'Admin', false]])
    // The customer is told, in the same transaction.
    expect(extras?.putNotifications).toEqual([
      expect.objectContaining({ userId: 'c1', orderId: order.orderId, kind: 'order_created', essential: false, title: 'Order Created: Glock 19 (GS-000042)', context: 'Glock 19 · GS-000042', read: false, createdAt: NOW }),
    ])
  })

  it('refuses an unknown, archived or admin customer with "Customer not found"', async () => {
    for (const p of [null, customerProfile({ isArchived: true }), customerProfile({ role: 'admin' })]) {
      const err = await createAdminOrder({
        orders: { nextOrderNumber: async () => expect.unreachable(), createOrder: async () => expect.unreachable() },
        profiles: { getProfile: async () => p },
        settings: { billingTerms: async () => ({ taxRatePpm: 77_500, minimumServiceFeeCents: 0, laborRateCents: 7500 }) },
        input: { customerId: 'c1', firearmMake: 'a', firearmModel: 'b', serialNumber: 'c', serviceType: 'Repair', description: 'd', estimatedCostCents: 0 },
        adminId: 'a',
      }).catch((e) => e)
      expect(err).toBeInstanceOf(NotFoundError)
      expect(err.message).toBe('Customer not found')
    }
  })
})

describe('updateAdminOrder', () => {
  it('adds "Status updated to work complete - Admin" when the status changes without a note', async () => {
    const orders = fakeOrders(baseOrder({ intake: testIntake() }))
    const saved = await updateAdminOrder({ orders, orderId: 'o1', input: { version: 1, currentStatus: 'work_complete' }, adminId: 'admin-1', now: () => new Date(NOW) })
    expect(saved).toMatchObject({ currentStatus: 'work_complete', version: 2 })
    const [update] = orders.writes[0].putUpdates as StatusUpdate[]
    expect(update).toMatchObject({ status: 'work_complete', notes: 'Status updated to work complete - Admin', authorLabel: 'Admin', createdBy: 'admin-1', isCustomerNote: false })
  })

  it('uses the status note when given, and adds no entry when neither status nor note changes', async () => {
    const orders = fakeOrders(baseOrder())
    await updateAdminOrder({ orders, orderId: 'o1', input: { version: 1, statusNote: 'Parts ordered' }, adminId: 'a' })
    expect(orders.writes[0].putUpdates?.map((u) => [u.status, u.notes])).toEqual([['order_created', 'Parts ordered']])
    await updateAdminOrder({ orders, orderId: 'o1', input: { version: 2, description: 'New text', firearmCaliber: null } as never, adminId: 'a' })
    expect(orders.writes[1].putUpdates).toEqual([])
    expect(orders.stored).toMatchObject({ description: 'New text', firearmCaliber: undefined })
  })

  it('a caliber correction is saved with a "Caliber Changed" history entry (before → after); the same caliber adds none', async () => {
    const orders = fakeOrders(baseOrder({ firearmCaliber: '.45 ACP' }))
    await updateAdminOrder({ orders, orderId: 'o1', input: { version: 1, firearmCaliber: ' 9mm ' } as never, adminId: 'admin-1', now: () => new Date(NOW) })
    expect(orders.stored.firearmCaliber).toBe(' 9mm ')
    expect(orders.writes[0].putUpdates?.map((u) => [u.status, u.notes, u.createdBy, u.authorLabel])).toEqual([['caliber_changed', 'Caliber changed from .45 ACP to 9mm.', 'admin-1', 'Admin']])
    await updateAdminOrder({ orders, orderId: 'o1', input: { version: 2, firearmCaliber: '9mm', currentStatus: 'label_created' } as never, adminId: 'a' })
    expect(orders.writes[1].putUpdates?.map((u) => u.status)).toEqual(['label_created'])
    await updateAdminOrder({ orders, orderId: 'o1', input: { version: 3, firearmCaliber: null } as never, adminId: 'a' })
    expect(orders.writes[2].putUpdates?.map((u) => u.notes)).toEqual(['Caliber removed (was 9mm).'])
    await updateAdminOrder({ orders, orderId: 'o1', input: { version: 4, firearmCaliber: '12 gauge' } as never, adminId: 'a' })
    expect(orders.writes[3].putUpdates?.map((u) => u.notes)).toEqual(['Caliber set to 12 gauge.'])
    expect(caliberChange(undefined, '  ')).toBeNull()
  })

  it('refuses a stale version with a ConflictError, before or during the write', async () => {
    const orders = fakeOrders(baseOrder({ version: 3 }))
    await expect(updateAdminOrder({ orders, orderId: 'o1', input: { version: 2, description: 'x' }, adminId: 'a' })).rejects.toThrow(ConflictError)
    const racing = fakeOrders(baseOrder(), { conflicts: 1 })
    const err = await updateAdminOrder({ orders: racing, orderId: 'o1', input: { version: 1, description: 'x' }, adminId: 'a' }).catch((e) => e)
    expect(err).toBeInstanceOf(ConflictError)
    expect(err.message).toBe('This order was changed by someone else. Reload it and apply your changes again.')
  })

  it('refuses a release status while a balance is due, naming the balance, and records an override reason', async () => {
    // Received, then released (Release Firearm, with its own override): the statuses that say it left are the book's to allow.
    const received = fakeOrders(baseOrder({ currentStatus: 'work_complete', intake: testIntake(), ...billedExtra(4000) }))
    const orders = fakeOrders(baseOrder({ currentStatus: 'payment_received', intake: testIntake(), release: testRelease(), ...billedExtra(4000) }))
    for (const [repo, status] of [[received, 'ready_for_pickup'], [orders, 'shipped'], [orders, 'delivered'], [orders, 'order_closed']] as const) {
      const err = await updateAdminOrder({ orders: repo, orderId: 'o1', input: { version: 1, currentStatus: status }, adminId: 'a' }).catch((e) => e)
      expect(err).toBeInstanceOf(ValidationError)
      // 100.00 + 40.00 + 3.10 tax + 25.00 shipping
      expect(err.message).toContain('balance due of $168.10')
      expect(err.fields).toHaveProperty('currentStatus')
    }
    expect([...received.writes, ...orders.writes]).toEqual([])
    await updateAdminOrder({ orders, orderId: 'o1', input: { version: 1, currentStatus: 'shipped', releaseOverrideReason: 'Pays cash on delivery' }, adminId: 'a' })
    expect(orders.writes[0].putUpdates?.map((u) => [u.status, u.notes])).toEqual([
      ['shipped', 'Status updated to shipped - Admin'],
      ['release_override', 'Released with a balance due of $168.10: Pays cash on delivery'],
    ])
    const paid = fakeOrders(baseOrder({ currentStatus: 'work_complete', intake: testIntake(), release: testRelease(), amountPaidCents: 12_500 }))
    expect((await updateAdminOrder({ orders: paid, orderId: 'o1', input: { version: 1, currentStatus: 'order_closed' }, adminId: 'a' })).currentStatus).toBe('order_closed')
  })

  it('never lowers the estimate below what was paid', async () => {
    const orders = fakeOrders(baseOrder({ amountPaidCents: 12_500 }))
    const err = await updateAdminOrder({ orders, orderId: 'o1', input: { version: 1, estimatedCostCents: 5000 }, adminId: 'a' }).catch((e) => e)
    expect(err).toBeInstanceOf(ValidationError)
    expect(err.message).toBe('This change would bring the total to $75.00, below the $125.00 already paid. Refund the difference first.')
    expect(orders.writes).toEqual([])
  })
})

describe('the customer is notified of staff changes: exactly one notification per change', () => {
  const kinds = (w: OrderWriteExtras) => (w.putNotifications ?? []).map((n) => [n.kind, n.title, n.message])

  it('the edit form: a status change, a status note, both at once (one), neither (none)', async () => {
    const orders = fakeOrders(baseOrder({ intake: testIntake() }))
    await updateAdminOrder({ orders, orderId: 'o1', input: { version: 1, currentStatus: 'evaluating' }, adminId: 'a', now: () => new Date(NOW) })
    await updateAdminOrder({ orders, orderId: 'o1', input: { version: 2, statusNote: 'Cleaned and oiled' }, adminId: 'a' })
    await updateAdminOrder({ orders, orderId: 'o1', input: { version: 3, currentStatus: 'in_progress', statusNote: 'Starting today' }, adminId: 'a' })
    await updateAdminOrder({ orders, orderId: 'o1', input: { version: 4, description: 'New text' }, adminId: 'a' })
    expect(orders.writes.map(kinds)).toEqual([
      [['status_changed', 'Evaluating Firearm: Colt 1911 (GS-000001)', 'Your Colt 1911 (order GS-000001) is now Evaluating Firearm.']],
      [['staff_note', 'Message from the Shop: Colt 1911 (GS-000001)', 'Cleaned and oiled']],
      [['status_changed', 'Work In Progress: Colt 1911 (GS-000001)', 'Your Colt 1911 (order GS-000001) is now Work In Progress. Note from the shop: Starting today']],
      [],
    ])
    expect(orders.writes[0].putNotifications?.[0]).toMatchObject({ userId: 'c1', orderId: 'o1', essential: false, context: 'Colt 1911 · GS-000001', read: false, createdAt: NOW })
  })

  it('shipped in the edit form with a UPS number: essential, with the UPS page (never USPS)', async () => {
    const orders = fakeOrders(baseOrder({ currentStatus: 'ready_for_shipping', intake: testIntake(), release: testRelease(), amountPaidCents: 12_500 }))
    await updateAdminOrder({ orders, orderId: 'o1', input: { version: 1, currentStatus: 'shipped', outboundTrackingNumber: '1Z999AA10123456784' }, adminId: 'a' })
    expect(orders.writes[0].putNotifications).toEqual([
      expect.objectContaining({
        kind: 'status_changed',
        essential: true,
        title: 'Shipped: Colt 1911 (GS-000001)',
        message: 'Your Colt 1911 (order GS-000001) has shipped via UPS, tracking number 1Z999AA10123456784.',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        carrier: 'UPS',
      }),
    ])
  })

  it('a staff message: a new status (with its note, one notification), a note on the same status, the same status again without a note (none)', async () => {
    const orders = fakeOrders(baseOrder({ currentStatus: 'in_progress', intake: testIntake() }))
    await addStaffUpdate({ orders, orderId: 'o1', status: 'work_complete', notes: 'All done', adminId: 'a' })
    await addStaffUpdate({ orders, orderId: 'o1', status: 'work_complete', notes: 'Test fired, groups well', adminId: 'a' })
    await addStaffUpdate({ orders, orderId: 'o1', status: 'work_complete', adminId: 'a' })
    expect(orders.writes.map(kinds)).toEqual([
      [['status_changed', 'Work Complete: Colt 1911 (GS-000001)', 'Your Colt 1911 (order GS-000001) is now Work Complete. Note from the shop: All done']],
      [['staff_note', 'Message from the Shop: Colt 1911 (GS-000001)', 'Test fired, groups well']],
      [],
    ])
  })

  it('shipped by a staff message uses the tracking number on the order', async () => {
    const orders = fakeOrders(baseOrder({ currentStatus: 'ready_for_shipping', intake: testIntake(), release: testRelease(), amountPaidCents: 12_500, outboundTrackingNumber: '123456789012' }))
    await addStaffUpdate({ orders, orderId: 'o1', status: 'shipped', adminId: 'a' })
    expect(orders.writes[0].putNotifications).toEqual([expect.objectContaining({ kind: 'status_changed', essential: true, carrier: 'FedEx', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=123456789012' })])
  })
})

describe('requestAdditionalCostApproval', () => {
  const input = (over: Record<string, unknown>) => approvalRequestSchema.parse({ reason: 'Cracked slide', ...over })

  it('needs a reason', async () => {
    expect(approvalRequestSchema.safeParse({ reason: '   ' }).error?.issues[0].message).toBe('Please provide a reason for the additional costs')
  })

  it('refuses a request for $0 and changes nothing', async () => {
    const orders = fakeOrders(baseOrder())
    for (const over of [{}, { lines: [{ name: 'Nothing', unitCents: 0, quantity: 1 }] }]) {
      const err = await requestAdditionalCostApproval({ orders, orderId: 'o1', input: input(over), adminId: 'a' }).catch((e) => e)
      expect(err).toBeInstanceOf(ValidationError)
      expect(err.message).toBe('An approval request needs extra work costing more than $0.00: choose or add the parts or labor to approve')
    }
    expect(orders.writes).toEqual([])
  })

  it('asks for new lines, notifies the customer with the spec texts and records it, retrying a concurrent change', async () => {
    const orders = fakeOrders(baseOrder(), { conflicts: 1 })
    const saved = await requestAdditionalCostApproval({ orders, orderId: 'o1', input: input({ reason: ' Cracked slide ', lines: [{ name: 'Slide', unitCents: 4000, quantity: 1 }, { kind: 'labor', name: 'Fit', unitCents: 2000, quantity: 1 }] }), adminId: 'a' })
    expect(saved.approvalRequests).toHaveLength(1)
    expect(saved.approvalRequests[0]).toMatchObject({ status: 'pending', reason: 'Cracked slide' })
    // Not billed until approved.
    expect(invoiceOf(saved)).toMatchObject({ partsCents: 0, laborCents: 0, pendingApprovalCents: 6000, totalCents: 12_500 })
    expect(orders.writes[0].putNotifications).toEqual([
      expect.objectContaining({ userId: 'c1', orderId: 'o1', title: 'Action Required: Additional Costs — Colt 1911, order GS-000001', message: expect.stringMatching(/^Your order requires approval for additional costs: Cracked slide\n\n- Slide × 1: \$40\.00\n- Fit × 1: \$20\.00\nTotal: \$63\.10\n/), read: false, kind: 'approval_requested', essential: true, context: 'Colt 1911 · GS-000001' }),
    ])
    // 40.00 + 3.10 tax + 20.00 labor
    expect(orders.writes[0].putUpdates?.map((u) => [u.status, u.notes])).toEqual([['approval_requested', 'Approval requested for $63.10: Cracked slide']])
  })

  it('never un-bills approved or billed lines, and waits for one answer at a time', async () => {
    const approved = requestedExtra(3000, 'approved')
    const orders = fakeOrders(baseOrder({ lines: [...approved.lines, ...billedExtra(1000).lines], approvalRequests: approved.approvalRequests }))
    const billedBefore = invoiceOf(orders.stored).totalCents
    for (const l of orders.stored.lines) {
      await expect(requestAdditionalCostApproval({ orders, orderId: 'o1', input: input({ lineIds: [l.lineId] }), adminId: 'a' })).rejects.toThrow('Only lines that are not billed')
    }
    await requestAdditionalCostApproval({ orders, orderId: 'o1', input: input({ reason: 'Second', lines: [{ name: 'Pin', unitCents: 500, quantity: 1 }] }), adminId: 'a' })
    expect(invoiceOf(orders.stored).totalCents).toBe(billedBefore)
    const again = await requestAdditionalCostApproval({ orders, orderId: 'o1', input: input({ lines: [{ name: 'Pin', unitCents: 500, quantity: 1 }] }), adminId: 'a' }).catch((e) => e)
    expect(again).toBeInstanceOf(ConflictError)
    // Withdrawn: its line is a draft again and can be asked for anew.
    const pending = orders.stored.approvalRequests.find((r) => r.status === 'pending')!
    await withdrawApprovalRequest({ orders, orderId: 'o1', requestId: pending.requestId, adminId: 'a' })
    const draft = orders.stored.lines.find((l) => l.requestId === pending.requestId)!
    const re = await requestAdditionalCostApproval({ orders, orderId: 'o1', input: input({ reason: 'Third', lineIds: [draft.lineId] }), adminId: 'a' })
    expect(re.approvalRequests.map((r) => r.status)).toEqual(['approved', 'withdrawn', 'pending'])
  })
})

describe('lines', () => {
  it('bills parts with tax and labor without; removes lines unless they await an answer or the total would drop below what was paid', async () => {
    const orders = fakeOrders(baseOrder())
    await addOrderLine({ orders, orderId: 'o1', input: addLineSchema.parse({ name: 'Spring', unitCents: 1250, quantity: 2 }), adminId: 'a' })
    await addOrderLine({ orders, orderId: 'o1', input: addLineSchema.parse({ name: 'Pin', unitCents: 399, quantity: 3 }), adminId: 'a' })
    await addOrderLine({ orders, orderId: 'o1', input: addLineSchema.parse({ kind: 'labor', name: 'Fitting', unitCents: 5000, quantity: 1 }), adminId: 'a' })
    expect(invoiceOf(orders.stored)).toMatchObject({ partsCents: 3697, laborCents: 5000, taxCents: 287, totalCents: 10_000 + 3697 + 5000 + 287 + 2500 })
    const spring = orders.stored.lines[0]
    await removeOrderLine({ orders, orderId: 'o1', lineId: spring.lineId })
    expect(orders.stored.lines.map((l) => l.name)).toEqual(['Pin', 'Fitting'])
    await expect(removeOrderLine({ orders, orderId: 'o1', lineId: spring.lineId })).rejects.toThrow('Line not found')

    const paid = fakeOrders(baseOrder({ ...billedExtra(5000), amountPaidCents: 18_000 }))
    await expect(removeOrderLine({ orders: paid, orderId: 'o1', lineId: paid.stored.lines[0].lineId })).rejects.toThrow('below the $180.00 already paid')
    const asked = fakeOrders(baseOrder(requestedExtra(5000, 'pending')))
    await expect(removeOrderLine({ orders: asked, orderId: 'o1', lineId: asked.stored.lines[0].lineId })).rejects.toThrow("waiting for the customer's answer")
  })
})

describe('staff messages', () => {
  const note: StatusUpdate = { orderId: 'o1', updateId: 'u1', status: 'customer_note', notes: 'Hi', createdBy: 'c1', authorLabel: 'Casey', isCustomerNote: true, createdAt: NOW, updatedAt: NOW }
  const staff: StatusUpdate = { ...note, updateId: 'u2', status: 'in_progress', notes: 'Working', createdBy: 'a', authorLabel: 'Admin', isCustomerNote: false }
  const store = (u: StatusUpdate) => ({
    get: async (_o: string, id: string) => (id === u.updateId ? u : null),
    updateNotes: async (_o: string, _id: string, notes: string) => ({ ...u, notes }),
    remove: async () => u,
  })

  it('never edits or deletes a customer note (403)', async () => {
    const orders = fakeOrders(baseOrder())
    const statusUpdates = { ...store(note), updateNotes: async () => expect.unreachable(), remove: async () => expect.unreachable() }
    const edit = await editStaffMessage({ orders, statusUpdates, orderId: 'o1', updateId: 'u1', notes: 'changed' }).catch((e) => e)
    expect(edit).toBeInstanceOf(ForbiddenError)
    expect(edit.message).toBe('Customer notes cannot be edited or deleted')
    await expect(deleteStaffMessage({ orders, statusUpdates, orderId: 'o1', updateId: 'u1' })).rejects.toBeInstanceOf(ForbiddenError)
  })

  it('edits staff messages with non-empty text and 404s unknown ones', async () => {
    const orders = fakeOrders(baseOrder())
    expect((await editStaffMessage({ orders, statusUpdates: store(staff), orderId: 'o1', updateId: 'u2', notes: ' Done ' })).notes).toBe('Done')
    await expect(editStaffMessage({ orders, statusUpdates: store(staff), orderId: 'o1', updateId: 'u2', notes: '  ' })).rejects.toThrow('Message cannot be empty')
    await expect(editStaffMessage({ orders, statusUpdates: store(staff), orderId: 'o1', updateId: 'nope', notes: 'x' })).rejects.toBeInstanceOf(NotFoundError)
  })

  it('posting a message sets the order status, with the default text when there are no notes', async () => {
    const orders = fakeOrders(baseOrder({ amountPaidCents: 12_500, intake: testIntake() }))
    const u = await addStaffUpdate({ orders, orderId: 'o1', status: 'ready_for_pickup', adminId: 'a' })
    expect(u.notes).toBe('Status updated to ready for pickup - Admin')
    expect(orders.stored.currentStatus).toBe('ready_for_pickup')
  })

  it('a release status by message is refused while a balance is due, unless overridden', async () => {
    const orders = fakeOrders(baseOrder({ currentStatus: 'payment_received', intake: testIntake(), release: testRelease() }))
    await expect(addStaffUpdate({ orders, orderId: 'o1', status: 'shipped', adminId: 'a' })).rejects.toThrow('balance due of $125.00')
    expect(orders.writes).toEqual([])
    await addStaffUpdate({ orders, orderId: 'o1', status: 'shipped', releaseOverrideReason: 'Owner approved', adminId: 'a' })
    expect(orders.writes[0].putUpdates?.map((u) => u.status)).toEqual(['shipped', 'release_override'])
  })
})

describe('restoreOrder', () => {
  /** The repository's commit as restore uses it: the version check, and what it was asked to write. */
  function committing(initial: Order) {
    let stored = initial
    const commits: OrderCommit[] = []
    return {
      get stored() {
        return stored
      },
      commits,
      async getOrder(id: string) {
        return id === stored.orderId ? { ...stored } : null
      },
      async summaries() {
        return []
      },
      async commit(c: OrderCommit) {
        const [w] = c.orders
        if (w.expected !== stored.version) throw new VersionConflict()
        commits.push(c)
        stored = w.order
        return [w.order]
      },
    }
  }
  const deleted = () => baseOrder({ isDeleted: true, deletedAt: '2026-02-20T00:00:00.000Z', version: 4 })

  it('brings a deleted order back at the version seen, marked as a restore, with an "Order Restored" history entry', async () => {
    const orders = committing(deleted())
    const restored = await restoreOrder({ orders, orderId: 'o1', version: 4, adminId: 'admin-1', now: () => new Date(NOW) })
    expect(restored).toMatchObject({ isDeleted: false, deletedAt: undefined, version: 5, updatedAt: NOW })
    const [c] = orders.commits
    expect(c.orders).toMatchObject([{ expected: 4, restore: true }])
    expect(c.putUpdates?.map((u) => [u.status, u.createdBy, u.authorLabel])).toEqual([['order_restored', 'admin-1', 'Admin']])
  })

  it('a moved version is a 409; an order that is not deleted is answered as it is; an unknown one is a 404', async () => {
    await expect(restoreOrder({ orders: committing(deleted()), orderId: 'o1', version: 3, adminId: 'a' })).rejects.toThrow(ConflictError)
    const live = committing(baseOrder({ version: 2 }))
    expect(await restoreOrder({ orders: live, orderId: 'o1', version: 1, adminId: 'a' })).toMatchObject({ version: 2, isDeleted: false })
    expect(live.commits).toEqual([])
    await expect(restoreOrder({ orders: live, orderId: 'nope', version: 1, adminId: 'a' })).rejects.toThrow(NotFoundError)
    // Someone else wrote between the read and the commit.
    const racing = committing(deleted())
    racing.commit = async () => Promise.reject(new VersionConflict())
    await expect(restoreOrder({ orders: racing, orderId: 'o1', version: 4, adminId: 'a' })).rejects.toThrow(ConflictError)
  })
})
