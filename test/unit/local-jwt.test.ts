import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'
import { createJwtVerifier } from '../../infra/local/jwt.ts'

const ISSUER = 'http://127.0.0.1/local_pool'
const CLIENT = 'client-1'

let server: http.Server
let jwksUrl = ''
let sign: (claims: Record<string, unknown>, opts?: { exp?: number; issuer?: string; key?: 'other' }) => Promise<string>

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const other = await generateKeyPair('RS256')
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ keys: [jwk] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`
  sign = (claims, { exp, issuer = ISSUER, key } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime(exp ?? Math.floor(Date.now() / 1000) + 3600)
      .sign(key === 'other' ? other.privateKey : privateKey)
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
afterEach(() => vi.useRealTimers())

const access = { sub: 'user-1', token_use: 'access', client_id: CLIENT }

describe('the local gateway JWT check (infra/local/jwt.ts)', () => {
  it('accepts an access token of the client, again and again with the same claims', async () => {
    const verify = createJwtVerifier({ issuer: ISSUER, jwksUrl, clientId: CLIENT })
    const token = await sign(access)
    const first = await verify(token)
    expect(first).toMatchObject({ sub: 'user-1', client_id: CLIENT })
    expect(await verify(token)).toEqual(first)
  })

  it('accepts an ID token by its audience', async () => {
    const verify = createJwtVerifier({ issuer: ISSUER, jwksUrl, clientId: CLIENT })
    expect(await verify(await sign({ sub: 'user-1', token_use: 'id', aud: CLIENT }))).toMatchObject({ sub: 'user-1' })
    expect(await verify(await sign({ sub: 'user-1', token_use: 'id', aud: 'another-client' }))).toBeNull()
  })

  it('refuses another client, another issuer, another key, an expired token and garbage', async () => {
    const verify = createJwtVerifier({ issuer: ISSUER, jwksUrl, clientId: CLIENT })
    expect(await verify(await sign({ ...access, client_id: 'another-client' }))).toBeNull()
    // An access token is checked on client_id, not on an `aud` it may carry.
    expect(await verify(await sign({ sub: 'user-1', token_use: 'access', client_id: 'another-client', aud: CLIENT }))).toBeNull()
    expect(await verify(await sign(access, { issuer: 'http://elsewhere/pool' }))).toBeNull()
    expect(await verify(await sign(access, { key: 'other' }))).toBeNull()
    expect(await verify(await sign(access, { exp: Math.floor(Date.now() / 1000) - 1 }))).toBeNull()
    expect(await verify('not.a.token')).toBeNull()
  })

  it('refuses a token it has verified once it expires', async () => {
    const verify = createJwtVerifier({ issuer: ISSUER, jwksUrl, clientId: CLIENT })
    const now = Math.floor(Date.now() / 1000)
    const token = await sign(access, { exp: now + 60 })
    expect(await verify(token)).not.toBeNull()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime((now + 59) * 1000)
    expect(await verify(token)).not.toBeNull()
    vi.setSystemTime((now + 60) * 1000)
    expect(await verify(token)).toBeNull()
    vi.setSystemTime((now + 30) * 1000)
    // Forgotten once refused: verified afresh (and valid again at that time).
    expect(await verify(token)).not.toBeNull()
  })

  it('refuses a token whose signature was tampered with after another one passed', async () => {
    const verify = createJwtVerifier({ issuer: ISSUER, jwksUrl, clientId: CLIENT })
    const token = await sign(access)
    expect(await verify(token)).not.toBeNull()
    const [h, p, s] = token.split('.')
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...access, sub: 'admin-1', iss: ISSUER, exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')}.${s}`
    expect(p).not.toBe(forged.split('.')[1])
    expect(await verify(forged)).toBeNull()
  })
})
