import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { signIn as signInAs } from './steps.ts'
import { UNENROLLED_STAFF } from './delivery-ports.ts'

// Accessibility: axe with its default rules (WCAG 2.0/2.1 A and AA plus best practices: no tag filter)
// on every page of both portals, in the light and the dark theme, signed in as the role that
// uses the page; modals move focus in, trap Tab, close on Escape and give focus back; every
// form control has an accessible name.
// The data is the local stack's seed (infra/local/demo-data.ts), as this file runs first on the
// fresh stack (files run in name order). Nothing here changes it, so the other spec files sharing
// the stack see what they expect.

type Theme = 'light' | 'dark'
type SignedInRole = 'customer' | 'admin' | 'unenrolledStaff'
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

const USERS: Record<SignedInRole, { email: string; password: string }> = {
  customer: { email: 'customer@example.com', password: 'CustomerPass123!' },
  admin: { email: 'admin@example.com', password: 'AdminPass123!' },
  unenrolledStaff: UNENROLLED_STAFF,
}

/** Ids of seeded orders in the states the customer pages show differently. */
interface OrderIds {
  pendingApproval: string
  withParts: string
  shippedPaid: string
  justCreated: string
  owing: string[]
}

/**
 * One state of the app to check. With a url the page is loaded first; without one the state is
 * reached from the previous one (after its dialog, if any, was closed with Escape).
 * `ready` waits for the content and may return a CSS selector to limit axe to the part that
 * changed (a dialog, a tab panel): the page around it was checked by the state before.
 */
interface Visit {
  name: string
  url?: string | ((ids: OrderIds) => string)
  ready: (page: Page, ids?: OrderIds) => Promise<string | void>
  /** Check that every form control in view has an accessible name. */
  form?: boolean
  /**
   * The order API's answer changed for this visit, for states the seed has not got and that only
   * a change of data would bring (which the other spec files would then see).
   */
  orderAs?: { id: (ids: OrderIds) => string; change: (order: ApiOrder) => ApiOrder }
}

/** The order as the API answers it, as far as these visits change it. */
type ApiOrder = { approvalRequests: Array<Record<string, unknown>> } & Record<string, unknown>

/**
 * The order with its latest approval request in `status` (and the approval fields, which the API
 * derives from that request, to match).
 */
const requestAs =
  (status: 'pending' | 'approved' | 'rejected', extra: { decidedAt?: string; rejectionReason?: string } = {}) =>
  (order: ApiOrder): ApiOrder => {
    const requests = order.approvalRequests
    const last = { ...requests[requests.length - 1], status, decidedAt: extra.decidedAt ?? null, rejectionReason: extra.rejectionReason ?? null }
    return {
      ...order,
      approvalRequests: [...requests.slice(0, -1), last],
      additionalCostApprovalStatus: status,
      additionalCostApprovalDate: extra.decidedAt ?? null,
      additionalCostRejectionReason: extra.rejectionReason ?? null,
    }
  }

const h1 = (page: Page, name: string | RegExp) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

async function openDialog(page: Page, opener: Locator, name: string | RegExp): Promise<string> {
  await opener.click()
  await expect(page.getByRole('dialog', { name })).toBeVisible()
  await expect(page.getByRole('dialog').getByRole('status', { name: 'Loading' })).toHaveCount(0)
  return '[role="dialog"]'
}

const activeOrder = (page: Page, model: string) =>
  page.getByRole('list', { name: 'Active orders' }).getByRole('listitem').filter({ hasText: model }).first()

/** The header's menu on a phone-sized screen; last in a list, as the page stays that size. */
const mobileMenu = (url: string): Visit => ({
  name: 'mobile menu open',
  url,
  ready: async (p) => {
    await p.setViewportSize({ width: 390, height: 844 })
    await p.getByRole('button', { name: 'Menu' }).click()
    await expect(p.getByRole('navigation', { name: 'Main (mobile)' }).getByRole('button', { name: /Switch to/ })).toBeVisible()
  },
})

const PUBLIC_PAGES: Visit[] = [
  // The SPA has no not-found page: unknown paths go home (router.tsx), so the landing page is
  // checked where a reader of a dead link arrives.
  {
    name: 'landing (reached from an unknown path)',
    url: '/no-such-page',
    ready: async (p) => {
      await expect(p).toHaveURL(/\/$/)
      await h1(p, 'Track Your Firearm Repair With Confidence')
    },
  },
  { name: 'shipping policy', url: '/shipping-policy', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  {
    name: 'login, with field errors',
    url: '/login',
    ready: async (p) => {
      await p.locator('main').getByRole('button', { name: 'Sign In' }).click()
      await expect(p.locator('main').getByText(/required/i).first()).toBeVisible()
    },
    form: true,
  },
  {
    name: "login, staff's authenticator code step",
    url: '/login',
    ready: async (p) => {
      await p.getByLabel('Email').fill(USERS.admin.email)
      await p.getByLabel('Password').fill(USERS.admin.password)
      await p.locator('main').getByRole('button', { name: 'Sign In' }).click()
      await expect(p.getByLabel('Authentication code')).toBeVisible()
    },
    form: true,
  },
  { name: 'register', url: '/register', ready: (p) => expect(p.getByRole('button', { name: 'Create Account' })).toBeVisible(), form: true },
  {
    name: 'register, with field errors',
    ready: async (p) => {
      await p.getByRole('button', { name: 'Create Account' }).click()
      await expect(p.locator('main').getByText(/required/i).first()).toBeVisible()
      return 'main'
    },
  },
  { name: 'forgot password', url: '/forgot-password', ready: (p) => expect(p.getByRole('button', { name: 'Email Me a Code' })).toBeVisible(), form: true },
  mobileMenu('/'),
]

const CUSTOMER_PAGES: Visit[] = [
  {
    name: 'dashboard, an order card expanded (approval, notes)',
    url: '/dashboard',
    ready: async (p) => {
      await expect(p.getByRole('heading', { name: 'My Orders' })).toBeVisible()
      const card = p.getByRole('article', { name: 'Glock 19 Gen 5' }).first()
      await card.getByRole('button', { name: /Glock 19 Gen 5/ }).click()
      await expect(card.getByRole('region', { name: 'Status History & Communication' }).getByRole('listitem').first()).toBeVisible()
    },
    form: true,
  },
  { name: 'My Firearm Orders', url: '/orders', ready: (p) => h1(p, 'My Firearm Orders') },
  {
    name: 'order: pending approval, timeline, notes',
    url: (ids) => `/orders/${ids.pendingApproval}`,
    // Seeded as pending; customer-portal.spec.ts approves it, so a rerun on the same stack asks for it.
    orderAs: { id: (ids) => ids.pendingApproval, change: requestAs('pending') },
    ready: async (p) => {
      await expect(p.getByRole('region', { name: 'Additional Costs Approval' }).getByRole('button', { name: 'Approve' })).toBeVisible()
      await expect(p.getByRole('progressbar', { name: 'Order progress' })).toBeVisible()
    },
    form: true,
  },
  {
    name: 'order: rejecting the additional cost, reason missing',
    ready: async (p) => {
      const approval = p.getByRole('region', { name: 'Additional Costs Approval' })
      await approval.getByRole('button', { name: 'Reject' }).click()
      await approval.getByRole('button', { name: 'Confirm Rejection' }).click()
      await expect(approval.getByRole('alert')).toBeVisible()
      await expect(approval.getByLabel('Reason for rejecting')).toHaveAttribute('aria-invalid', 'true')
    },
    form: true,
  },
  {
    name: 'order: additional cost approved',
    url: (ids) => `/orders/${ids.pendingApproval}`,
    orderAs: { id: (ids) => ids.pendingApproval, change: requestAs('approved', { decidedAt: '2025-01-02T15:04:05.000Z' }) },
    ready: (p) => expect(p.getByRole('region', { name: 'Additional Costs Approval' }).getByText('Approved on')).toBeVisible(),
  },
  {
    name: 'order: additional cost rejected',
    url: (ids) => `/orders/${ids.pendingApproval}`,
    orderAs: {
      id: (ids) => ids.pendingApproval,
      change: requestAs('rejected', { decidedAt: '2025-01-02T15:04:05.000Z', rejectionReason: 'Too expensive for now' }),
    },
    ready: (p) => expect(p.getByRole('region', { name: 'Additional Costs Approval' }).getByText('Too expensive for now')).toBeVisible(),
  },
  { name: 'order: work complete with parts', url: (ids) => `/orders/${ids.withParts}`, ready: (p) => h1(p, /Remington 870 Express/) },
  {
    name: 'order: shipped and paid, long history',
    url: (ids) => `/orders/${ids.shippedPaid}`,
    ready: async (p) => {
      await h1(p, /Model 686/)
      await expect(p.getByRole('list', { name: 'Status updates' }).getByRole('listitem').first()).toBeVisible()
    },
  },
  { name: 'order: just created', url: (ids) => `/orders/${ids.justCreated}`, ready: (p) => h1(p, /P365/) },
  {
    name: 'order: not found',
    url: '/orders/00000000-0000-4000-8000-000000000000',
    ready: (p) => expect(p.getByText("This order does not exist or you don't have permission to view it.")).toBeVisible(),
  },
  {
    name: 'notifications',
    url: '/notifications',
    ready: (p) => expect(p.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first()).toBeVisible(),
  },
  {
    name: 'payments',
    url: '/payments',
    ready: (p) => expect(p.getByRole('list', { name: 'Orders awaiting payment' }).getByRole('checkbox').first()).toBeVisible(),
    form: true,
  },
  { name: 'pay one order', url: (ids) => `/orders/${ids.owing[0]}/payment`, ready: (p) => expect(p.getByLabel('Card number')).toBeVisible(), form: true },
  {
    name: 'batch payment',
    url: (ids) => `/payments/batch?orders=${ids.owing.join(',')}`,
    ready: (p) => expect(p.getByLabel('Card number')).toBeVisible(),
    form: true,
  },
  { name: 'payment confirmation', url: (ids) => `/payment-confirmation/${ids.shippedPaid}`, ready: (p) => h1(p, 'Thank You for Your Payment!') },
  {
    name: 'payment confirmation: not completed',
    url: (ids) => `/payment-confirmation/${ids.owing[0]}?redirect_status=failed`,
    ready: (p) => h1(p, 'Payment Not Completed'),
  },
  { name: 'payment history', url: '/payment-history', ready: (p) => expect(p.getByRole('table')).toBeVisible() },
  { name: 'profile', url: '/profile', ready: (p) => expect(p.getByRole('switch', { name: 'Text me when my orders change' })).toBeVisible(), form: true },
  mobileMenu('/dashboard'),
]

/** A staff member without an authenticator app: every staff page is the set-up (QR code, key, code). */
const STAFF_SETUP_PAGES: Visit[] = [
  {
    name: 'staff two-step set-up',
    url: '/admin',
    ready: async (p) => {
      await h1(p, 'Set Up Two-Step Sign-In')
      await expect(p.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
    },
    form: true,
  },
]

const ADMIN_PAGES: Visit[] = [
  { name: 'dashboard (admin nav)', url: '/dashboard', ready: (p) => expect(p.getByRole('link', { name: 'Archived Orders' })).toBeVisible() },
  {
    name: 'admin dashboard',
    url: '/admin',
    ready: async (p) => {
      await h1(p, 'Admin Dashboard')
      await expect(p.getByRole('list', { name: 'Active orders' }).getByRole('listitem').first()).toBeVisible()
    },
  },
  {
    name: 'customers, a row expanded',
    url: '/admin/customers',
    ready: async (p) => {
      // The list is paged, newest first: other journeys add customers, so find the seeded one.
      await p.getByPlaceholder('Search by name, email, phone or address').fill('customer@example.com')
      const row = p.getByRole('list', { name: 'Customers' }).getByRole('listitem').filter({ hasText: 'customer@example.com' })
      await row.getByRole('button', { expanded: false }).click()
      await expect(row.getByText('SMS Notifications:')).toBeVisible()
    },
    form: true,
  },
  {
    name: 'add customer modal, with field errors',
    ready: async (p) => {
      const scope = await openDialog(p, p.getByRole('button', { name: 'Add Customer' }), 'Add Customer')
      await p.getByRole('dialog').getByRole('button', { name: 'Add Customer' }).click()
      await expect(p.getByRole('dialog').getByText('First name is required')).toBeVisible()
      return scope
    },
    form: true,
  },
  {
    name: 'edit customer modal',
    ready: (p) =>
      openDialog(
        p,
        p.getByRole('list', { name: 'Customers' }).getByRole('listitem').filter({ hasText: 'customer@example.com' }).getByRole('button', { name: /^Edit/ }),
        'Edit Customer',
      ),
    form: true,
  },
  {
    name: 'manage orders',
    url: '/admin/manage-orders',
    ready: async (p) => {
      await h1(p, 'Order Management Center')
      await expect(activeOrder(p, 'Glock 19 Gen 5')).toBeVisible()
    },
    form: true,
  },
  {
    name: 'create order modal, with field errors',
    ready: async (p) => {
      const scope = await openDialog(p, p.getByRole('button', { name: 'New Order' }), 'Create New Order')
      await p.getByRole('dialog').getByRole('button', { name: 'Create Order' }).click()
      await expect(p.getByRole('dialog').getByText('Please select a customer')).toBeVisible()
      return scope
    },
    form: true,
  },
  {
    name: 'edit order modal (parts, approval, status history)',
    ready: async (p) => {
      const scope = await openDialog(p, activeOrder(p, 'Remington 870 Express').getByRole('button', { name: /^Edit/ }), /^Edit Order GS-/)
      const dialog = p.getByRole('dialog')
      await expect(dialog.getByLabel('Firearm Model')).toHaveValue('870 Express')
      await expect(dialog.getByRole('list', { name: 'Status history' }).getByRole('listitem').first()).toBeVisible()
      await expect(dialog.getByRole('cell', { name: 'Shell latch', exact: true })).toBeVisible()
      return scope
    },
    form: true,
  },
  {
    name: 'edit order modal (an approval request waiting, the request history)',
    ready: async (p) => {
      const scope = await openDialog(p, activeOrder(p, 'Glock 19 Gen 5').getByRole('button', { name: /^Edit/ }), /^Edit Order GS-/)
      const dialog = p.getByRole('dialog')
      // Seeded waiting; customer-portal.spec.ts approves it, so a rerun on the same stack sees the form.
      await expect(dialog.getByTestId('pending-request').or(dialog.getByRole('form', { name: 'Request approval' }))).toBeVisible()
      await expect(dialog.getByRole('list', { name: 'Approval requests' })).toBeVisible()
      return scope
    },
    form: true,
  },
  {
    name: 'print work order modal',
    ready: async (p) => {
      const scope = await openDialog(p, activeOrder(p, 'Glock 19 Gen 5').getByRole('button', { name: /^Print/ }), 'Work Order Preview')
      await expect(p.getByRole('dialog').getByRole('heading', { name: /^Work Order GS-/ })).toBeVisible()
      return scope
    },
  },
  {
    name: 'confirm dialog',
    ready: (p) => openDialog(p, activeOrder(p, 'P365').getByRole('button', { name: /^Archive/ }), 'Please Confirm'),
  },
  { name: 'archived orders', url: '/admin/archived-orders', ready: (p) => h1(p, 'Archived Orders') },
  { name: 'deleted orders', url: '/admin/deleted-orders', ready: (p) => h1(p, 'Deleted Orders') },
  {
    name: 'archived customers',
    url: '/admin/customers?view=archived',
    ready: (p) => expect(p.getByRole('heading', { level: 2, name: 'Archived Customers' })).toBeVisible(),
    form: true,
  },
  ...['General', 'User Management', 'Email Settings', 'Billing', 'Service Types'].map(
    (tab, i): Visit => ({
      name: `settings: ${tab}`,
      url: i === 0 ? '/admin/settings' : undefined,
      ready: async (p) => {
        await p.getByRole('tab', { name: tab }).click()
        await expect(p.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
        await expect(p.getByRole('tabpanel').getByRole('status', { name: 'Loading' })).toHaveCount(0)
        const panel = p.getByRole('tabpanel')
        await expect(panel.getByRole('form').or(panel.getByText('Coming soon')).or(panel.getByRole('region', { name: 'How notification emails are sent' })).or(panel.getByRole('region', { name: 'Price list' }))).toBeVisible()
        return i === 0 ? undefined : '[role="tabpanel"]'
      },
      form: true,
    }),
  ),
  {
    name: 'payments management',
    url: '/admin/payments',
    ready: (p) => expect(p.getByRole('table').getByRole('row').nth(1)).toBeVisible(),
    form: true,
  },
  {
    name: 'receivables',
    url: '/admin/receivables',
    ready: (p) => expect(p.getByRole('list', { name: 'Orders with a balance due' }).getByRole('listitem').first()).toBeVisible(),
    form: true,
  },
  { name: 'invoice refresh', url: '/admin/invoice-refresh', ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible(), form: true },
  {
    name: 'invoice refresh: an invoice looked up, a Direct Fix previewed',
    ready: async (p, ids) => {
      await p.getByLabel('Order ID').fill(ids!.withParts)
      await p.getByRole('button', { name: 'Look Up Invoice' }).click()
      await expect(p.getByRole('region', { name: /^Current Invoice/ })).toBeVisible()
      await p.getByRole('button', { name: 'Direct Fix Invoice' }).click()
      await expect(p.getByRole('table', { name: 'Direct Fix preview' })).toBeVisible()
      return 'main'
    },
    form: true,
  },
]

// -- the checks -------------------------------------------------------------------------------

async function signIn(browser: Browser, role: SignedInRole): Promise<StorageState> {
  const context = await browser.newContext()
  const page = await context.newPage()
  // The admin also types the authenticator's code.
  await signInAs(page, USERS[role].email, USERS[role].password)
  // Amplify keeps the session in localStorage, which storageState carries.
  const state = await context.storageState()
  await context.close()
  return state
}

async function findOrderIds(page: Page): Promise<OrderIds> {
  await page.goto('/payments')
  const payLinks = page.getByRole('list', { name: 'Orders awaiting payment' }).getByRole('link', { name: /Pay Now/ })
  await expect(payLinks.first()).toBeVisible()
  const owing = (await payLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')!.split('/')[2]))).slice(0, 2)
  await page.goto('/orders')
  const cards = page.getByRole('list', { name: 'Orders' }).getByRole('article')
  await expect(cards.first()).toBeVisible()
  const idOf = async (model: string) => {
    const href = await cards.filter({ hasText: model }).first().getByRole('link', { name: new RegExp(model) }).first().getAttribute('href')
    return href!.split('/')[2]
  }
  return {
    pendingApproval: await idOf('19 Gen 5'),
    withParts: await idOf('870 Express'),
    shippedPaid: await idOf('Model 686'),
    justCreated: await idOf('P365'),
    owing,
  }
}

/** Lets layout-driven state settle: an area that has just grown past its height becomes a tab stop (useOverflows). */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

/**
 * Switches the theme the way the app follows it when no choice is stored: the system colour
 * scheme (theme-init.js on load, the ThemeProvider's media listener after), and waits for the
 * colour transitions to end so axe measures the final colours.
 */
async function switchTheme(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme })
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*(^|\s)dark(\s|$))/)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
}

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>

function report(where: string, violations: AxeResults['violations']): string[] {
  return violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact}) ${v.help}\n  ${v.helpUrl}\n` +
      v.nodes.map((n) => `  - ${n.target.join(' ')}\n    ${(n.failureSummary ?? '').replace(/\n/g, '\n    ')}`).join('\n'),
  )
}

/** Every visible input, select and textarea in the scope has a non-empty accessible name. */
async function unnamedControls(page: Page, scope: string | void): Promise<string[]> {
  const root = page.locator(scope ?? 'body')
  const missing: string[] = []
  for (const control of await root.locator('input:not([type="hidden"]), select, textarea').all()) {
    if (!(await control.isVisible())) continue
    try {
      await expect(control).toHaveAccessibleName(/\S/, { timeout: 200 })
    } catch {
      missing.push(await control.evaluate((el) => el.outerHTML.slice(0, 200)))
    }
  }
  return missing
}

async function checkPages(browser: Browser, visits: Visit[], storageState?: StorageState, ids?: OrderIds) {
  // No stored theme: the page follows the emulated colour scheme (see switchTheme).
  const context = await browser.newContext({ storageState, colorScheme: 'light' })
  const page = await context.newPage()
  const problems: string[] = []
  let controls = 0
  let theme: Theme = 'light'
  try {
    for (const visit of visits) {
      await test.step(visit.name, async () => {
        if (visit.url) {
          await page.unrouteAll({ behavior: 'ignoreErrors' })
          if (visit.orderAs) {
            const { id, change } = visit.orderAs
            await page.route(`**/api/orders/${id(ids!)}`, async (route) => {
              const response = await route.fetch()
              await route.fulfill({ response, json: change(await response.json()) })
            })
          }
          await page.goto(typeof visit.url === 'string' ? visit.url : visit.url(ids!))
        } else if (await page.getByRole('dialog').count()) {
          await page.keyboard.press('Escape')
          await expect(page.getByRole('dialog')).toHaveCount(0)
        }
        const scope = await visit.ready(page, ids)
        await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0)
        await settle(page)
        if (visit.form) {
          controls += await page.locator(scope ?? 'body').locator('input:not([type="hidden"]), select, textarea').count()
          for (const html of await unnamedControls(page, scope)) problems.push(`${visit.name}: form control without an accessible name: ${html}`)
        }
        // Both themes on the same state, starting with the one the page is in.
        for (const t of theme === 'light' ? (['light', 'dark'] as const) : (['dark', 'light'] as const)) {
          await switchTheme(page, t)
          theme = t
          // Legacy mode runs axe.run() in the page itself: the default runs each frame apart and then
          // opens a blank page to merge the results, several times slower. The SPA has no frames here
          // (the dev payment form is plain inputs), so nothing is left unchecked.
          const axe = new AxeBuilder({ page }).setLegacyMode()
          if (scope) axe.include(scope)
          // Only violations are needed; collecting every passing node is most of axe's time.
          const results = await axe.options({ resultTypes: ['violations'] }).analyze()
          problems.push(...report(`${visit.name} [${t}]`, results.violations))
        }
      })
    }
  } finally {
    await context.close()
  }
  expect(problems.join('\n\n'), `${problems.length} accessibility problem(s)`).toBe('')
  return controls
}

const states: Partial<Record<SignedInRole, StorageState>> = {}
let ids: OrderIds

test.beforeAll(async ({ browser }) => {
  states.customer = await signIn(browser, 'customer')
  states.admin = await signIn(browser, 'admin')
  states.unenrolledStaff = await signIn(browser, 'unenrolledStaff')
  const context = await browser.newContext({ storageState: states.customer })
  ids = await findOrderIds(await context.newPage())
  await context.close()
})

test('public pages: no axe violations in either theme, every form control named', async ({ browser }) => {
  test.setTimeout(300_000)
  expect(await checkPages(browser, PUBLIC_PAGES)).toBeGreaterThan(0)
})

// Every page in two themes through axe: minutes on a busy 2-core machine, so a generous limit (no timing is asserted).
test('customer pages: no axe violations in either theme, every form control named', async ({ browser }) => {
  test.setTimeout(300_000)
  expect(await checkPages(browser, CUSTOMER_PAGES, states.customer, ids)).toBeGreaterThan(0)
})

test('admin pages: no axe violations in either theme, every form control named', async ({ browser }) => {
  test.setTimeout(300_000)
  expect(await checkPages(browser, ADMIN_PAGES, states.admin, ids)).toBeGreaterThan(0)
})

test('staff two-step set-up: no axe violations in either theme, every form control named', async ({ browser }) => {
  test.setTimeout(300_000)
  expect(await checkPages(browser, STAFF_SETUP_PAGES, states.unenrolledStaff, ids)).toBeGreaterThan(0)
})

// -- modals -----------------------------------------------------------------------------------

/** The elements Tab stops at inside the dialog, in order (what the browser's sequential focus uses). */
function tabStops(dialog: Locator) {
  return dialog.evaluate((root) =>
    Array.from(
      root.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex], [contenteditable="true"]',
      ),
    )
      .filter((el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0)
      // A radio group is one stop: its checked radio (arrow keys move within it).
      .filter((el) => !(el instanceof HTMLInputElement && el.type === 'radio' && !el.checked && root.querySelector(`input[type="radio"][name="${CSS.escape(el.name)}"]:checked`)))
      .map((el) => el.outerHTML.slice(0, 120)),
  )
}

/** Is focus in a date input (whose fields Chromium stops at one by one)? */
const isDateInput = (page: Page) => page.evaluate(() => document.activeElement instanceof HTMLInputElement && document.activeElement.type === 'date')

/** What has focus: its markup, marked when it is outside the dialog. */
const focused = (dialog: Locator) =>
  dialog.evaluate((root) => {
    const el = document.activeElement
    const html = el?.outerHTML.slice(0, 120) ?? ''
    return root.contains(el) ? html : `outside the dialog: ${html}`
  })

/**
 * Opening moves focus into the dialog; Tab goes through every stop inside it and wraps from the
 * last to the first; Shift+Tab wraps from the first to the last; Escape closes the dialog and
 * focus is back on the opener.
 */
async function expectFocusManaged(page: Page, opener: Locator, name: string | RegExp, loaded: (dialog: Locator) => Promise<unknown>) {
  await opener.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name })
  await expect(dialog).toBeVisible()
  expect(await focused(dialog), 'focus moved into the dialog').not.toMatch(/^outside/)
  await loaded(dialog)
  await settle(page)

  const stops = await tabStops(dialog)
  expect(stops.length).toBeGreaterThan(1)
  // The header's Close button is the first stop.
  await dialog.getByRole('button', { name: 'Close' }).first().focus()
  expect(await focused(dialog)).toBe(stops[0])
  for (let i = 1; i <= stops.length; i++) {
    await page.keyboard.press('Tab')
    // Chromium stops at each field of a date input (month, day, year, its picker): one stop of the list.
    for (let field = 0; field < 4 && i > 1 && stops[i - 1].startsWith('<input') && (await focused(dialog)) === stops[i - 1] && (await isDateInput(page)); field++) await page.keyboard.press('Tab')
    expect(await focused(dialog), `Tab ${i} of ${stops.length}`).toBe(stops[i % stops.length])
  }
  await page.keyboard.press('Shift+Tab')
  expect(await focused(dialog), 'Shift+Tab from the first stop').toBe(stops[stops.length - 1])
  await page.keyboard.press('Shift+Tab')
  expect(await focused(dialog), 'Shift+Tab again').toBe(stops[stops.length - 2])

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
}

test('admin modals take focus, trap Tab and Shift+Tab, close on Escape and return focus', async ({ browser }) => {
  const context = await browser.newContext({ storageState: states.admin })
  const page = await context.newPage()
  try {
    await page.goto('/admin/manage-orders')
    await expect(activeOrder(page, 'Remington 870 Express')).toBeVisible()
    await expectFocusManaged(page, activeOrder(page, 'Remington 870 Express').getByRole('button', { name: /^Edit/ }), /^Edit Order GS-/, async (d) => {
      await expect(d.getByLabel('Firearm Model')).toHaveValue('870 Express')
      await expect(d.getByRole('list', { name: 'Status history' }).getByRole('listitem').first()).toBeVisible()
      await expect(d.getByRole('cell', { name: 'Shell latch', exact: true })).toBeVisible()
    })
    await expectFocusManaged(page, page.getByRole('button', { name: 'New Order' }), 'Create New Order', (d) =>
      expect(d.getByRole('button', { name: 'Create Order' })).toBeVisible(),
    )
    await expectFocusManaged(page, activeOrder(page, 'Glock 19 Gen 5').getByRole('button', { name: /^Print/ }), 'Work Order Preview', (d) =>
      expect(d.getByRole('heading', { name: /^Work Order GS-/ })).toBeVisible(),
    )
    await expectFocusManaged(page, activeOrder(page, 'P365').getByRole('button', { name: /^Archive/ }), 'Please Confirm', (d) =>
      expect(d.getByText('Are you sure you want to archive this order?')).toBeVisible(),
    )

    // A confirm opened from inside the edit modal: Escape closes only it, focus goes back inside.
    const edit = activeOrder(page, 'Remington 870 Express').getByRole('button', { name: /^Edit/ })
    await edit.click()
    const editor = page.getByRole('dialog', { name: /^Edit Order GS-/ })
    const removePart = editor.getByRole('button', { name: /^Remove|^Delete/ }).first()
    await removePart.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Please Confirm' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: 'Please Confirm' })).toBeHidden()
    await expect(editor).toBeVisible()
    await expect(removePart).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(editor).toBeHidden()
    await expect(edit).toBeFocused()

    await page.goto('/admin/customers')
    await expectFocusManaged(page, page.getByRole('button', { name: 'Add Customer' }), 'Add Customer', (d) => expect(d.getByLabel('Email')).toBeVisible())
    await page.getByPlaceholder('Search by name, email, phone or address').fill('customer@example.com')
    const row = page.getByRole('list', { name: 'Customers' }).getByRole('listitem').filter({ hasText: 'customer@example.com' })
    await expectFocusManaged(page, row.getByRole('button', { name: /^Edit/ }), 'Edit Customer', (d) =>
      expect(d.getByLabel('Email')).toHaveValue('customer@example.com'),
    )
  } finally {
    await context.close()
  }
})
