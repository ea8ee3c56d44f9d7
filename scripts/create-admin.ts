/**
 * Creates the first admin of a deployed stage (the shop's owner; later staff are invited in the portal, Settings →
 * User Management), or turns off the authenticator of an admin who lost it (docs/deploying.md, "Create the first admin"):
 *
 *   npm run create-admin -- --email owner@example.com --stage prod [--role owner|front_desk|gunsmith] [--password …] [--first-name …] [--last-name …] [--region …]
 *   npm run create-admin -- --email owner@example.com --stage prod --reset-mfa
 */
import { randomInt } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation'
import { AdminGetUserCommand, AdminSetUserMFAPreferenceCommand, AdminUserGlobalSignOutCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider'
import { newDocumentClient } from '../functions/db/client.ts'
import { createUserDirectory } from '../functions/auth/users.ts'
import { createProfileRepository } from '../functions/db/repositories/profiles.ts'
import { endSessionsBefore } from '../functions/db/repositories/account-state.ts'
import { ConflictError } from '../functions/lib/errors.ts'
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@gs/shared/staff'

export const USAGE = `Usage: npm run create-admin -- --email <address> [--stage dev|prod] [--role owner|front_desk|gunsmith] [--password <password>] [--first-name <name>] [--last-name <name>] [--region <aws region>]
       npm run create-admin -- --email <address> [--stage dev|prod] --reset-mfa [--region <aws region>]
  --stage      the deployed stage (default dev)
  --role       the staff role (default owner: the first admin is the shop's owner, who invites the others in the portal)
  --password   at least 8 characters; or set GUNSMITH_ADMIN_PASSWORD; if neither, a password is generated and printed once
  --reset-mfa  an existing admin lost their authenticator app: turn it off, so they set up a new one at their next sign-in`

export interface Options {
  email: string
  stage: string
  password?: string
  firstName?: string
  lastName?: string
  region?: string
  /** The staff role of the admin created (shared/src/staff.ts); owner unless told. */
  role?: StaffRole
  /** Turn off an existing admin's authenticator app instead of creating an admin. */
  resetMfa?: boolean
}

/** A failure with the one line to print (and no stack trace). */
export class CliError extends Error {}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv = process.env): Options {
  let values: Record<string, string | boolean | undefined>
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        stage: { type: 'string', default: 'dev' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        region: { type: 'string' },
        role: { type: 'string', default: 'owner' },
        'reset-mfa': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }))
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n${USAGE}`)
  }
  if (values.help) throw new CliError(USAGE)
  const email = String(values.email ?? '').trim().toLowerCase() // one email, one account (normalizeEmail)
  if (!email) throw new CliError(`Missing --email.\n${USAGE}`)
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new CliError(`"${email}" is not an e-mail address.\n${USAGE}`)
  const stage = String(values.stage)
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) throw new CliError(`Invalid --stage "${stage}": lowercase letters, digits and dashes (dev, prod).`)
  const password = (values.password as string | undefined) ?? (env.GUNSMITH_ADMIN_PASSWORD || undefined)
  const role = String(values.role)
  if (!(STAFF_ROLES as readonly string[]).includes(role)) throw new CliError(`Invalid --role "${role}": one of ${STAFF_ROLES.join(', ')}.`)
  if (password !== undefined && password.length < 8) throw new CliError('The password must be at least 8 characters.')
  return {
    email,
    stage,
    password,
    firstName: values['first-name'] as string | undefined,
    lastName: values['last-name'] as string | undefined,
    region: values.region as string | undefined,
    role: role as StaffRole,
    ...(values['reset-mfa'] ? { resetMfa: true } : {}),
  }
}

/** 20 characters from letters and digits (no look-alikes) plus one symbol: fine for any password policy. */
export function generatePassword(): string {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'
  let out = ''
  for (let i = 0; i < 19; i++) out += chars[randomInt(chars.length)]
  return `${out}!`
}

export const NO_CREDENTIALS = 'No AWS credentials found: run `aws configure` or set AWS_PROFILE'

/** The one line a failure deserves; `where` names the stage, region and stack involved. */
export function explainError(err: unknown, where: { stage: string; region?: string; stack?: string }): string {
  if (err instanceof CliError) return err.message
  const e = err as { name?: string; message?: string; Code?: string }
  const name = e?.name ?? ''
  const message = e?.message ?? String(err)
  const region = where.region ?? 'the configured region'
  if (name === 'CredentialsProviderError' || /Could not load credentials/i.test(message)) return NO_CREDENTIALS
  if (/^(ExpiredToken|ExpiredTokenException|TokenRefreshRequired)$/.test(name) || /token.*expired|expired.*token/i.test(message)) {
    return 'Your AWS credentials have expired: refresh them (`aws sso login`, or new keys in `aws configure`) and run again'
  }
  if (/^(InvalidClientTokenId|UnrecognizedClientException|InvalidSignatureException|SignatureDoesNotMatch)$/.test(name)) {
    return `Your AWS credentials were rejected (${name}): check AWS_PROFILE or run \`aws configure\``
  }
  if (/Region is missing/i.test(message)) return 'No AWS region set: pass --region <region>, set AWS_REGION, or set a region in your AWS profile'
  if (name === 'ValidationError' && /does not exist/i.test(message) && where.stack) {
    return `Stack ${where.stack} is not deployed in ${region}: run npm run deploy -- -c stage=${where.stage} first`
  }
  if (/AccessDenied|UnauthorizedOperation|not authorized/i.test(name + message)) {
    return `Your AWS identity is not allowed to do this (${name}: ${message}); use an identity with admin rights on the Gunsmith ${where.stage} stacks`
  }
  if (err instanceof ConflictError || name === 'UsernameExistsException') {
    return `A user with this e-mail already exists in the ${where.stage} user pool; sign in with it, or pick another e-mail`
  }
  if (name === 'InvalidPasswordException') return `Cognito refused the password: ${message}`
  if (name === 'UserNotFoundException') return `No user with this e-mail in the ${where.stage} user pool`
  if (name === 'ResourceNotFoundException') return `${message} (is the ${where.stage} stage fully deployed in ${region}?)`
  return `create-admin failed: ${name || 'Error'}: ${message}`
}

export interface Deps {
  cloudFormation: Pick<CloudFormationClient, 'send'>
  /** Builds the clients once the region and ids are known (tests pass fakes). */
  users: (userPoolId: string) => ReturnType<typeof createUserDirectory>
  profiles: (tableName: string, region: string) => Pick<ReturnType<typeof createProfileRepository>, 'ensureProfile'>
  /**
   * Turns off a user's authenticator app (AdminSetUserMFAPreference) and ends every session of theirs: the profile
   * forgets the app and refuses the sign-ins from before, Cognito revokes their refresh tokens (functions/auth/sessions.ts).
   */
  resetMfa: (userPoolId: string, email: string, table: { tableName: string; region: string }) => Promise<void>
  region: () => Promise<string>
  log: (line: string) => void
}

export async function stackOutputs(deps: Pick<Deps, 'cloudFormation'>, stack: string, where: { stage: string; region: string }): Promise<Record<string, string>> {
  try {
    const res = await deps.cloudFormation.send(new DescribeStacksCommand({ StackName: stack }))
    const outputs = res.Stacks?.[0]?.Outputs ?? []
    return Object.fromEntries(outputs.map((o) => [o.OutputKey ?? '', o.OutputValue ?? '']))
  } catch (err) {
    throw new CliError(explainError(err, { ...where, stack }))
  }
}

export function output(outputs: Record<string, string>, key: string, stack: string, stage: string): string {
  const value = outputs[key]
  if (!value) throw new CliError(`Stack ${stack} has no output ${key}: deploy the current version first (npm run deploy -- -c stage=${stage})`)
  return value
}

/** The whole job; returns the lines to print. */
export async function createAdmin(opts: Options, deps: Deps): Promise<void> {
  let region: string
  try {
    region = opts.region ?? (await deps.region())
  } catch (err) {
    throw new CliError(explainError(err, { stage: opts.stage }))
  }
  const where = { stage: opts.stage, region }
  const authStack = `Gunsmith-${opts.stage}-Auth`
  const dataStack = `Gunsmith-${opts.stage}-Data`
  const auth = await stackOutputs(deps, authStack, where)
  const userPoolId = output(auth, 'UserPoolId', authStack, opts.stage)
  const data = await stackOutputs(deps, dataStack, where)
  const tableName = output(data, 'TableName', dataStack, opts.stage)
  if (opts.resetMfa) {
    try {
      await deps.resetMfa(userPoolId, opts.email, { tableName, region })
    } catch (err) {
      throw new CliError(explainError(err, where))
    }
    deps.log(`Two-step sign-in of ${opts.email} turned off in stage ${opts.stage} (${region}) and every session of theirs ended: they sign in with their password and set up a new authenticator app before any staff page.`)
    return
  }

  const generated = opts.password === undefined
  const password = opts.password ?? generatePassword()
  let id: string
  try {
    id = await deps.users(userPoolId).createConfirmedUser({
      email: opts.email,
      password,
      group: 'admin',
      firstName: opts.firstName,
      lastName: opts.lastName,
    })
    await deps.profiles(tableName, region).ensureProfile({ id, email: opts.email, firstName: opts.firstName, lastName: opts.lastName, role: 'admin', staffRole: opts.role ?? 'owner' })
  } catch (err) {
    throw new CliError(explainError(err, where))
  }
  deps.log(`Admin ${opts.email} created in stage ${opts.stage} (${region}), user pool ${userPoolId}, role ${STAFF_ROLE_LABELS[opts.role ?? 'owner']}.`)
  if (generated) deps.log(`Password (shown once, store it now): ${password}`)
  deps.log('Staff pages need two-step sign-in: at the first visit the portal asks them to set up an authenticator app.')
}

/** The real clients; region from --region, AWS_REGION or the AWS profile. */
export function awsDeps(region?: string): Deps {
  const cloudFormation = new CloudFormationClient(region ? { region } : {})
  return {
    cloudFormation,
    region: () => cloudFormation.config.region(),
    users: (userPoolId) => createUserDirectory({ client: new CognitoIdentityProviderClient(region ? { region } : {}), userPoolId }),
    resetMfa: async (userPoolId, email, table) => {
      const client = new CognitoIdentityProviderClient(region ? { region } : {})
      await client.send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: userPoolId, Username: email, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }))
      const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }))
      const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value
      if (sub) await endSessionsBefore({ table: table.tableName, client: newDocumentClient({ region: table.region }) }, sub, Math.floor(Date.now() / 1000), 'reset')
      await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: email }))
    },
    // The functions' client, with your credentials (the AWS SDK's default chain: environment, profile, SSO).
    profiles: (table, tableRegion) => createProfileRepository({ table, client: newDocumentClient({ region: tableRegion }) }),
    log: (line) => console.log(line),
  }
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  try {
    const opts = parseOptions(argv)
    await createAdmin(opts, awsDeps(opts.region))
    return 0
  } catch (err) {
    console.error(err instanceof CliError ? err.message : explainError(err, { stage: '?' }))
    return 1
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main()
}
