import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'

/** Verified tokens a verifier remembers at most (then it starts over): far more than the local stack's users. */
const MAX_VERIFIED = 1_000

/**
 * Verifies a Cognito token as API Gateway's JWT authorizer does: signature, issuer, expiry, and audience/client
 * (the access token's `client_id`, an ID token's `aud`, by its `token_use`).
 *
 * A token that passed is remembered, by its exact string, until it expires, as the authorizer caches too: the
 * same bytes verify the same way (signature, issuer, audience), so a later request with it costs a Map lookup
 * and the expiry check, not an RSA verification (about 5% of a read request's CPU through the gateway). A token
 * that failed is not remembered (the key set may have been unreachable), and one without a numeric `exp` is
 * verified every time.
 */
export function createJwtVerifier({ issuer, jwksUrl, clientId }: { issuer: string; jwksUrl: string; clientId: string }) {
  const jwks = createRemoteJWKSet(new URL(jwksUrl))
  const verified = new Map<string, JWTPayload & { exp: number }>()
  return async (token: string): Promise<JWTPayload | null> => {
    // jose's expiry check: a token is expired from its `exp` second on.
    const now = Math.floor(Date.now() / 1000)
    const known = verified.get(token)
    if (known) {
      if (known.exp > now) return known
      verified.delete(token)
    }
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer })
      const audience = payload.token_use === 'access' ? payload.client_id : payload.aud
      const audiences = Array.isArray(audience) ? audience : [audience]
      if (!audiences.includes(clientId)) return null
      if (typeof payload.exp === 'number') {
        if (verified.size >= MAX_VERIFIED) verified.clear()
        verified.set(token, payload as JWTPayload & { exp: number })
      }
      return payload
    } catch {
      return null
    }
  }
}

/** API Gateway hands claims to the function as strings; arrays arrive as "[a b]". */
export function claimsAsApiGateway(payload: JWTPayload): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(payload)) {
    if (Array.isArray(v)) out[k] = `[${v.join(' ')}]`
    else if (v !== null && typeof v === 'object') out[k] = JSON.stringify(v)
    else out[k] = String(v)
  }
  return out
}
