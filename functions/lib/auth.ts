import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda'
import { UnauthorizedError } from './errors.ts'

export type Role = 'admin' | 'customer'

export interface AuthContext {
  userId: string
  email?: string
  role: Role
  groups: string[]
  /**
   * When the person signed in with their password (the token's `auth_time`, seconds since the epoch). Cognito keeps
   * it across refreshes, so every token of one sign-in carries the same; 0 when the token has none.
   */
  authTime: number
}

/** `cognito:groups` arrives as an array, as "[admin customer]", or as a comma list, depending on the authorizer. */
export function parseGroups(raw: unknown): string[] {
  if (Array.isArray(raw)) return raw.map(String).filter(Boolean)
  if (typeof raw !== 'string') return []
  return raw
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .map((g) => g.trim())
    .filter(Boolean)
}

export function authFromClaims(claims: Record<string, unknown> | undefined): AuthContext {
  const sub = claims?.sub
  if (typeof sub !== 'string' || !sub) throw new UnauthorizedError()
  const groups = parseGroups(claims?.['cognito:groups'])
  const email = typeof claims?.email === 'string' ? claims.email : undefined
  // API Gateway hands every claim over as a string.
  const authTime = Number(claims?.auth_time)
  return { userId: sub, email, groups, role: groups.includes('admin') ? 'admin' : 'customer', authTime: Number.isSafeInteger(authTime) && authTime > 0 ? authTime : 0 }
}

type JwtEvent = Pick<APIGatewayProxyEventV2WithJWTAuthorizer, 'requestContext'>

export function authFromEvent(event: JwtEvent): AuthContext {
  return authFromClaims(event.requestContext?.authorizer?.jwt?.claims as Record<string, unknown> | undefined)
}
