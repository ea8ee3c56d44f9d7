import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'

/** Verifies a Cognito token as API Gateway's JWT authorizer does: signature, issuer, expiry, and audience/client. */
export function createJwtVerifier({ issuer, jwksUrl, clientId }: { issuer: string; jwksUrl: string; clientId: string }) {
  const jwks = createRemoteJWKSet(new URL(jwksUrl))
  return async (token: string): Promise<JWTPayload | null> => {
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer })
      const audience = payload.token_use === 'access' ? payload.client_id : payload.aud
      const audiences = Array.isArray(audience) ? audience : [audience]
      if (!audiences.includes(clientId)) return null
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
