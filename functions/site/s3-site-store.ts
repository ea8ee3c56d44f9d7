/**
 * The site store in AWS: the pages go to the site bucket (its prerendered/ prefix, the only one the publisher may
 * write), served as the build's own files are (text/html, revalidated on each request), then CloudFront drops what
 * it cached of them. The SDK clients load on the first publish.
 */
import type { SiteStore } from './publish.ts'

export function s3SiteStore({ bucket, distributionId, region }: { bucket: string; distributionId: string; region?: string }): SiteStore {
  let s3: Promise<{ client: import('@aws-sdk/client-s3').S3Client; PutObjectCommand: typeof import('@aws-sdk/client-s3').PutObjectCommand }> | undefined
  let cf: Promise<{ client: import('@aws-sdk/client-cloudfront').CloudFrontClient; CreateInvalidationCommand: typeof import('@aws-sdk/client-cloudfront').CreateInvalidationCommand }> | undefined
  return {
    async put(file, html) {
      s3 ??= import('@aws-sdk/client-s3').then(({ S3Client, PutObjectCommand }) => ({ client: new S3Client({ region }), PutObjectCommand }))
      const { client, PutObjectCommand } = await s3
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: file, Body: html, ContentType: 'text/html; charset=utf-8', CacheControl: 'no-cache' }),
      )
    },
    async invalidate(paths) {
      cf ??= import('@aws-sdk/client-cloudfront').then(({ CloudFrontClient, CreateInvalidationCommand }) => ({ client: new CloudFrontClient({ region }), CreateInvalidationCommand }))
      const { client, CreateInvalidationCommand } = await cf
      // The CloudFront function rewrites a page's path to its file before the cache lookup, so the cache holds the
      // files' paths (/prerendered/…); the viewer paths too, should a page ever be cached under its own path.
      const items = ['/prerendered/*', ...paths]
      await client.send(
        new CreateInvalidationCommand({
          DistributionId: distributionId,
          InvalidationBatch: { CallerReference: `publish-${Date.now()}-${Math.random().toString(36).slice(2)}`, Paths: { Quantity: items.length, Items: items } },
        }),
      )
    },
  }
}
