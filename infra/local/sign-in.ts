import { LOCAL_ADMIN_EMAIL, LOCAL_ADMIN_TOTP_SECRET, totpCode } from './totp.ts'

/** One Cognito call as the SPA makes it locally (JSON over HTTP to cognito-local): the answer's JSON, or a throw. */
export type CognitoCall = (target: string, body: unknown) => Promise<Record<string, any>>

/**
 * Signs in with a password as the SPA does against the local stack (USER_PASSWORD_AUTH; cognito-local has no SRP)
 * and answers the steps it asks for as a person would: a customer the shop created chooses a password (here the
 * same one again, as the SPA's "Choose Your Password"); staff type their authenticator's code (the seeded admin's
 * key unless another is given). Returns Cognito's last answer, with the tokens in `AuthenticationResult`.
 * Shared by the integration tests, `npm run load` and the bench.
 */
export async function passwordSignIn(
  call: CognitoCall,
  { clientId, email, password, totpSecret }: { clientId: string; email: string; password: string; totpSecret?: string },
): Promise<Record<string, any>> {
  let r = await call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: email, PASSWORD: password } })
  if (r.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
    r = await call('RespondToAuthChallenge', { ChallengeName: 'NEW_PASSWORD_REQUIRED', ClientId: clientId, Session: r.Session, ChallengeResponses: { USERNAME: email, NEW_PASSWORD: password } })
  }
  if (r.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    const secret = totpSecret ?? (email.trim().toLowerCase() === LOCAL_ADMIN_EMAIL ? LOCAL_ADMIN_TOTP_SECRET : undefined)
    if (!secret) throw new Error(`${email} signs in with an authenticator app: give its key`)
    r = await call('RespondToAuthChallenge', { ChallengeName: 'SOFTWARE_TOKEN_MFA', ClientId: clientId, Session: r.Session, ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode(secret) } })
  }
  return r
}

/** A CognitoCall to a cognito-local endpoint with fetch; an error answer throws with Cognito's message. */
export const cognitoLocalCall =
  (endpoint: string): CognitoCall =>
  async (target, body) => {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
      body: JSON.stringify(body),
    })
    const json = (await res.json()) as Record<string, any>
    if (!res.ok) throw new Error(`${target} failed: ${json.message ?? json.__type ?? res.status}`)
    return json
  }
