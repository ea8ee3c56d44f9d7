import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider'
import { createUserDirectory } from '../../functions/auth/users.ts'
import { cognitoClient } from '../../functions/auth/cognito.ts'
import { isConditionalFailure } from '../../functions/db/conditions.ts'
import { orderRefEntity } from '../../functions/db/entities/order-ref.ts'
import { createOrderRepository } from '../../functions/db/repositories/orders.ts'
import { refreshLatestOrder } from '../../functions/db/repositories/latest-order-refresh.ts'
import { createProfileRepository } from '../../functions/db/repositories/profiles.ts'
import { endSessionsBefore, readAccountState } from '../../functions/db/repositories/account-state.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { seedDemoData } from './demo-data.ts'
import { cognitoLocalCall } from './sign-in.ts'
import { LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_TOTP_SECRET, totpCode } from './totp.ts'

/** The two local accounts (README, Accounts). They exist only on this machine. */
export const SEEDED_ACCOUNTS = [
  { email: LOCAL_ADMIN_EMAIL, password: 'AdminPass123!', group: 'admin', firstName: 'Sam', lastName: 'Armorer', phone: '+15550100001' },
  { email: 'customer@example.com', password: 'CustomerPass123!', group: 'customer', firstName: 'Casey', lastName: 'Customer', phone: '+15550100002' },
] as const

/** Seeds on first run only: an account that exists already is left as it is. Returns whether anything was created. */
export async function seedLocal({ userPoolId }: { userPoolId: string }): Promise<boolean> {
  const users = createUserDirectory({ client: cognitoClient(), userPoolId })
  const profiles = createProfileRepository(defaultTable())
  let created = false
  let adminId: string | undefined
  for (const a of SEEDED_ACCOUNTS) {
    if (await users.userExists(a.email)) continue
    created = true
    const id = await users.createConfirmedUser({ email: a.email, password: a.password, group: a.group, firstName: a.firstName, lastName: a.lastName })
    const profile = await profiles.ensureProfile({ id, email: a.email, firstName: a.firstName, lastName: a.lastName, phone: a.phone, role: a.group })
    if (a.group === 'admin') adminId = id
    // Demo orders only with a new customer account, so a restart never duplicates them.
    if (a.group === 'customer') await seedDemoData({ customer: profile, adminId })
  }
  await enrollSeededAdminTotp()
  await refreshStaleCustomerSummaries()
  await backfillOrderRefs()
  return created
}

/**
 * Latest-order summaries stored before the status was kept current carry no version,
 * and the customer list shows their status as unknown: recompute those from the orders, so
 * existing local data shows the right status again. A no-op once done (one Query of the customers).
 */
export async function refreshStaleCustomerSummaries(): Promise<number> {
  const table = defaultTable()
  const stale = (await createProfileRepository(table).listCustomers()).filter((p) => p.latestOrder && p.latestOrder.version === undefined)
  for (const p of stale) await refreshLatestOrder(table, p.id)
  return stale.length
}

/**
 * Orders created before the order number → id pointer existed cannot be found by their number
 * (Invoice Refresh Utility): write the missing pointers. Local data only; a few reads per customer
 * at start, and nothing written once done.
 */
export async function backfillOrderRefs(): Promise<number> {
  const table = defaultTable()
  const orders = createOrderRepository(table)
  const refs = orderRefEntity(table)
  let written = 0
  for (const p of await createProfileRepository(table).listCustomers()) {
    for (const o of await orders.listOrdersForCustomer(p.id)) {
      try {
        await refs.create({ orderNumber: o.orderNumber, orderId: o.orderId }).go()
        written++
      } catch (err) {
        if (!isConditionalFailure(err)) throw err
      }
    }
  }
  return written
}

/**
 * Staff sign in with a code from an authenticator app. The seeded admin gets one at the first start (and a data
 * folder from before this rule gets it at the next), through the same calls the SPA's enrollment makes, with the
 * fixed local key (infra/local/totp.ts; README, Accounts). An admin whose password was changed is left alone: they
 * enroll in the SPA like any other.
 */
export async function enrollSeededAdminTotp(): Promise<boolean> {
  const admin = SEEDED_ACCOUNTS.find((a) => a.group === 'admin')!
  const user = await cognitoClient()
    .send(new AdminGetUserCommand({ UserPoolId: process.env.USER_POOL_ID, Username: admin.email }))
    .catch(() => null)
  if (!user) return false
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value
  // Recorded as the API records an app set up (functions/auth/sessions.ts), ending the sign-ins from before it (the
  // seed's own below; a data folder from before the record: one more sign-in).
  const record = async () => {
    if (sub && !(await readAccountState(defaultTable(), sub))?.staffMfaRecorded) await endSessionsBefore(defaultTable(), sub, Math.floor(Date.now() / 1000), 'recorded')
  }
  if ((user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA')) {
    await record()
    return false
  }
  const ClientId = process.env.USER_POOL_CLIENT_ID
  const cognitoLocal = cognitoLocalCall(process.env.COGNITO_ENDPOINT!)
  const signedIn = await cognitoLocal('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password } }).catch(() => null)
  const AccessToken = signedIn?.AuthenticationResult?.AccessToken
  if (!AccessToken) return false
  await cognitoLocal('AssociateSoftwareToken', { AccessToken, LocalSecretCode: LOCAL_ADMIN_TOTP_SECRET })
  await cognitoLocal('VerifySoftwareToken', { AccessToken, UserCode: totpCode(LOCAL_ADMIN_TOTP_SECRET), FriendlyDeviceName: 'Local authenticator' })
  await cognitoLocal('SetUserMFAPreference', { AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } })
  await record()
  await cognitoLocal('GlobalSignOut', { AccessToken })
  return true
}
