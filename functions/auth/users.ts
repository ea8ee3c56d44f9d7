import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  UserNotFoundException,
  UsernameExistsException,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider'
import { requireEnv } from '../lib/env.ts'
import { ConflictError } from '../lib/errors.ts'
import { cognitoClient } from './cognito.ts'

export interface NewUser {
  email: string
  password: string
  group: 'customer' | 'admin'
  firstName?: string
  lastName?: string
  /**
   * The password is temporary: Cognito mails the person a welcome with it (the pool's invitation
   * template, through SES) and asks them to choose their own at the first sign-in (NEW_PASSWORD_REQUIRED).
   * Staff-created customers; the seed, scripts and benches create permanent ones.
   */
  temporaryPassword?: boolean
}

/** A user the pool holds: its sub and Cognito status (CONFIRMED, UNCONFIRMED, FORCE_CHANGE_PASSWORD…). */
export interface ExistingUser {
  id: string
  status?: string
}

/** User-pool operations the shop needs; the only code that talks to Cognito admin APIs. */
export interface UserDirectory {
  /** A confirmed user in the group, with a permanent password, or a temporary one and a welcome mail (`temporaryPassword`); returns its sub. */
  createConfirmedUser(u: NewUser): Promise<string>
  deleteUser(email: string): Promise<void>
  /**
   * Blocks sign-in and revokes every refresh token the person holds (the API also refuses archived profiles and the
   * sign-ins before the archive: cognito-local does not enforce a disabled user's tokens).
   */
  disableUser(email: string): Promise<void>
  /** Lets a disabled user sign in again (a restored customer); a user that is not there is not an error. */
  enableUser(email: string): Promise<void>
  userExists(email: string): Promise<boolean>
  /** The user with this email, or null. */
  findUser(email: string): Promise<ExistingUser | null>
  /**
   * Takes over an existing sign-in as a shop-created account (a crash between the Cognito user and the
   * profile left it without one): permanent password, the group, verified email and names, enabled.
   */
  adoptUser(u: NewUser): Promise<void>
  /**
   * Turns off the person's authenticator app (AdminSetUserMFAPreference): their next sign-in is with the password
   * alone, and the staff pages ask them to set up a new one. The API's record of it is forgotten by endSessions.
   */
  resetTwoStep(email: string): Promise<void>
}

export function createUserDirectory({ client, userPoolId }: { client: CognitoIdentityProviderClient; userPoolId: string }): UserDirectory {
  return {
    async createConfirmedUser({ email, password, group, firstName, lastName, temporaryPassword }) {
      let sub: string | undefined
      try {
        const res = await client.send(
          new AdminCreateUserCommand({
            UserPoolId: userPoolId,
            Username: email,
            ...(temporaryPassword ? { TemporaryPassword: password, DesiredDeliveryMediums: ['EMAIL'] } : { MessageAction: 'SUPPRESS' }),
            UserAttributes: [
              { Name: 'email', Value: email },
              { Name: 'email_verified', Value: 'true' },
              ...(firstName ? [{ Name: 'given_name', Value: firstName }] : []),
              ...(lastName ? [{ Name: 'family_name', Value: lastName }] : []),
            ],
          }),
        )
        sub = res.User?.Attributes?.find((a) => a.Name === 'sub')?.Value
      } catch (err) {
        if (err instanceof UsernameExistsException) throw new ConflictError(`A user with email ${email} already exists in the system`)
        throw err
      }
      try {
        if (!temporaryPassword) await client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }))
        await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: group }))
        if (!sub) {
          const got = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }))
          sub = got.UserAttributes?.find((a) => a.Name === 'sub')?.Value
        }
        if (!sub) throw new Error('Cognito returned no sub for the new user')
        return sub
      } catch (err) {
        await this.deleteUser(email)
        throw err
      }
    },
    async deleteUser(email) {
      try {
        await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: email }))
      } catch (err) {
        if (!(err instanceof UserNotFoundException)) throw err
      }
    },
    async disableUser(email) {
      try {
        await client.send(new AdminDisableUserCommand({ UserPoolId: userPoolId, Username: email }))
        await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: email }))
      } catch (err) {
        if (!(err instanceof UserNotFoundException)) throw err
      }
    },
    async enableUser(email) {
      try {
        await client.send(new AdminEnableUserCommand({ UserPoolId: userPoolId, Username: email }))
      } catch (err) {
        if (!(err instanceof UserNotFoundException)) throw err
      }
    },
    async findUser(email) {
      try {
        const got = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }))
        const id = got.UserAttributes?.find((a) => a.Name === 'sub')?.Value
        return id ? { id, status: got.UserStatus } : null
      } catch (err) {
        if (err instanceof UserNotFoundException) return null
        throw err
      }
    },
    async adoptUser({ email, password, group, firstName, lastName }) {
      await client.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password, Permanent: true }))
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: group }))
      await client.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: userPoolId,
          Username: email,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
            ...(firstName ? [{ Name: 'given_name', Value: firstName }] : []),
            ...(lastName ? [{ Name: 'family_name', Value: lastName }] : []),
          ],
        }),
      )
      await client.send(new AdminEnableUserCommand({ UserPoolId: userPoolId, Username: email }))
    },
    async resetTwoStep(email) {
      await client.send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: userPoolId, Username: email, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }))
    },
    async userExists(email) {
      try {
        await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }))
        return true
      } catch (err) {
        if (err instanceof UserNotFoundException) return false
        throw err
      }
    },
  }
}

/** The directory of this deployment's user pool (the api-admin function alone holds the rights it needs). */
export const defaultUserDirectory = () => createUserDirectory({ client: cognitoClient(), userPoolId: requireEnv('userPoolId').userPoolId })
