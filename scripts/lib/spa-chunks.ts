/**
 * What a page of the built SPA loads before it renders (or, pre-rendered, to hydrate), from Vite's chunk graph
 * (web/dist/.vite/manifest.json): index.html's module script, the route's chunk and their static imports, their
 * CSS, and the classic theme script. Used by the bench and test/unit/spa-budget.test.ts.
 */
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export interface ManifestChunk {
  file: string
  src?: string
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
  isEntry?: boolean
  isDynamicEntry?: boolean
}

export type Manifest = Record<string, ManifestChunk>

export const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist')
export const manifestPath = (dist = WEB_DIST) => path.join(dist, '.vite/manifest.json')

export function readManifest(dist = WEB_DIST): Manifest {
  return JSON.parse(fs.readFileSync(manifestPath(dist), 'utf8')) as Manifest
}

/** Manifest keys a page loads before it runs: the roots and their static imports, transitively. */
export function staticClosureKeys(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`manifest has no chunk ${key}: did the module move?`)
    seen.add(key)
    for (const i of chunk.imports ?? []) visit(i)
  }
  roots.forEach(visit)
  return seen
}

/** The JS files of `roots` and their static imports (the chunks a page loads before it runs). */
export function staticClosure(manifest: Manifest, roots: string[]): string[] {
  return [...staticClosureKeys(manifest, roots)].map((k) => manifest[k].file)
}

/** The route modules router.tsx loads lazily (manifest keys such as src/app/routes/landing.tsx), in manifest order. */
export function routeEntries(manifest: Manifest): string[] {
  return (manifest['index.html']?.dynamicImports ?? []).filter((k) => k.startsWith('src/app/routes/'))
}

export interface InitialAssets {
  js: string[]
  css: string[]
  jsGzipBytes: number
  cssGzipBytes: number
}

/** The JS and CSS a first visit to the route downloads before it renders, gzipped (zlib's default level, as servers compress). */
export function initialAssets(manifest: Manifest, route: string, dist = WEB_DIST): InitialAssets {
  const keys = [...staticClosureKeys(manifest, ['index.html', route])]
  const js = keys.map((k) => manifest[k].file)
  if (fs.existsSync(path.join(dist, 'theme-init.js'))) js.push('theme-init.js')
  const css = [...new Set(keys.flatMap((k) => manifest[k].css ?? []))]
  const gz = (files: string[]) => files.reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(dist, f))).byteLength, 0)
  return { js, css, jsGzipBytes: gz(js), cssGzipBytes: gz(css) }
}
