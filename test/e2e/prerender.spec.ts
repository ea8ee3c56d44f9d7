/**
 * The public pages arrive pre-rendered (web/prerender/plugin.ts) and React hydrates them (web/src/main.tsx):
 * content in the HTML before any script, no hydration error, working links after, no layout shift when the
 * signed-in header replaces the neutral one, and no light flash in dark mode.
 */
import { expect, test, type Page } from '@playwright/test'
import { SHOTS, signIn } from './steps.ts'

const PAGES = [
  { path: '/', heading: 'Track Your Firearm Repair With Confidence' },
  { path: '/shipping-policy', heading: 'Shipping Policy' },
  { path: '/login', heading: 'Sign In' },
  { path: '/register', heading: 'Create Account' },
  { path: '/forgot-password', heading: 'Reset Your Password' },
]

/** Console errors and uncaught exceptions of the page (React reports a hydration mismatch there). */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(e.message))
  return errors
}

/**
 * Records, from the very start of the document, the first <h1> the parser creates, and every layout shift: after
 * hydration the same <h1> must still be there (hydrated, not re-rendered) and the shifts must add up to 0.
 */
async function watchFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __firstH1: Element | null; __shifts: number[] }
    w.__firstH1 = null
    w.__shifts = []
    new MutationObserver((_, observer) => {
      const h1 = document.querySelector('h1')
      if (h1) {
        w.__firstH1 = h1
        observer.disconnect()
      }
    }).observe(document, { childList: true, subtree: true })
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) w.__shifts.push(e.value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** Hydrated: React has attached to #root (hydrateRoot marks the container) and the first render has settled. */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root')
    return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'))
  })
  // The post-hydration render (the session, the browser's theme and shop): two frames later it has painted.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
}

test('the public pages arrive with their content in the HTML; other routes get the plain shell', async ({ request }) => {
  for (const { path, heading } of PAGES) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(200)
    expect(res.headers()['cache-control'], path).toBe('no-cache')
    const html = await res.text()
    expect(html, path).toContain(`data-prerendered="${path}"`)
    expect(html, path).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`))
    // No inline script (the CSP allows none): the theme script and the modules are files.
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [], path).toEqual([])
    expect(html, path).toMatch(/<link rel="modulepreload"[^>]+\/assets\//)
  }
  for (const path of ['/dashboard', '/admin', '/orders/abc', '/no-such-page']) {
    const html = await (await request.get(path)).text()
    expect(html, path).toContain('<div id="root"></div>')
  }
})

for (const { path, heading } of PAGES) {
  test(`${path} hydrates without a React error, keeping the pre-rendered nodes and layout`, async ({ page }) => {
    const errors = collectErrors(page)
    await watchFirstPaint(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(path)
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { __firstH1: Element | null }).__firstH1 === document.querySelector('h1'))).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([])
    expect(errors).toEqual([])
  })
}

test('links work after hydration (client-side navigation, no reload)', async ({ page }) => {
  const errors = collectErrors(page)
  await page.goto('/')
  await waitForHydration(page)
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))
  await page.getByRole('contentinfo').getByRole('link', { name: 'Shipping Policy' }).click()
  await expect(page).toHaveURL(/\/shipping-policy$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping Policy' })).toBeVisible()
  await page.getByRole('banner').getByRole('link').first().click()
  await expect(page).toHaveURL(/\/$/)
  await page.getByRole('link', { name: 'Track Your Order Now' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
  // The form works once hydrated: an empty submit shows the form's own errors (no native submission).
  await page.locator('main').getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText(/email/i).first()).toBeVisible()
  expect(errors).toEqual([])
})

test('a signed-in customer opening / gets the signed-in header, with no layout shift', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page, 'customer@example.com', 'CustomerPass123!')
  const errors = collectErrors(page)
  await watchFirstPaint(page)
  await page.goto('/')
  await waitForHydration(page)
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: 'Track Your Firearm Repair With Confidence' })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([])
  await page.screenshot({ path: `${SHOTS}/prerender-signed-in-home-1280.png` })

  // On a phone the bell joins the menu button; nothing that was there moves either.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.getByRole('banner').getByRole('link', { name: /^Notifications/ })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([])
  await page.screenshot({ path: `${SHOTS}/prerender-signed-in-home-390.png` })
  expect(errors).toEqual([])
})

test('dark mode: the pre-rendered page paints dark before any module runs, and hydration changes nothing visible', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/login')
  await page.evaluate(() => localStorage.setItem('theme', 'dark'))

  // What the browser paints before the app's JavaScript: block the modules (theme-init.js, a classic script, runs).
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Track Your Firearm Repair With Confidence' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
  expect(await bodyLightness(page)).toBeLessThan(0.3)
  const before = await page.screenshot({ path: `${SHOTS}/prerender-dark-home-390-before-js.png` })

  await page.unroute('**/assets/*.js')
  const errors = collectErrors(page)
  await page.goto('/')
  await waitForHydration(page)
  const after = await page.screenshot({ path: `${SHOTS}/prerender-dark-home-390-hydrated.png` })
  expect(errors).toEqual([])
  // Pixel for pixel the same page: no flash of the light theme, nothing moved.
  expect(after.equals(before)).toBe(true)
})

/** The lightness (0–1) of the page background as the browser computes it (Tailwind's colors are oklch). */
async function bodyLightness(page: Page): Promise<number> {
  const color = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
  const oklch = /^oklch\(([\d.]+)(%?)/.exec(color)
  if (oklch) return Number(oklch[1]) / (oklch[2] ? 100 : 1)
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color)
  if (!rgb) throw new Error(`unexpected background color ${color}`)
  return (0.2126 * Number(rgb[1]) + 0.7152 * Number(rgb[2]) + 0.0722 * Number(rgb[3])) / 255
}
