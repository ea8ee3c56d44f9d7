import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { SITE_KIT_FOLDER } from '../../functions/site/site-kit.ts'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
}

/** Serves the built SPA like the S3 behaviour in CloudFront: files as they are, index.html for client routes. */
export function serveStatic(webDir: string, req: IncomingMessage, res: ServerResponse, securityHeaders: Record<string, string>) {
  const url = new URL(req.url ?? '/', 'http://local')
  let rel: string
  try {
    rel = decodeURIComponent(url.pathname)
  } catch {
    rel = '/'
  }
  let file = path.normalize(path.join(webDir, rel))
  if (!file.startsWith(webDir)) file = path.join(webDir, 'index.html')
  // The site kit (the server render the publisher runs) is not part of the site: the deployment leaves it out too.
  if (path.relative(webDir, file).split(path.sep)[0] === SITE_KIT_FOLDER) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...securityHeaders })
    res.end('Not found')
    return
  }
  const isFile = isRegularFile(file)
  const lastSegment = rel.split('/').pop() ?? ''
  if (!isFile) {
    if (lastSegment.includes('.')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...securityHeaders })
      res.end('Not found')
      return
    }
    // A pre-rendered public page has its own file (web/prerender/plugin.ts); every other client route gets the shell.
    const page = prerenderedFile(rel)
    file = page && isRegularFile(path.join(webDir, page)) ? path.join(webDir, page) : path.join(webDir, 'index.html')
    if (!existsSync(file)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
      res.end('The SPA is not built: run npm run build:web')
      return
    }
  }
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream'
  const immutable = rel.startsWith('/assets/')
  const headers = {
    'content-type': type,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...securityHeaders,
  }
  // CloudFront compresses text files for browsers that accept it (the S3 behaviour's cache policy, CACHING_OPTIMIZED);
  // so does this server, or a page measured here (Lighthouse, the bench) would download several times the bytes.
  const encoding = COMPRESSIBLE.test(type) ? acceptedEncoding(req.headers['accept-encoding']) : null
  const body = encoding ? compressed(file, encoding) : null
  if (encoding && body) {
    res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': body.byteLength, vary: 'accept-encoding' })
    return res.end(req.method === 'HEAD' ? undefined : body)
  }
  res.writeHead(200, headers)
  if (req.method === 'HEAD') return res.end()
  // The SPA may be rebuilt while the stack runs (Vite empties dist/): a vanished file ends this response, not the process.
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res)
}

/**
 * Where the build puts a client route's pre-rendered page, if it has one: `/` → prerendered/index.html,
 * `/login` (or `/login/`) → prerendered/login/index.html (web/prerender/plugin.ts `prerenderedFile`; the CloudFront
 * function in infra/stacks/web-stack.ts applies the same rule to the files the build produced).
 */
export function prerenderedFile(routePath: string): string | null {
  const route = routePath.length > 1 ? routePath.replace(/\/+$/, '') : routePath
  if (!route.startsWith('/') || route.includes('.') || route.includes('//')) return null
  return `prerendered${route === '/' ? '' : route}/index.html`
}

const COMPRESSIBLE = /^(text\/|application\/json|image\/svg)/
/** Below this CloudFront does not compress either. */
const MIN_COMPRESS_BYTES = 1000

type Encoding = 'br' | 'gzip'

function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const offered = (Array.isArray(header) ? header.join(',') : header ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name.trim().toLowerCase())
  if (offered.includes('br')) return 'br'
  if (offered.includes('gzip')) return 'gzip'
  return null
}

/** Compressed once per file version (path, size, mtime): the built files do not change between requests. */
const compressedCache = new Map<string, { key: string; body: Buffer | null }>()

function compressed(file: string, encoding: Encoding): Buffer | null {
  try {
    const st = statSync(file)
    const key = `${st.size}:${st.mtimeMs}`
    const cacheKey = `${encoding}:${file}`
    const hit = compressedCache.get(cacheKey)
    if (hit?.key === key) return hit.body
    const raw = readFileSync(file)
    const body =
      raw.byteLength < MIN_COMPRESS_BYTES
        ? null
        : encoding === 'br'
          ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.byteLength } })
          : gzipSync(raw)
    compressedCache.set(cacheKey, { key, body })
    return body
  } catch {
    // Vanished meanwhile (a rebuild): served as it is, which ends the response like any other read error.
    return null
  }
}

function isRegularFile(file: string) {
  try {
    return statSync(file).isFile()
  } catch {
    return false
  }
}
