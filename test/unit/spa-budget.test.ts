/**
 * The SPA budget: the landing page's initial JS ≤ 120 kB gzipped, with Amplify and Stripe code only in the chunks of
 * the routes that need them, read from the built SPA's chunk graph (docs/architecture.md, "What the quality suites
 * rely on").
 */
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SHOP } from '@gs/shared/shop'
import { initialAssets, manifestPath, readManifest, staticClosureKeys, WEB_DIST, type Manifest, type ManifestChunk } from '../../scripts/lib/spa-chunks.ts'

const LANDING_JS_BUDGET_GZIP_BYTES = 120 * 1000
const ENTRY = 'index.html'
const ROUTES_DIR = 'src/app/routes/'
const LANDING_ROUTE = `${ROUTES_DIR}landing.tsx`
/** Pages anyone can open: none of them may load Amplify or Stripe up front. */
const PUBLIC_ROUTES = [LANDING_ROUTE, `${ROUTES_DIR}shipping-policy.tsx`, `${ROUTES_DIR}auth/login.tsx`, `${ROUTES_DIR}auth/register.tsx`]
/** The only pages that may load Stripe (lazily, when the payments mode is Stripe): the card forms. */
const STRIPE_ROUTES = [`${ROUTES_DIR}app/order-payment.tsx`, `${ROUTES_DIR}app/batch-payment.tsx`]

// Code markers: strings the libraries' code carries after minification. ('stripe' alone would not
// do: it also names a payments mode in /config.json, which the app reads.)
const AMPLIFY_MARKERS = ['aws-amplify', '@aws-amplify', 'InitiateAuth', 'AWSCognitoIdentityProviderService']
const STRIPE_MARKERS = ['js.stripe.com', '@stripe/', 'loadStripe', 'Stripe.js']
/** react-query's useQueryClient error: present wherever react-query's hooks are. */
const REACT_QUERY_MARKERS = ['No QueryClient set, use QueryClientProvider to set one']

const built = fs.existsSync(manifestPath())

function chunkOf(manifest: Manifest, key: string): ManifestChunk {
  const chunk = manifest[key]
  if (!chunk) throw new Error(`manifest has no chunk ${key}: did the module move? Update this test`)
  return chunk
}

/**
 * Manifest keys a route can ever load: static and dynamic imports, transitively. The entry is
 * already loaded when a route runs, so its own lazy imports (every other route) do not count.
 */
function reachableFromRoute(manifest: Manifest, route: string): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || key === ENTRY) return
    seen.add(key)
    const chunk = chunkOf(manifest, key)
    for (const i of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(i)
  }
  visit(route)
  return seen
}

describe.skipIf(!built)('the landing page JS budget (web/dist)', () => {
  const manifest: Manifest = built ? readManifest() : {}
  const read = (f: string) => fs.readFileSync(path.join(WEB_DIST, f))
  const contains = (key: string, markers: string[]) => {
    const text = read(chunkOf(manifest, key).file).toString('utf8')
    return markers.filter((m) => text.includes(m))
  }
  const landingKeys = built ? [...staticClosureKeys(manifest, [ENTRY, LANDING_ROUTE])] : []
  const landingFiles = built ? initialAssets(manifest, LANDING_ROUTE).js : []
  const keysWith = (markers: string[]) => Object.keys(manifest).filter((k) => contains(k, markers).length > 0)
  const routeKeys = Object.keys(manifest).filter((k) => k.startsWith(ROUTES_DIR))

  it('the landing route is a lazy chunk of its own, and the routes this test names exist', () => {
    for (const route of [...PUBLIC_ROUTES, ...STRIPE_ROUTES]) {
      expect(manifest[route], `${route} is not in the manifest: did the route move? Update this test`).toBeDefined()
    }
    expect(manifest[ENTRY].isEntry).toBe(true)
    expect(manifest[ENTRY].dynamicImports ?? []).toContain(LANDING_ROUTE)
  })

  it(`initial JS ≤ ${LANDING_JS_BUDGET_GZIP_BYTES / 1000} kB gzipped (measured with zlib's default level, as servers compress)`, () => {
    const sizes = landingFiles.map((f) => ({ f, gz: gzipSync(read(f)).byteLength }))
    const total = sizes.reduce((s, x) => s + x.gz, 0)
    const detail = sizes
      .sort((a, b) => b.gz - a.gz)
      .map((x) => `${x.f} ${(x.gz / 1000).toFixed(1)} kB`)
      .join(', ')
    console.info(`landing page initial JS: ${(total / 1000).toFixed(1)} kB gzipped (${detail})`)
    expect(total, detail).toBeLessThanOrEqual(LANDING_JS_BUDGET_GZIP_BYTES)
  })

  it('no chunk the landing page loads carries Amplify, Stripe or react-query code', () => {
    for (const key of landingKeys) {
      expect(contains(key, AMPLIFY_MARKERS), `${manifest[key].file} (${key}) carries Amplify`).toEqual([])
      expect(contains(key, STRIPE_MARKERS), `${manifest[key].file} (${key}) carries Stripe`).toEqual([])
      // react-query is for signed-in pages: it comes with them (app/query-provider.tsx).
      expect(contains(key, REACT_QUERY_MARKERS), `${manifest[key].file} (${key}) carries react-query`).toEqual([])
    }
  })

  it('Amplify is a lazy chunk of its own, loaded on the auth client\'s first use, never up front', () => {
    const amplify = keysWith(AMPLIFY_MARKERS)
    expect(amplify.length, 'no chunk carries Amplify: have the markers changed?').toBeGreaterThan(0)
    for (const key of amplify) {
      expect(manifest[key].isDynamicEntry, `${key} is not loaded lazily`).toBe(true)
      // Loaded by the entry's auth client (sign-in, registration, a stored session), not by a route.
      expect(manifest[ENTRY].dynamicImports ?? [], `${key} is not the auth client's lazy import`).toContain(key)
      for (const [importer, chunk] of Object.entries(manifest)) {
        expect(chunk.imports ?? [], `${importer} imports Amplify (${key}) statically`).not.toContain(key)
      }
      for (const route of routeKeys) {
        expect(reachableFromRoute(manifest, route).has(key), `${route} loads Amplify (${key}) itself`).toBe(false)
      }
    }
  })

  it('Stripe is only in lazy chunks of the payment pages', () => {
    const stripe = keysWith(STRIPE_MARKERS)
    expect(stripe.length, 'no chunk carries Stripe: have the markers changed?').toBeGreaterThan(0)
    for (const key of stripe) {
      expect(manifest[ENTRY].dynamicImports ?? [], `the entry loads Stripe (${key})`).not.toContain(key)
      for (const route of routeKeys) {
        // Even the payment pages load it only when the payments mode is Stripe.
        expect(staticClosureKeys(manifest, [route]).has(key), `${route} loads Stripe (${key}) up front`).toBe(false)
        if (!STRIPE_ROUTES.includes(route)) {
          expect(reachableFromRoute(manifest, route).has(key), `${route} can load Stripe (${key})`).toBe(false)
        }
      }
    }
    for (const route of STRIPE_ROUTES) {
      const reachable = reachableFromRoute(manifest, route)
      expect(stripe.some((key) => reachable.has(key)), `${route} cannot load Stripe: where is the card form?`).toBe(true)
    }
  })
})

/**
 * The public pages are pre-rendered (web/prerender/plugin.ts) into dist/prerendered/<path>/index.html, each
 * with its content in #root, no inline script (the CSP allows none) and a modulepreload for each chunk of its route
 * that index.html does not already load, so hydration waits for no further round trip.
 */
const PRERENDERED: Array<{ path: string; route: string; heading: string }> = [
  { path: '/', route: LANDING_ROUTE, heading: 'Track Your Firearm Repair With Confidence' },
  { path: '/shipping-policy', route: `${ROUTES_DIR}shipping-policy.tsx`, heading: 'Shipping Policy' },
  { path: '/login', route: `${ROUTES_DIR}auth/login.tsx`, heading: 'Sign In' },
  { path: '/register', route: `${ROUTES_DIR}auth/register.tsx`, heading: 'Create Account' },
  { path: '/forgot-password', route: `${ROUTES_DIR}auth/forgot-password.tsx`, heading: 'Reset Your Password' },
]

/** The staff dashboard's JS before it renders: the order editor's content and the new-order form load when opened. */
const ADMIN_DASHBOARD_JS_BUDGET_GZIP_BYTES = 165 * 1000
const ADMIN_DASHBOARD_ROUTE = `${ROUTES_DIR}admin/dashboard.tsx`

describe.skipIf(!built)('pre-rendered public pages and the staff dashboard (web/dist)', () => {
  const manifest: Manifest = built ? readManifest() : {}
  const shell = built ? fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8') : ''

  it.each(PRERENDERED)('$path: its HTML, no inline script, its route chunks preloaded', ({ path: page, route, heading }) => {
    const file = path.join(WEB_DIST, 'prerendered', page === '/' ? '' : page, 'index.html')
    expect(fs.existsSync(file), `${file} is missing: is the prerender plugin in web/vite.config.ts?`).toBe(true)
    const html = fs.readFileSync(file, 'utf8')
    // With the identity it was rendered with: the build's defaults, or the shop's own once a local stack published them.
    const root = /<div id="root" data-prerendered="([^"]*)" data-shop="([^"]*)">/.exec(html)
    expect(root?.[1]).toBe(page)
    const shop = JSON.parse(root![2].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')) as Record<string, unknown>
    expect(Object.keys(shop).sort()).toEqual(Object.keys(DEFAULT_SHOP).sort())
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`))
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([])
    const entry = staticClosureKeys(manifest, [ENTRY])
    const own = [...staticClosureKeys(manifest, [route])].filter((k) => !entry.has(k)).map((k) => manifest[k].file)
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1])
    for (const file of own) expect(preloaded, `${page} does not preload ${file}`).toContain(file)
    // Nothing else: above all not Amplify (the login form loads it when the visitor starts typing).
    expect(preloaded.filter((f) => !own.includes(f) && !shell.includes(f))).toEqual([])
  })

  it('the plain shell (every other client route) has an empty #root', () => {
    expect(shell).toContain('<div id="root"></div>')
  })

  it(`the staff dashboard's initial JS ≤ ${ADMIN_DASHBOARD_JS_BUDGET_GZIP_BYTES / 1000} kB gzipped, without the order editor`, () => {
    const assets = initialAssets(manifest, ADMIN_DASHBOARD_ROUTE)
    console.info(`staff dashboard initial JS: ${(assets.jsGzipBytes / 1000).toFixed(1)} kB gzipped`)
    expect(assets.jsGzipBytes).toBeLessThanOrEqual(ADMIN_DASHBOARD_JS_BUDGET_GZIP_BYTES)
    const keys = staticClosureKeys(manifest, [ENTRY, ADMIN_DASHBOARD_ROUTE])
    for (const lazy of ['src/features/admin-orders/components/edit-order-body.tsx', 'src/features/admin-orders/components/create-order-form.tsx']) {
      expect(manifest[lazy]?.isDynamicEntry, `${lazy} is not a lazy chunk`).toBe(true)
      expect(keys.has(lazy), `${lazy} loads with the staff dashboard`).toBe(false)
    }
  })
})

describe.runIf(!built)('the landing page JS budget', () => {
  it.skip('needs web/dist: run `npm run build:web` (npm test builds it first)', () => {})
})
