/**
 * The site kit the web build writes (web/prerender/plugin.ts → dist/.site-kit/): renderer.mjs, the server render of
 * the public pages, and site.json, the shell and the pages. Publishing renders every page again with the shop's
 * identity (web/src/entry-server.tsx publishPages); the pages reference the build's assets, so a kit is published
 * only where its own build is served.
 */
import { cpSync, mkdtempSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ShopIdentity } from '@gs/shared/shop'

/**
 * The kit's names as web/prerender/page-document.ts writes them (the functions and the infra do not import the SPA;
 * test/integration/site-publisher.test.ts holds the two to each other).
 */
export const SITE_KIT_FOLDER = '.site-kit'
export const SITE_KIT_RENDERER = 'renderer.mjs'
export const SITE_KIT_MANIFEST = 'site.json'

interface SiteManifest {
  build: string
  shell: string
  pages: Array<{ path: string; file: string; preload: string[]; css: string[] }>
}

export interface PublishedPage {
  /** The page's path (`/`, `/login` …). */
  path: string
  /** Where the servers look for it: prerendered/index.html, prerendered/login/index.html … */
  file: string
  /** The whole document. */
  html: string
}

export interface SiteKit {
  /** The build the kit belongs to (a hash of its shell and renderer). */
  build: string
  /** The pages' paths. */
  paths: string[]
  render(shop: ShopIdentity): Promise<PublishedPage[]>
}

interface Renderer {
  publishPages(site: SiteManifest, shop: ShopIdentity): Promise<PublishedPage[]>
}

/** Builds imported so far, by renderer URL: Node keeps a module per URL, so another build of the same folder is imported from a copy. */
const imported = new Map<string, string>()

export class SiteKitMissing extends Error {
  constructor(dir: string) {
    super(`no site kit in ${dir} (${SITE_KIT_MANIFEST}): build the web app (npm run build:web)`)
    this.name = 'SiteKitMissing'
  }
}

export async function loadSiteKit(dir: string): Promise<SiteKit> {
  let site: SiteManifest
  try {
    site = JSON.parse(readFileSync(path.join(dir, SITE_KIT_MANIFEST), 'utf8')) as SiteManifest
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new SiteKitMissing(dir)
    throw err
  }
  if (!site?.build || typeof site.shell !== 'string' || !Array.isArray(site.pages)) throw new Error(`${path.join(dir, SITE_KIT_MANIFEST)} is not a site manifest`)
  let from = dir
  const url = pathToFileURL(path.join(dir, SITE_KIT_RENDERER)).href
  const seen = imported.get(url)
  if (seen === undefined) imported.set(url, site.build)
  else if (seen !== site.build) {
    // Rebuilt while this process runs (the local stack): the new renderer, with its chunks, from a folder of its own.
    from = mkdtempSync(path.join(os.tmpdir(), `gs-site-kit-${site.build}-`))
    cpSync(dir, from, { recursive: true })
  }
  // By its plain URL: the renderer's chunks import it so (a query would make a second module).
  const renderer = (await import(pathToFileURL(path.join(from, SITE_KIT_RENDERER)).href)) as Renderer
  if (typeof renderer.publishPages !== 'function') throw new Error(`${path.join(from, SITE_KIT_RENDERER)} exports no publishPages`)
  return {
    build: site.build,
    paths: site.pages.map((p) => p.path),
    render: (shop) => renderer.publishPages(site, shop),
  }
}
