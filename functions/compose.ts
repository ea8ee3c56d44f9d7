import type { UserDirectory } from './auth/users.ts'
import { defaultTable, type TableConfig } from './db/table.ts'
import type { PaymentGateway } from './payments/gateway.ts'
import { cancelClosedCheckouts } from './payments/cancel-checkouts.ts'

/**
 * The composition root: every repository and gateway the handlers use is built here, and only here (the routes,
 * the webhook, the jobs and the trigger take them from these factories; tests build their own). Each factory
 * takes the table (this deployment's by default) so a handler that needs several shares one.
 *
 * Each factory imports its module when first called: a route's cold start then carries what that route uses and
 * nothing else, as when each route built its own (a repository module builds its entities and the table's service
 * when loaded, so a static import here would put every repository in every route). Once loaded, a module is cached.
 *
 * The notifier and the site publisher are functions of their own, fed by the table stream, whose layering keeps
 * them from importing this file (scripts/check-layers.mjs): they build their few repositories themselves.
 */

/** An order write that closes a checkout (deleted, archived, repriced) cancels its intent at the provider. */
const hooks = { onCheckoutsClosed: cancelClosedCheckouts }

// Orders, payments and the ledger: their writes close checkouts, so they carry the hook.
export const orderRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/orders.ts')).createOrderRepository(table, hooks)
export const paymentRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/payments.ts')).createPaymentRepository(table, hooks)
export const ledgerRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/ledger.ts')).createLedgerRepository(table, hooks)
/** The ledger as the card provider's own events change it (refunds made at the provider, refunds settling, disputes). */
export const providerLedgerRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/provider-ledger.ts')).createProviderLedgerRepository(table, hooks)
/** The webhook's and reconciliation's checkout writes: the payment repository's and the unconfirmed successes'. */
export const checkoutRepository = async (table: TableConfig = defaultTable()) => ({ ...(await paymentRepository(table)), ...(await import('./db/repositories/checkout-review.ts')).createCheckoutReviewRepository(table) })
export const ledgerPages = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/ledger-pages.ts')).createLedgerPages(table)

// An order's history, notifications, audit records, the order lists and the receivables.
export const orderHistoryRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/order-history.ts')).createOrderHistoryRepository(table)
export const statusUpdateRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/status-updates.ts')).createStatusUpdateRepository(table)
export const orderLists = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/order-lists.ts')).createOrderLists(table)
export const workLists = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/work-lists.ts')).createWorkLists(table)
export const notificationRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/notifications.ts')).createNotificationRepository(table)
export const notificationDeliveryRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/notification-delivery.ts')).createNotificationDeliveryRepository(table)
export const auditRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/audit.ts')).createAuditRepository(table)
export const receivablesRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/receivables.ts')).createReceivablesRepository(table)

// The A&D book: its lists, one firearm's line and entries as its writes need them, the firearms missing from it.
export const bookRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/book.ts')).createBookRepository(table)
export const bookLines = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/book-writes.ts')).createBookLines(table)
export const inboxRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/inbox.ts')).createInboxRepository(table)
export const awaitingIntakeRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/awaiting-intake.ts')).createAwaitingIntakeRepository(table)
export const missingFromBookList = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/missing-from-book.ts')).createMissingFromBookList(table)

// Customers, staff and the shop.
export const profileRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/profiles.ts')).createProfileRepository(table)
/** A profile read, and its restore (profile-restore.ts: apart, so only the restore route carries it). */
export const profileRestore = async (table: TableConfig = defaultTable()) => {
  const [{ getProfile }, { restoreProfile }] = await Promise.all([profileRepository(table), import('./db/repositories/profile-restore.ts')])
  return { getProfile, restoreProfile: (id: string, audit?: Parameters<typeof restoreProfile>[2]) => restoreProfile(table, id, audit) }
}
/** Staff accounts (User Management): the staff list, role and active changes with the last-owner check, sign-ins. */
export const staffRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/staff.ts')).createStaffRepository(table)
export const customerLists = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/customer-lists.ts')).createCustomerLists(table)
export const settingsRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/settings.ts')).createSettingsRepository(table)
/** The price list (Settings → Service Types). */
export const serviceTypeRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/service-types.ts')).createServiceTypeRepository(table)
export const reconciliationRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/reconciliations.ts')).createReconciliationRepository(table)
/** The dev payment gateway's intents (the dev-only confirm route). */
export const devIntentRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/dev-intents.ts')).createDevIntentRepository(table)

// Gateways.

/**
 * The card provider for this environment (payments/index.ts: Stripe with a secret key, else the dev gateway off AWS),
 * its idempotency keys naming the attempt (payments/attempt-keys.ts; the attempts counted in the table).
 */
export const paymentGateway = async (table: TableConfig = defaultTable()): Promise<PaymentGateway> => {
  const [{ paymentGateway: gateway }, { withAttemptKeys }, { createProviderAttemptRepository }] = await Promise.all([
    import('./payments/index.ts'),
    import('./payments/attempt-keys.ts'),
    import('./db/repositories/provider-attempts.ts'),
  ])
  return withAttemptKeys({ gateway: await gateway(), attempts: createProviderAttemptRepository(table) })
}

/** Condition photos' records (db/repositories/photos.ts) and their bucket (photos/photo-store.ts, the S3 SDK loaded on first use). */
export const photoRepository = async (table: TableConfig = defaultTable()) => (await import('./db/repositories/photos.ts')).createPhotoRepository(table)
export const photoStore = async () => (await import('./photos/photo-store.ts')).defaultPhotoStore()

/** This deployment's user pool as staff's customer administration uses it (auth/users.ts). */
export const userDirectory = async (): Promise<UserDirectory> => (await import('./auth/users.ts')).defaultUserDirectory()

/** Adds a user to a group of the user pool (the sign-up trigger puts a self-registered user in `customer`). */
export const addUserToGroup = async ({ userPoolId, username, group }: { userPoolId: string; username: string; group: string }): Promise<void> => {
  const [{ AdminAddUserToGroupCommand }, { cognitoClient }] = await Promise.all([import('@aws-sdk/client-cognito-identity-provider'), import('./auth/cognito.ts')])
  await cognitoClient().send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: group }))
}
