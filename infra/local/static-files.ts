import { createReadStream, existsSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'

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
  const isFile = isRegularFile(file)
  const lastSegment = rel.split('/').pop() ?? ''
  if (!isFile) {
    if (lastSegment.includes('.')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...securityHeaders })
      res.end('Not found')
      return
    }
    file = path.join(webDir, 'index.html')
    if (!existsSync(file)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
      res.end('The SPA is not built: run npm run build:web')
      return
    }
  }
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream'
  const immutable = rel.startsWith('/assets/')
  res.writeHead(200, {
    'content-type': type,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...securityHeaders,
  })
  if (req.method === 'HEAD') return res.end()
  // The SPA may be rebuilt while the stack runs (Vite empties dist/): a vanished file ends this response, not the process.
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res)
}

function isRegularFile(file: string) {
  try {
    return statSync(file).isFile()
  } catch {
    return false
  }
}
