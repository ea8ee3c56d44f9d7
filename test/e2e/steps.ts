import { mkdirSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page } from '@playwright/test'
import { LOCAL_ADMIN_TOTP_SECRET, totpCode } from '../../infra/local/totp.ts'

/** Where the journeys' screenshots go (E2E_SHOTS_DIR to keep them apart). */
export const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots'

/**
 * Signs in at /login. A customer the shop created has a temporary password: the page then asks them to
 * choose their own, and here they choose the same one again (the accounts journey chooses a new one).
 * Staff are asked for their authenticator's code: the seeded admin's local key unless `totpSecret` is given.
 */
export async function signIn(page: Page, email: string, password: string, { totpSecret }: { totpSecret?: string } = {}) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.locator('main').getByRole('button', { name: 'Sign In' }).click()
  const choose = page.getByRole('heading', { name: 'Choose Your Password' })
  const code = page.getByRole('heading', { name: 'Two-Step Sign-In' })
  await expect(choose.or(code).or(page.getByRole('heading', { level: 1, name: 'My Orders' }))).toBeVisible()
  if (await choose.isVisible()) {
    await page.getByLabel('New Password', { exact: true }).fill(password)
    await page.getByLabel('Confirm New Password').fill(password)
    await page.getByRole('button', { name: 'Set Password and Sign In' }).click()
  } else if (await code.isVisible()) {
    await page.getByLabel('Authentication code').fill(totpCode(totpSecret ?? LOCAL_ADMIN_TOTP_SECRET))
    await page.getByRole('button', { name: 'Verify' }).click()
  }
  await expect(page).toHaveURL(/\/dashboard$/)
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).first().click()
  await expect(page).toHaveURL(/\/login$/)
}

/** Fills the admin "Create New Order" form: picks the customer found by `search`, then the firearm and the service. */
export async function fillNewOrder(
  form: Locator,
  o: { search: string; customer: RegExp; email?: string; make: string; model: string; serial: string; caliber?: string; description: string; estimate: string },
) {
  await form.getByLabel('Customer').fill(o.search)
  await form.getByRole('list', { name: 'Matching customers' }).getByRole('button', { name: o.customer }).click()
  await expect(form.getByTestId('selected-customer')).toContainText(o.email ?? '')
  await form.getByLabel('Firearm Make').fill(o.make)
  await form.getByLabel('Firearm Model').fill(o.model)
  await form.getByLabel('Serial Number').fill(o.serial)
  if (o.caliber) await form.getByLabel('Caliber').fill(o.caliber)
  await form.getByLabel('Service Type').selectOption('Repair')
  await form.getByLabel('Description').fill(o.description)
  await form.getByLabel('Estimated Cost ($)').fill(o.estimate)
  await form.getByRole('button', { name: 'Create Order' }).click()
}

/** From the customer's dashboard to the order's detail page (expanding its card first when it is collapsed). */
export async function openOrderFromDashboard(page: Page, title: string) {
  const card = page.getByRole('article', { name: title })
  await expect(card).toBeVisible()
  const toggle = card.getByRole('button', { expanded: false })
  if (await toggle.count()) await toggle.first().click()
  await card.getByRole('link', { name: 'View full order details' }).click()
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible()
}

export interface SeededOrder {
  id: string
  make: string
  model: string
}

/** A call to the API as the user signed in on the page (its access token), as the SPA makes it; throws on a refusal. */
export function signedInApi(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'))!
      const r = await fetch(path, { method, headers: { Authorization: `Bearer ${localStorage.getItem(key)}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
      if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`)
      return r.json()
    },
    { method, path, body },
  )
}

/**
 * Receive Firearm through the staff API, as the signed-in admin (the shop records the intake before any status that
 * says the firearm is in the shop: docs/business-rules.md, "The A&D book"): the order read for its version and its
 * firearm, received today from its customer. Returns the order as answered.
 */
export async function receiveThroughApi(page: Page, orderId: string) {
  const order = await signedInApi(page, 'GET', `/api/admin/orders/${orderId}`)
  return signedInApi(page, 'POST', `/api/admin/orders/${orderId}/receive`, intakeOf(order))
}

/** The body of Receive Firearm for an order as the API answers it: today, from its customer, its firearm as described. */
const intakeOf = (order: { version: number; firearmMake: string; firearmModel: string; serialNumber: string; firearmCaliber: string | null }) => ({
  version: order.version,
  receivedOn: new Date().toISOString().slice(0, 10),
  from: 'customer',
  fromAddress: { line1: '500 Depot St', city: 'Austin', state: 'TX', postalCode: '78701' },
  firearmType: 'pistol',
  firearmMake: order.firearmMake,
  firearmModel: order.firearmModel,
  serialNumber: order.serialNumber,
  firearmCaliber: order.firearmCaliber || '9mm',
})

/**
 * A customer of the spec's own, with orders, made through the staff API as the admin (so the
 * seeded demo data other spec files read is left alone). Leaves the browser signed out.
 */
export async function seedCustomerWithOrders(
  page: Page,
  customer: { email: string; password: string; firstName: string; lastName: string },
  orders: Array<{ make: string; model: string; estimatedCostCents: number; currentStatus?: string }>,
): Promise<SeededOrder[]> {
  await signIn(page, 'admin@example.com', 'AdminPass123!')
  const created = await page.evaluate(
    async ({ customer, orders, receive }) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'))!
      const headers = { Authorization: `Bearer ${localStorage.getItem(key)}`, 'Content-Type': 'application/json' }
      const send = async (method: string, path: string, body: unknown) => {
        const r = await fetch(path, { method, headers, body: JSON.stringify(body) })
        if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`)
        return r.json()
      }
      const profile = await send('POST', '/api/admin/customers', customer)
      const out = []
      for (const o of orders) {
        let order = await send('POST', '/api/admin/orders', { customerId: profile.id, firearmMake: o.make, firearmModel: o.model, serialNumber: `E2E-${crypto.randomUUID().slice(0, 8)}`, serviceType: 'Repair', description: 'Trigger job', estimatedCostCents: o.estimatedCostCents })
        // A status of the work needs the firearm received first (its intake and A&D entry).
        if (o.currentStatus && o.currentStatus !== 'order_created') order = await send('POST', `/api/admin/orders/${order.id}/receive`, { ...receive, version: order.version, firearmMake: o.make, firearmModel: o.model, serialNumber: order.serialNumber })
        if (o.currentStatus && o.currentStatus !== order.currentStatus) await send('PATCH', `/api/admin/orders/${order.id}`, { version: order.version, currentStatus: o.currentStatus })
        out.push({ id: order.id as string, make: o.make, model: o.model })
      }
      return out
    },
    { customer, orders, receive: intakeOf({ version: 1, firearmMake: '', firearmModel: '', serialNumber: '', firearmCaliber: null }) },
  )
  await signOut(page)
  return created
}

/** Elements of `scope` that reach past the right edge of the window (text that does not wrap, a table too wide). */
export async function overflowing(scope: Locator) {
  return scope.evaluate((root) => {
    const width = document.documentElement.clientWidth
    return Array.from(root.querySelectorAll<HTMLElement>('*'))
      .filter((el) => {
        const r = el.getBoundingClientRect()
        // Screen-reader-only content is clipped to 1px; it never shows.
        const srOnly = el.closest('.sr-only')
        if (srOnly && getComputedStyle(srOnly).position === 'absolute') return false
        return r.width > 1 && r.right > width + 0.5
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.slice(0, 40)}`)
  })
}

/**
 * Screenshots of `target` at phone width (390 px) in the light and the dark theme, tall enough
 * that the modal shows all of it, and a check that nothing in it reaches past 390 px.
 */
export async function shoot(page: Page, target: () => Locator, name: string, dir = SHOTS) {
  mkdirSync(dir, { recursive: true })
  const viewport = page.viewportSize()
  await page.setViewportSize({ width: 390, height: 2600 })
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*(^|\s)dark(\s|$))/)
    await target().scrollIntoViewIfNeeded()
    expect(await overflowing(target()), `${name} at 390 px (${scheme})`).toEqual([])
    await target().screenshot({ path: `${dir}/${name}-390-${scheme}.png`, animations: 'disabled' })
  }
  await page.emulateMedia({ colorScheme: 'light' })
  if (viewport) await page.setViewportSize(viewport)
}

/** The page itself never scrolls sideways (a wide table may scroll inside its own box). */
export async function pageFits(page: Page, name: string) {
  const extra = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(extra, `${name}: the page is wider than the window`).toBeLessThanOrEqual(0)
}

/** A screen whose table scrolls inside its box at 390 px: the page does not widen; screenshots light and dark. */
export async function shootScrolling(page: Page, target: Locator, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  const viewport = page.viewportSize()
  await page.setViewportSize({ width: 390, height: 1600 })
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await pageFits(page, `${name} (${scheme})`)
    await target.screenshot({ path: `${SHOTS}/${name}-390-${scheme}.png`, animations: 'disabled' })
  }
  await page.emulateMedia({ colorScheme: 'light' })
  if (viewport) await page.setViewportSize(viewport)
}

/** A printed sheet at phone width and on a letter page (710 px printable): nothing sideways; screenshots. */
export async function shootPrinted(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  const viewport = page.viewportSize()
  for (const width of [390, 710]) {
    await page.setViewportSize({ width, height: 1200 })
    await page.emulateMedia({ media: 'print', colorScheme: 'light' })
    await pageFits(page, `${name} printed at ${width} px`)
    await page.screenshot({ path: `${SHOTS}/${name}-print-${width}.png`, fullPage: true, animations: 'disabled' })
  }
  await page.emulateMedia({ media: 'screen', colorScheme: 'light' })
  if (viewport) await page.setViewportSize(viewport)
}

/** The page at 390 px, light and dark: it does not widen (pageFits); screenshots of the page, or of `target` when given. */
export async function shootAt390(page: Page, name: string, target?: () => Locator) {
  mkdirSync(SHOTS, { recursive: true })
  const viewport = page.viewportSize()
  await page.setViewportSize({ width: 390, height: 1400 })
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await pageFits(page, `${name} (${scheme})`)
    const path = `${SHOTS}/${name}-390-${scheme}.png`
    if (target) await target().screenshot({ path, animations: 'disabled' })
    else await page.screenshot({ path, fullPage: true, animations: 'disabled' })
  }
  await page.emulateMedia({ colorScheme: 'light' })
  if (viewport) await page.setViewportSize(viewport)
}

/** axe's default rules (as accessibility.spec.ts) on `include` (the page by default), light and dark: no violation. */
export async function axeBothSchemes(page: Page, name: string, include?: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*(^|\s)dark(\s|$))/)
    const builder = new AxeBuilder({ page })
    const { violations } = await (include ? builder.include(include) : builder).analyze()
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `${name} (${scheme})`).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}
