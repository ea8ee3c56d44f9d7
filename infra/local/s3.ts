import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { LocalStackError } from './errors.ts'
import { freePort, waitForPort } from './ports.ts'

const require = createRequire(import.meta.url)

/** s3rver's one account (it checks the access key id, not V4 signatures: --allow-mismatched-signatures). */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const

export interface LocalS3 {
  /** Where the functions and the browser reach it (path-style: `<endpoint>/<bucket>/<key>`). */
  endpoint: string
  port: number
  /** Lets the portal's page (its origin) POST uploads to the bucket and read its objects, as the CDK's CORS rule does. */
  allowOrigin(bucket: string, origin: string): Promise<void>
  stop(): Promise<void>
}

/**
 * s3rver (an S3-compatible server, npm) as a child process on loopback only, with `buckets` created at start. With
 * `dataDir` the objects are kept there across restarts; without, in a temp folder removed at stop. Port 0 or absent:
 * a free one.
 */
export async function startLocalS3({ port, dataDir, buckets }: { port?: number; dataDir?: string; buckets: string[] }): Promise<LocalS3> {
  const bin = require.resolve('s3rver/bin/s3rver.js')
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'gs-s3-'))
  mkdirSync(dir, { recursive: true })
  const p = port || (await freePort())
  const args = [bin, '--directory', dir, '--address', '127.0.0.1', '--port', String(p), '--silent', '--allow-mismatched-signatures', '--no-vhost-buckets']
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (d) => (stderr += d))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const cleanup = () => {
    if (!dataDir) rmSync(dir, { recursive: true, force: true })
  }
  const endpoint = `http://127.0.0.1:${p}`
  try {
    await Promise.race([
      waitForPort(p, 30_000, 'the local S3 server (s3rver)'),
      exited.then(() => {
        throw new LocalStackError(`s3rver exited at start: ${stderr.trim().split('\n').slice(-3).join(' ') || 'no output'}`)
      }),
    ])
  } catch (err) {
    child.kill('SIGKILL')
    await exited
    cleanup()
    throw err
  }
  const client = async () => {
    const { S3Client } = await import('@aws-sdk/client-s3')
    return new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: LOCAL_S3_CREDENTIALS })
  }
  const stop = async () => {
    if (child.exitCode === null && !child.signalCode) {
      child.kill('SIGTERM')
      const t = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exited
      clearTimeout(t)
    }
    cleanup()
  }
  try {
    const { CreateBucketCommand } = await import('@aws-sdk/client-s3')
    const s3 = await client()
    for (const Bucket of buckets) {
      await s3.send(new CreateBucketCommand({ Bucket })).catch((err: { name?: string }) => {
        // A data folder from an earlier start has it already.
        if (err.name !== 'BucketAlreadyExists' && err.name !== 'BucketAlreadyOwnedByYou') throw err
      })
    }
  } catch (err) {
    await stop()
    throw err
  }
  return {
    endpoint,
    port: p,
    async allowOrigin(bucket, origin) {
      const { PutBucketCorsCommand } = await import('@aws-sdk/client-s3')
      await (await client()).send(
        new PutBucketCorsCommand({
          Bucket: bucket,
          CORSConfiguration: { CORSRules: [{ AllowedOrigins: [origin], AllowedMethods: ['POST', 'PUT', 'GET'], AllowedHeaders: ['*'], MaxAgeSeconds: 3000 }] },
        }),
      )
    },
    stop,
  }
}
