/**
 * The portal as a browser client sees it: /config.json tells where Cognito is,
 * sign-in is USER_PASSWORD_AUTH against it (as the SPA does locally), and
 * /api takes the access token. Used by scripts/load.ts and test/system, which
 * talk to a running portal over HTTP only.
 */
import { passwordSignIn } from '../infra/local/sign-in.ts'

export interface PortalConfig {
  cognitoEndpoint: string
  userPoolId: string
  userPoolClientId: string
  paymentsMode: 'dev' | 'stripe'
}

export interface ApiResult<T = any> {
  status: number
  body: T
  ms: number
}

export interface Session {
  accessToken: string
  /** The token's `sub`: the profile id. */
  sub: string
}

export interface RequestOptions {
  token?: string
  method?: string
  body?: unknown
  timeoutMs?: number
}

export type PortalClient = Awaited<ReturnType<typeof connectPortal>>

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>

/**
 * A client for the portal at `baseUrl`. `onResult` sees every response (a
 * network failure throws and is not reported), keyed by a route label with ids
 * replaced, for counting.
 */
export async function connectPortal({ baseUrl, onResult }: { baseUrl: string; onResult?: (label: string, r: ApiResult) => void }) {
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as PortalConfig

  async function request(url: string, label: string, init: RequestInit, timeoutMs = 30_000): Promise<ApiResult> {
    const started = performance.now()
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
    const text = await res.text()
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = text
    }
    const result = { status: res.status, body, ms: performance.now() - started }
    onResult?.(label, result)
    return result
  }

  return {
    baseUrl,
    config,

    api<T = any>(path: string, { token, method = 'GET', body, timeoutMs }: RequestOptions = {}): Promise<ApiResult<T>> {
      // Ids (uuids, intent ids, sortable ids: long segments with a digit) become {id}, so a route counts as one.
      const label = `${method} ${path.split('?')[0].replace(/\/(?=[^/]*\d)[\w-]{12,}(?=\/|$)/g, '/{id}')}`
      return request(
        `${baseUrl}${path}`,
        label,
        {
          method,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        timeoutMs,
      )
    },

    /**
     * Signs in like the SPA; throws with Cognito's message when refused. A customer the shop created
     * (temporary password) chooses a password first, here the same one, as the SPA's "Choose Your Password";
     * staff type their authenticator's code (`totpSecret`, the seeded admin's local key by default).
     */
    async signIn(email: string, password: string, totpSecret?: string): Promise<Session> {
      const cognito = (target: string, payload: unknown) =>
        request(config.cognitoEndpoint, `cognito ${target}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
          body: JSON.stringify(payload),
        })
      // Answers the steps the SPA answers: a shop-created customer's new password, staff's authenticator code.
      let refused: ApiResult | undefined
      const r = await passwordSignIn(
        async (target, payload) => {
          const res = await cognito(target, payload)
          if (res.status === 200) return res.body as Record<string, any>
          refused = res
          throw new Error('refused')
        },
        { clientId: config.userPoolClientId, email, password, totpSecret },
      ).catch((err: unknown) => {
        if (!refused) throw err
        return undefined
      })
      const token = r?.AuthenticationResult?.AccessToken as string | undefined
      if (!token) {
        const body = (refused?.body ?? r) as Record<string, any> | undefined
        throw new Error(`sign-in of ${email} failed (${refused?.status ?? 200}): ${body?.message ?? body?.__type ?? JSON.stringify(body)}`)
      }
      return { accessToken: token, sub: String(claimsOf(token).sub) }
    },
  }
}
