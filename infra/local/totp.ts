import { generateSync } from 'otplib'

/** The seeded admin (infra/local/seed.ts). */
export const LOCAL_ADMIN_EMAIL = 'admin@example.com'

/**
 * The seeded admin's authenticator key (README, Accounts): local only, like its password. Staff must sign in with
 * a code from an authenticator app (docs/architecture.md, "Staff two-step sign-in"); the local seed enrolls the seeded admin with this key, so
 * the tests, `npm run load` and a person running `npm start` (add the key to an app, or `npm run totp`) can sign in.
 */
export const LOCAL_ADMIN_TOTP_SECRET = 'GUNSMITHLOCALADMINTOTPKEY2345677'

/** The code an authenticator app shows for this key now (RFC 6238: SHA-1, 6 digits, 30 s), as Cognito checks it. */
export function totpCode(secret: string, at = Date.now()): string {
  return generateSync({ secret, algorithm: 'sha1', digits: 6, period: 30, epoch: Math.floor(at / 1000) })
}
