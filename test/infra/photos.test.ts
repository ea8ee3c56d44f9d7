/**
 * The condition photos' bucket (infra/constructs/photos-bucket.ts; docs/deploying.md, "Condition photos"): private,
 * encrypted, TLS only, versioned, retained, CORS for the site's origin only, a lifecycle that never expires a current
 * photo; the API functions get its name and only the object rights they presign with; the SPA's CSP lets the page
 * POST to it and show its images.
 */
import { Match } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import { ENV_NAMES } from '../../functions/lib/env.ts'
import { PHOTO_NONCURRENT_DAYS } from '../../infra/constructs/photos-bucket.ts'
import { PROD, exportedValue, logicalId, synthStage } from './helpers.ts'

const dev = synthStage()
const prodDomain = synthStage({ ...PROD, domainName: 'portal.example.com', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' })

const bucketOf = (s: typeof dev) => s.json.data.Resources[logicalId(s.stacks.data.photos.bucket)]

describe.each([
  ['dev', dev],
  ['prod with a custom domain', prodDomain],
])('photos bucket (%s)', (_name, s) => {
  const bucket = bucketOf(s)

  it('is private, encrypted, versioned and retained (a stack delete leaves the evidence)', () => {
    expect(bucket.Type).toBe('AWS::S3::Bucket')
    expect(bucket.DeletionPolicy).toBe('Retain')
    expect(bucket.UpdateReplacePolicy).toBe('Retain')
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true })
    expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256')
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' })
    expect(bucket.Properties.OwnershipControls.Rules[0].ObjectOwnership).toBe('BucketOwnerEnforced')
  })

  it('refuses requests without TLS (bucket policy)', () => {
    s.t.data.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logicalId(s.stacks.data.photos.bucket) },
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    })
  })

  it('never expires a current photo; keeps noncurrent versions ten years', () => {
    const rules = bucket.Properties.LifecycleConfiguration.Rules as Array<Record<string, any>>
    for (const r of rules) {
      expect(r.ExpirationInDays, r.Id).toBeUndefined()
      expect(r.ExpirationDate, r.Id).toBeUndefined()
    }
    expect(rules.find((r) => r.NoncurrentVersionExpiration)?.NoncurrentVersionExpiration.NoncurrentDays).toBe(PHOTO_NONCURRENT_DAYS)
    expect(PHOTO_NONCURRENT_DAYS).toBeGreaterThanOrEqual(3650)
  })

  it('lets only the site\'s origin upload (CORS: POST and PUT)', () => {
    const [rule, ...more] = bucket.Properties.CorsConfiguration.CorsRules
    expect(more).toEqual([])
    expect([...rule.AllowedMethods].sort()).toEqual(['POST', 'PUT'])
    expect(rule.AllowedOrigins).toEqual(s === prodDomain ? ['https://portal.example.com'] : ['https://*.cloudfront.net'])
  })

  it('gives api-admin and api-customer its name (by the name functions/lib/env.ts reads)', () => {
    for (const group of ['api-admin', 'api-customer'] as const) {
      const fn = s.stacks.api.functions[group]!
      const vars = s.json.api.Resources[logicalId(fn.fn)].Properties.Environment.Variables
      expect(exportedValue(s.json.data, vars[ENV_NAMES.photosBucket]), group).toEqual({ Ref: logicalId(s.stacks.data.photos.bucket) })
    }
    const webhook = s.stacks.api.functions['stripe-webhook']
    if (webhook) expect(s.json.api.Resources[logicalId(webhook.fn)].Properties.Environment.Variables[ENV_NAMES.photosBucket]).toBeUndefined()
  })

  it('allows the page to POST to the bucket and show its images (CSP), nothing broader', () => {
    const csp = JSON.stringify(s.json.web).match(/default-src 'self'[^"]*/)
    expect(csp).not.toBeNull()
    const headers = Object.values<any>(s.json.web.Resources).find((r) => r.Type === 'AWS::CloudFront::ResponseHeadersPolicy' && r.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig?.ContentSecurityPolicy)
    const policy = headers.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy
    const text = JSON.stringify(policy)
    // The bucket's regional virtual-hosted origin (as the SDK's presigned URLs name it) in connect-src and img-src.
    expect(text).toMatch(/connect-src [^;]*https:\/\/",\s*\{[^}]*\},\s*"\.s3\./)
    expect(text).toMatch(/img-src [^;]*https:\/\/",\s*\{[^}]*\},\s*"\.s3\./)
    expect(text).not.toContain('*.s3.')
    expect(text).not.toContain('*.amazonaws.com')
  })
})
