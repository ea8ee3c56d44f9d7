// Runs cognito-local in this process (forked with cwd = its state folder, since it
// resolves `.cognito` against the cwd), with the target it lacks and the AWS behaviours
// the portal relies on (below), and exits when the parent goes away.
const { Targets } = require('cognito-local/lib/targets/targets')
const { NotAuthorizedError } = require('cognito-local/lib/errors')
const { createDefaultServer } = require('cognito-local/lib/server')
// Codes and welcomes go to the local inbox (maildev) once the parent says where.
require('./cognito-mail.cjs')
const pino = require(require.resolve('pino', { paths: [require.resolve('cognito-local/package.json')] }))

// One email, one account. The AWS pool is case-insensitive (signInCaseSensitive: false); cognito-local
// compares names exactly. Every target that takes a user name or an email gets it trimmed and in lower
// case before cognito-local sees it: `Customer@Example.com` cannot register next to `customer@example.com`,
// and `ZOE@EXAMPLE.COM` signs in to `zoe@example.com`. (User names here are emails or subs: lower case.)
const normalizeName = (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v)
function normalizeRequest(req) {
  if (!req || typeof req !== 'object') return req
  const out = { ...req }
  if (typeof out.Username === 'string') out.Username = normalizeName(out.Username)
  for (const key of ['AuthParameters', 'ChallengeResponses']) {
    if (out[key] && typeof out[key].USERNAME === 'string') out[key] = { ...out[key], USERNAME: normalizeName(out[key].USERNAME) }
  }
  if (Array.isArray(out.UserAttributes)) {
    out.UserAttributes = out.UserAttributes.map((a) => (a && a.Name === 'email' ? { ...a, Value: normalizeName(a.Value) } : a))
  }
  return out
}
// A data folder from before this patch may hold users whose email was stored with capitals: a lower-cased name
// still finds them (an exact match first, as cognito-local does, then the email in any case).
const { UserPoolServiceImpl, attributeValue } = require('cognito-local/lib/services/userPoolService')
const exactGetUserByUsername = UserPoolServiceImpl.prototype.getUserByUsername
UserPoolServiceImpl.prototype.getUserByUsername = async function getUserByUsername(ctx, username) {
  const user = await exactGetUserByUsername.call(this, ctx, username)
  if (user || typeof username !== 'string' || !username.includes('@')) return user
  const wanted = normalizeName(username)
  const users = await this.dataStore.get(ctx, 'Users', {})
  return Object.values(users).find((u) => normalizeName(attributeValue('email', u.Attributes) || '') === wanted) || null
}
const NAMED_TARGETS = [
  'SignUp', 'ConfirmSignUp', 'ResendConfirmationCode', 'ForgotPassword', 'ConfirmForgotPassword',
  'InitiateAuth', 'RespondToAuthChallenge', 'AdminInitiateAuth', 'AdminRespondToAuthChallenge',
  'AdminCreateUser', 'AdminGetUser', 'AdminSetUserPassword', 'AdminAddUserToGroup', 'AdminRemoveUserFromGroup',
  'AdminListGroupsForUser', 'AdminDeleteUser', 'AdminDisableUser', 'AdminEnableUser', 'AdminConfirmSignUp',
  'AdminUpdateUserAttributes', 'AdminDeleteUserAttributes', 'AdminUserGlobalSignOut', 'AdminResetUserPassword',
]
for (const name of NAMED_TARGETS) {
  const target = Targets[name]
  if (typeof target !== 'function') continue
  Targets[name] = (services) => {
    const run = target(services)
    return (ctx, req) => run(ctx, normalizeRequest(req))
  }
}

// Deactivated means out. cognito-local keeps AdminDisableUser's flag but never reads it, and answers a
// FORCE_CHANGE_PASSWORD user with the NEW_PASSWORD_REQUIRED challenge without checking the temporary
// password. As in AWS: a disabled user is refused at sign-in (after a correct password, so the answer
// tells nothing to someone who does not know it), at a challenge answer and at a token refresh, with
// NotAuthorizedException "User is disabled."; a wrong temporary password is "Incorrect username or password.".
const USER_DISABLED = 'User is disabled.'
const INCORRECT = 'Incorrect username or password.'
const baseInitiateAuth = Targets.InitiateAuth
Targets.InitiateAuth = (services) => {
  const run = baseInitiateAuth(services)
  return async (ctx, req) => {
    const userPool = req && req.ClientId ? await services.cognito.getUserPoolForClientId(ctx, req.ClientId) : null
    if (userPool && req.AuthFlow === 'USER_PASSWORD_AUTH' && req.AuthParameters && req.AuthParameters.USERNAME) {
      const user = await userPool.getUserByUsername(ctx, normalizeName(req.AuthParameters.USERNAME))
      if (user && user.Password === req.AuthParameters.PASSWORD && user.Enabled === false) throw new NotAuthorizedError(USER_DISABLED)
      if (user && user.UserStatus === 'FORCE_CHANGE_PASSWORD' && user.Password !== req.AuthParameters.PASSWORD) throw new NotAuthorizedError(INCORRECT)
    }
    if (userPool && (req.AuthFlow === 'REFRESH_TOKEN_AUTH' || req.AuthFlow === 'REFRESH_TOKEN') && req.AuthParameters && req.AuthParameters.REFRESH_TOKEN) {
      const user = await userPool.getUserByRefreshToken(ctx, req.AuthParameters.REFRESH_TOKEN)
      if (user && user.Enabled === false) throw new NotAuthorizedError(USER_DISABLED)
    }
    return run(ctx, req)
  }
}
const baseRespondToAuthChallenge = Targets.RespondToAuthChallenge
Targets.RespondToAuthChallenge = (services) => {
  const run = baseRespondToAuthChallenge(services)
  return async (ctx, req) => {
    const named = req && req.ClientId && req.ChallengeResponses && req.ChallengeResponses.USERNAME
    const userPool = named ? await services.cognito.getUserPoolForClientId(ctx, req.ClientId) : null
    if (userPool) {
      const user = await userPool.getUserByUsername(ctx, normalizeName(req.ChallengeResponses.USERNAME))
      if (user && user.Enabled === false) throw new NotAuthorizedError(USER_DISABLED)
    }
    const res = await run(ctx, req)
    // cognito-local keeps the refresh token of a password sign-in only: one ending in a challenge (a new password,
    // a TOTP code) could never be refreshed. As in AWS, it can.
    const token = res && res.AuthenticationResult && res.AuthenticationResult.RefreshToken
    if (userPool && token) {
      const user = await userPool.getUserByUsername(ctx, normalizeName(req.ChallengeResponses.USERNAME))
      if (user) await userPool.storeRefreshToken(ctx, token, user)
    }
    return res
  }
}

// The seeded admin's authenticator key is fixed (infra/local/totp.ts), as its password is: the local seed asks for it
// with `LocalSecretCode`, a field only this emulator reads. Every other caller gets cognito-local's random key, as in AWS.
const jwt = require(require.resolve('jsonwebtoken', { paths: [require.resolve('cognito-local/package.json')] }))
const baseAssociateSoftwareToken = Targets.AssociateSoftwareToken
Targets.AssociateSoftwareToken = (services) => {
  const run = baseAssociateSoftwareToken(services)
  return async (ctx, req) => {
    const res = await run(ctx, req)
    const fixed = req && req.LocalSecretCode
    if (typeof fixed !== 'string' || !/^[A-Z2-7]{16,64}$/.test(fixed)) return res
    const decoded = jwt.decode(req.AccessToken)
    const userPool = await services.cognito.getUserPoolForClientId(ctx, decoded.client_id)
    const user = await userPool.getUserByUsername(ctx, decoded.sub)
    await userPool.saveUser(ctx, { ...user, SoftwareTokenMfaConfiguration: { Secret: fixed, Verified: false } })
    return { SecretCode: fixed }
  }
}

// A wrong password is cognito-local's InvalidPasswordException "Invalid password"; AWS answers a wrong
// (current) password at sign-in and at ChangePassword with NotAuthorizedException "Incorrect username or
// password." and keeps InvalidPasswordException for a new password the policy refuses. As AWS does.
const { InvalidPasswordError } = require('cognito-local/lib/errors')
for (const name of ['InitiateAuth', 'ChangePassword']) {
  const target = Targets[name]
  Targets[name] = (services) => {
    const run = target(services)
    return async (ctx, req) => {
      try {
        return await run(ctx, req)
      } catch (err) {
        if (err instanceof InvalidPasswordError) throw new NotAuthorizedError(INCORRECT)
        throw err
      }
    }
  }
}

// Amplify 6 refreshes tokens with GetTokensFromRefreshToken; map it onto REFRESH_TOKEN_AUTH (through the
// patched InitiateAuth above, so a disabled user's refresh is refused too).
Targets.GetTokensFromRefreshToken = (services) => async (ctx, req) => {
  const res = await Targets.InitiateAuth(services)(ctx, {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: req.ClientId,
    AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
  })
  return { AuthenticationResult: { ...res.AuthenticationResult, RefreshToken: req.RefreshToken } }
}

// Sign out everywhere, which cognito-local lacks: as in AWS, every refresh token the user holds is revoked (a refresh
// then answers NotAuthorizedException), by the user with their access token (GlobalSignOut) or by an admin on the pool
// (AdminUserGlobalSignOut). Their access and ID tokens stay valid until they expire, as in AWS: the API refuses them
// itself (functions/auth/sessions.ts).
async function revokeRefreshTokens(userPool, ctx, user) {
  await userPool.saveUser(ctx, { ...user, RefreshTokens: [] })
}
Targets.GlobalSignOut = (services) => async (ctx, req) => {
  const decoded = req && typeof req.AccessToken === 'string' ? jwt.decode(req.AccessToken) : null
  if (!decoded || !decoded.client_id || !decoded.sub) throw new NotAuthorizedError()
  const userPool = await services.cognito.getUserPoolForClientId(ctx, decoded.client_id)
  const user = await userPool.getUserByUsername(ctx, decoded.sub)
  if (!user) throw new NotAuthorizedError()
  await revokeRefreshTokens(userPool, ctx, user)
  return {}
}
const { UserNotFoundError } = require('cognito-local/lib/errors')
Targets.AdminUserGlobalSignOut = (services) => async (ctx, req) => {
  const userPool = await services.cognito.getUserPool(ctx, req.UserPoolId)
  const user = await userPool.getUserByUsername(ctx, normalizeName(req.Username))
  if (!user) throw new UserNotFoundError()
  await revokeRefreshTokens(userPool, ctx, user)
  return {}
}

// An owner resets a staff member's authenticator (User Management; scripts/create-admin.ts --reset-mfa in AWS), which
// cognito-local lacks: as in AWS, AdminSetUserMFAPreference with SoftwareTokenMfaSettings.Enabled false takes the app
// off the person's MFA methods (their next sign-in asks for no code) and forgets its key, so a new one is set up.
Targets.AdminSetUserMFAPreference = (services) => async (ctx, req) => {
  const userPool = await services.cognito.getUserPool(ctx, req.UserPoolId)
  const user = await userPool.getUserByUsername(ctx, normalizeName(req.Username))
  if (!user) throw new UserNotFoundError()
  const software = req.SoftwareTokenMfaSettings
  const methods = new Set(user.UserMFASettingList || [])
  if (software && software.Enabled === false) methods.delete('SOFTWARE_TOKEN_MFA')
  if (software && software.Enabled === true) {
    if (!(user.SoftwareTokenMfaConfiguration && user.SoftwareTokenMfaConfiguration.Verified)) throw new NotAuthorizedError('User has not verified software token MFA')
    methods.add('SOFTWARE_TOKEN_MFA')
  }
  const next = { ...user, UserMFASettingList: [...methods], PreferredMfaSetting: methods.has('SOFTWARE_TOKEN_MFA') && software && software.PreferredMfa ? 'SOFTWARE_TOKEN_MFA' : undefined }
  if (software && software.Enabled === false) delete next.SoftwareTokenMfaConfiguration
  await userPool.saveUser(ctx, next)
  return {}
}

// cognito-local saves a pool by rewriting its JSON file in place (fs.writeFile, several saves at once): a stop in
// the middle of a save (Ctrl-C during a sign-in, which stores a refresh token) or two overlapping saves left the
// file empty or torn, and every user was gone at the next start. Each save now writes a temp file and renames it
// over the old one (atomic: a kill leaves the old or the new file, whole), one at a time per file in call order,
// and a stop waits for the saves under way.
const fs = require('node:fs')
const stormdb = require(require.resolve('stormdb', { paths: [require.resolve('cognito-local/package.json')] }))
const saving = new Map()
stormdb.localFileEngine.prototype.write = function write(data) {
  const file = this.path
  const text = this.serialize(data) // the state as of this call, so saves land in call order
  const tmp = `${file}.${process.pid}.tmp`
  if (!this.async) {
    fs.writeFileSync(tmp, text)
    fs.renameSync(tmp, file)
    return null
  }
  const done = (saving.get(file) ?? Promise.resolve()).then(async () => {
    await fs.promises.writeFile(tmp, text)
    await fs.promises.rename(tmp, file)
  })
  const settled = done.catch(() => undefined)
  saving.set(file, settled)
  settled.then(() => saving.get(file) === settled && saving.delete(file))
  return done
}

let exiting = false
function exitAfterSaves() {
  if (exiting) return
  exiting = true
  const timer = setTimeout(() => process.exit(0), 2000)
  Promise.all(saving.values()).then(() => {
    clearTimeout(timer)
    process.exit(0)
  })
}
process.on('disconnect', exitAfterSaves)
process.on('SIGTERM', exitAfterSaves)
process.on('SIGINT', () => {})

const logger = pino({ level: process.env.COGNITO_LOCAL_LOG_LEVEL || 'warn' })
createDefaultServer(logger)
  .then((server) => server.start())
  .then((server) => {
    const address = server.address()
    process.send?.({ ready: true, port: typeof address === 'string' ? null : address.port })
  })
  .catch((err) => {
    process.send?.({ error: String(err && err.message ? err.message : err) })
    process.exit(1)
  })
