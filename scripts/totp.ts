/**
 * The code an authenticator app shows now, for the local stack's staff sign-in:
 *
 *   npm run totp                 # the seeded admin (admin@example.com), whose local key is fixed
 *   npm run totp -- <base32 key> # any other key (the one shown when an admin set up their app)
 *
 * Local only: in AWS each admin's key lives in their own authenticator app and nowhere else.
 */
import { LOCAL_ADMIN_TOTP_SECRET, totpCode } from '../infra/local/totp.ts'

const key = (process.argv[2] ?? LOCAL_ADMIN_TOTP_SECRET).replace(/\s+/g, '').toUpperCase()
if (!/^[A-Z2-7]{16,}=*$/.test(key)) {
  console.error('npm run totp: the key is the base32 text an authenticator app is given (letters A-Z and digits 2-7).')
  process.exit(1)
}
const left = 30 - (Math.floor(Date.now() / 1000) % 30)
console.log(`${totpCode(key)}  (valid for ${left} more second${left === 1 ? '' : 's'})`)
