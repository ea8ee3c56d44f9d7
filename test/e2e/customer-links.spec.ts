import { expect, test, type Page } from '@playwright/test'
import { seedCustomerWithOrders, shoot, signedInApi, signIn, signOut } from './steps.ts'

// A customer's way in from a message and their own orders: a link to an order opened signed out signs them in and
// opens that order (also after the new-password step of a customer the shop created); approving extra costs asks
// once, naming the amount; My Firearm Orders finds an order by its serial. A customer of its own, so the seeded
// data the other spec files read is left alone.

/** Fills /login as it stands (the page keeps its `redirect`): email, password, and the new-password step if asked. */
async function signInHere(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.locator('main').getByRole('button', { name: 'Sign In' }).click()
  const choose = page.getByRole('heading', { name: 'Choose Your Password' })
  // The step of a customer the shop created, or the sign-in is done and the page has left /login.
  await expect.poll(async () => (await choose.isVisible()) || !new URL(page.url()).pathname.startsWith('/login'), { timeout: 30_000 }).toBe(true)
  if (await choose.isVisible()) {
    await page.getByLabel('New Password', { exact: true }).fill(password)
    await page.getByLabel('Confirm New Password').fill(password)
    await page.getByRole('button', { name: 'Set Password and Sign In' }).click()
  }
}

test('a link to an order signs in to that order; approving asks once with the amount; a serial finds the order', async ({ page }) => {
  test.setTimeout(240_000)
  const suffix = Date.now().toString(36)
  const customer = { email: `links-${suffix}@example.com`, password: 'Password123!', firstName: 'Lena', lastName: 'Links' }
  const [glock, ruger] = await seedCustomerWithOrders(page, customer, [
    { make: 'Glock', model: `19 ${suffix}`, estimatedCostCents: 10_000, currentStatus: 'in_progress' },
    { make: 'Ruger', model: `Mk IV ${suffix}`, estimatedCostCents: 8_000 },
  ])

  // The shop asks for $200.86 more on the Glock: a part ($47.20, taxed 7.75 %: $3.66) and labor ($150.00).
  await signIn(page, 'admin@example.com', 'AdminPass123!')
  await signedInApi(page, 'POST', `/api/admin/orders/${glock.id}/approval-request`, {
    reason: 'The extractor is chipped; a new one needs fitting.',
    lines: [
      { kind: 'part', name: 'Extractor', unitCents: 4_720, quantity: 1 },
      { kind: 'labor', name: 'Fit and test fire', unitCents: 15_000, quantity: 1 },
    ],
  })
  await signOut(page)

  // The notification's link, opened signed out: /login remembers the order, and signing in opens it.
  await page.goto(`/orders/${glock.id}`)
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Forders%2F${glock.id}$`))
  await signInHere(page, customer.email, customer.password)
  await expect(page).toHaveURL(new RegExp(`/orders/${glock.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Glock 19 ${suffix}`) })).toBeVisible()

  // Approve asks first: the amount and the work, Cancel sends nothing.
  const decisions: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/api/orders/${glock.id}/approval`)) decisions.push(r.postData() ?? '')
  })
  const approval = page.getByRole('region', { name: 'Additional Costs Approval' })
  await expect(approval.getByTestId('request-total')).toHaveText('$200.86')
  await approval.getByRole('button', { name: 'Approve' }).click()
  const dialog = page.getByRole('dialog', { name: 'Approve Additional Costs?' })
  await expect(dialog).toContainText('You are approving $200.86 of additional work on order GS-')
  await expect(dialog.getByRole('list', { name: 'Work to approve' })).toContainText('Extractor$47.20')
  await expect(dialog.getByRole('list', { name: 'Work to approve' })).toContainText('Fit and test fire$150.00')
  await expect(dialog.getByTestId('confirm-total')).toHaveText('$200.86')
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await shoot(page, () => dialog, 'approve-confirm')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await approval.getByRole('button', { name: 'Approve' }).click()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(approval.getByText('Action required: Approval needed for additional costs')).toBeVisible()
  expect(decisions).toEqual([])

  await approval.getByRole('button', { name: 'Approve' }).click()
  await dialog.getByRole('button', { name: 'Approve $200.86' }).click()
  await expect(approval.getByText('Customer approved additional costs - Ready to order parts')).toBeVisible()
  expect(decisions).toHaveLength(1)
  expect(JSON.parse(decisions[0])).toMatchObject({ decision: 'approve' })

  // My Firearm Orders: the Ruger's serial finds it, and only it.
  const { serialNumber } = (await signedInApi(page, 'GET', `/api/orders/${ruger.id}`)) as { serialNumber: string }
  await page.goto('/orders')
  const list = page.getByRole('list', { name: 'Orders' })
  await expect(list.getByRole('listitem')).toHaveCount(2)
  const search = page.getByRole('searchbox', { name: 'Search your orders' })
  await search.fill(serialNumber.toLowerCase())
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list).toContainText(`Ruger Mk IV ${suffix}`)
  await shoot(page, () => page.locator('main'), 'my-orders-search')
  await search.fill('no such firearm')
  await expect(page.getByText('No orders match your search.')).toBeVisible()
  await shoot(page, () => page.locator('main'), 'my-orders-search-empty')
  await search.fill('')
  await expect(list.getByRole('listitem')).toHaveCount(2)

  // A customer sent to a staff page lands on their dashboard; an address of another site is never followed.
  await signOut(page)
  await page.goto('/admin/manage-orders')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fmanage-orders$/)
  await signInHere(page, customer.email, customer.password)
  await expect(page).toHaveURL(/\/dashboard$/)
  await signOut(page)
  await page.goto('/login?redirect=%2F%2Fevil.example%2Forders')
  await signInHere(page, customer.email, customer.password)
  await expect(page).toHaveURL(/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/dashboard$/)
})
