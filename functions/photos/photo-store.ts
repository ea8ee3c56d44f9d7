import type { PhotoContentType, PhotoPurpose } from '@gs/shared/photos'
import { env, requireEnv } from '../lib/env.ts'

/**
 * The photos bucket as the API uses it: presigned uploads (the browser POSTs the file straight to S3, never through a
 * Lambda's body), a HEAD to check what arrived, and short-lived links to view. The S3 SDK and its presigners are
 * imported on first use, so routes that never touch photos do not carry them in their cold start.
 */
export interface PhotoStore {
  /** A presigned POST for exactly this key: its content type fixed, its size within 1..maxBytes, the purpose as metadata. */
  presignUpload(input: { key: string; contentType: PhotoContentType; purpose: PhotoPurpose; maxBytes: number; expiresSeconds: number }): Promise<{ url: string; fields: Record<string, string> }>
  /** What is stored at `key` (null: nothing). */
  head(key: string): Promise<{ contentType: string; size: number; purpose?: string } | null>
  /** A GET link valid `expiresSeconds`. */
  viewUrl(key: string, expiresSeconds: number): Promise<string>
}

type S3 = typeof import('@aws-sdk/client-s3')
let loaded: Promise<{ sdk: S3; client: import('@aws-sdk/client-s3').S3Client }> | undefined

/** The S3 client, one per container; locally the S3-compatible server (s3rver) the local stack runs. */
const s3 = () =>
  (loaded ??= import('@aws-sdk/client-s3').then((sdk) => {
    const { region, s3Endpoint } = env()
    const client = new sdk.S3Client({
      region,
      ...(s3Endpoint ? { endpoint: s3Endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } } : {}),
    })
    return { sdk, client }
  }))

/** The deployment's photos bucket (PHOTOS_BUCKET). */
export function defaultPhotoStore(): PhotoStore {
  const Bucket = requireEnv('photosBucket').photosBucket
  return {
    async presignUpload({ key, contentType, purpose, maxBytes, expiresSeconds }) {
      const [{ client }, { createPresignedPost }] = await Promise.all([s3(), import('@aws-sdk/s3-presigned-post')])
      return createPresignedPost(client, {
        Bucket,
        Key: key,
        // Fields are signed as exact matches; the range keeps the file's size within the limit.
        Fields: { 'Content-Type': contentType, 'x-amz-meta-purpose': purpose },
        Conditions: [['content-length-range', 1, maxBytes]],
        Expires: expiresSeconds,
      })
    },
    async head(key) {
      const { client, sdk } = await s3()
      try {
        const out = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }))
        return { contentType: (out.ContentType ?? '').toLowerCase(), size: out.ContentLength ?? 0, purpose: out.Metadata?.purpose }
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } }
        if (e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return null
        throw err
      }
    },
    async viewUrl(key, expiresSeconds) {
      const [{ client, sdk }, { getSignedUrl }] = await Promise.all([s3(), import('@aws-sdk/s3-request-presigner')])
      return getSignedUrl(client, new sdk.GetObjectCommand({ Bucket, Key: key }), { expiresIn: expiresSeconds })
    },
  }
}
