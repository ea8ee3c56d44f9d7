import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '../../infra/constructs/content-security-policy.ts'

const cognitoOrigin = 'https://cognito-idp.us-east-1.amazonaws.com'
const policy = contentSecurityPolicy({ cognitoOrigin })

/** The policy as directive → sources. */
const directives = new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const))
const stripeSources = (directive: string) => (directives.get(directive) ?? []).filter((s) => s.includes('stripe'))

describe('Content-Security-Policy (CloudFront and the local gateway)', () => {
  it('allows Stripe.js and the Payment Element exactly where Stripe says they load from, js.stripe.com subdomains included', () => {
    expect(stripeSources('script-src')).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com'])
    expect(stripeSources('frame-src')).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'])
    expect(stripeSources('connect-src')).toEqual(['https://api.stripe.com'])
    expect(stripeSources('img-src')).toEqual(['https://*.stripe.com'])
    // Nowhere else, and never Google Maps (the Address Element's autocomplete, not used here).
    for (const [name] of directives) if (!['script-src', 'frame-src', 'connect-src', 'img-src'].includes(name)) expect(stripeSources(name), name).toEqual([])
    expect(policy).not.toContain('googleapis')
  })

  it('adds the photos bucket\'s origin to connect-src (presigned uploads) and img-src (presigned views) only, when given', () => {
    const photosOrigin = 'https://photos-bucket.s3.us-east-1.amazonaws.com'
    const withPhotos = new Map(contentSecurityPolicy({ cognitoOrigin, photosOrigin }).split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const))
    for (const [name, sources] of withPhotos) {
      const expected = [...(directives.get(name) ?? []), ...(name === 'connect-src' || name === 'img-src' ? [photosOrigin] : [])]
      expect(sources, name).toEqual(expected)
    }
  })

  it('keeps every other source as it was: no inline script or style, no other third party', () => {
    expect(policy).toBe(
      [
        "default-src 'self'",
        "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
        `connect-src 'self' ${cognitoOrigin} https://api.stripe.com`,
        'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
        "img-src 'self' data: https://*.stripe.com",
        "style-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    )
  })
})
