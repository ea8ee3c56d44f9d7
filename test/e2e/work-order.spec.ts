import { expect, test, type Page } from '@playwright/test'
import { seedCustomerWithOrders, shoot, shootPrinted, signedInApi, signIn, signOut } from './steps.ts'

// The work order, printed by the customer from their order page: the shop and its FFL number,
// the addresses, the firearm and its intake, the bill, the payments and the authorization line; on paper under
// the production Content-Security-Policy (its print window is styled by a linked stylesheet, nothing inline).

const FFL = '1-23-456-07-8A-12345'
const ADDRESS = { line1: '48 Quarry Rd', city: 'Marble Falls', state: 'TX', postalCode: '78654' }

test('a customer prints the work order of their order', async ({ page }) => {
  test.setTimeout(180_000)
  const blocked: string[] = []
  const watchCsp = (p: Page) => p.on('console', (m) => void (/Content Security Policy/i.test(m.text()) && blocked.push(m.text())))
  watchCsp(page)
  const suffix = Date.now().toString(36)
  const customer = { email: `work-order-${suffix}@example.com`, password: 'Password123!', firstName: 'Wren', lastName: `Order${suffix}` }
  const [order] = await seedCustomerWithOrders(page, customer, [{ make: 'Smith & Wesson', model: `Model 686 ${suffix}`, estimatedCostCents: 18_000 }])

  // Staff: the shop's FFL number, and the firearm received (its intake and A&D entry).
  await signIn(page, 'admin@example.com', 'AdminPass123!')
  await page.goto('/admin')
  await signedInApi(page, 'PUT', '/api/admin/settings', { fflNumber: FFL })
  const stored = await signedInApi(page, 'GET', `/api/admin/orders/${order.id}`)
  await signedInApi(page, 'POST', `/api/admin/orders/${order.id}/receive`, {
    version: stored.version,
    receivedOn: new Date().toISOString().slice(0, 10),
    from: 'customer',
    fromAddress: ADDRESS,
    firearmType: 'revolver',
    firearmMake: 'Smith & Wesson',
    firearmModel: `Model 686 ${suffix}`,
    serialNumber: `CWO${suffix}`,
    firearmCaliber: '.357 Magnum',
    conditionNotes: 'Light holster wear; timing off on chamber 3.',
    itemsReceived: 'Blue hard case, speed loader',
  })
  await signOut(page)

  await signIn(page, customer.email, customer.password)
  await page.goto(`/orders/${order.id}`)
  await page.getByRole('button', { name: 'Print work order' }).click()
  const preview = page.getByRole('dialog', { name: 'Work Order Preview' })
  const sheet = preview.getByRole('article', { name: /^Work Order GS-/ })
  for (const text of [
    `FFL ${FFL}`,
    'Revolver',
    `CWO${suffix}`,
    '48 Quarry Rd, Marble Falls, TX 78654',
    'Light holster wear; timing off on chamber 3.',
    'Blue hard case, speed loader',
    'Balance Due',
    'No payments received yet.',
    'Firearm Received',
    'I authorize the work described above',
    'Customer signature',
  ])
    await expect(sheet).toContainText(text)
  await shoot(page, () => preview, 'customer-work-order-preview')

  // The print window: the same sheet, styled by its stylesheet under the policy, fitting a phone and a letter page.
  const [printed] = await Promise.all([page.waitForEvent('popup'), preview.getByRole('button', { name: 'Print' }).click()])
  watchCsp(printed)
  await expect(printed.getByText('I authorize the work described above', { exact: false })).toBeVisible()
  await expect(printed.getByText(`FFL ${FFL}`, { exact: false })).toBeVisible()
  await expect(printed.locator('.wo-head').first()).toHaveCSS('display', 'flex')
  await expect(printed.locator('.wo-sign').first()).toHaveCSS('display', 'flex')
  await shootPrinted(printed, 'customer-work-order')
  await printed.close()
  expect(blocked).toEqual([])
})
