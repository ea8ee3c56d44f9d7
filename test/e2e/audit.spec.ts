import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { seedCustomerWithOrders, shoot, signIn, signOut } from './steps.ts'

// Who did what (the staff audit log): staff change an order's price and status, open its Activity and see their
// name and each change before → after; the customer's Activity (Customer Management Center) has it too; the
// customer's own history signs the change "Admin". Screens at 390 px, light and dark.

/** No axe violation inside the open dialogs, in the light and the dark theme. */
async function accessible(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), `${name} (${scheme})`).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

test('staff see who changed what in the order editor and per customer; the customer sees "Admin"', async ({ page }) => {
  test.setTimeout(240_000)
  const suffix = Math.random().toString(36).slice(2, 8)
  const customer = { email: `audit-${suffix}@example.com`, password: 'Password123!', firstName: 'Ada', lastName: `Audit${suffix}` }
  const model = `GP100-${suffix}`
  const [order] = await seedCustomerWithOrders(page, customer, [{ make: 'Ruger', model, estimatedCostCents: 15_000, currentStatus: 'firearm_received' }])

  await signIn(page, 'admin@example.com', 'AdminPass123!')
  await page.goto('/admin/manage-orders')
  const row = page.getByRole('list', { name: 'Active orders' }).getByRole('listitem').filter({ hasText: model })
  await row.getByRole('button', { name: /^Edit/ }).click()
  const editor = page.getByRole('dialog', { name: /^Edit Order GS-/ })
  const activity = () => editor.getByRole('region', { name: 'Activity' })
  // The order's creation is already recorded (by the seeding staff member).
  await expect(activity()).toContainText('Sam Armorer')
  await expect(activity()).toContainText('Created the order')

  const form = editor.getByRole('form', { name: 'Edit order' })
  await form.getByLabel('Estimated Cost ($)').fill('175.00')
  await form.getByLabel('Status', { exact: true }).selectOption('in_progress')
  await editor.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Order updated successfully!')).toBeVisible()
  await expect(editor).toBeHidden()

  await row.getByRole('button', { name: /^Edit/ }).click()
  const latest = activity().getByRole('listitem').first()
  await expect(latest).toContainText('Sam Armorer')
  await expect(latest).toContainText('Edited the order')
  const changes = latest.getByRole('list', { name: 'Changes' })
  await expect(changes.getByRole('listitem').filter({ hasText: 'Estimated cost:' })).toHaveText(/Estimated cost:\s*\$150\.00\s*→\s*changed to\s*\$175\.00/)
  await expect(changes.getByRole('listitem').filter({ hasText: 'Status:' })).toHaveText(/Status:\s*Firearm Received\s*→\s*changed to\s*Work In Progress/)
  await shoot(page, activity, 'audit-order-activity')
  await accessible(page, 'the order editor with its Activity')
  await editor.getByRole('button', { name: 'Cancel' }).click()
  await expect(editor).toBeHidden()

  // Per customer: their own record and their order's, newest first.
  await page.goto('/admin/customers')
  await page.getByLabel('Search customers').fill(customer.email)
  const customers = page.getByRole('list', { name: 'Customers' })
  await expect(customers.getByRole('listitem')).toHaveCount(1)
  await customers.getByRole('button', { name: `Activity for ${customer.firstName} ${customer.lastName}` }).click()
  const dialog = page.getByRole('dialog', { name: /^Activity · / })
  const entries = dialog.getByRole('list').first().locator(':scope > li')
  await expect(entries).toHaveCount(4)
  await expect(entries.nth(0)).toContainText('Edited the order')
  await expect(entries.nth(1)).toContainText('Received the firearm')
  await expect(entries.nth(2)).toContainText('Created the order')
  await expect(entries.nth(3)).toContainText(`Created customer ${customer.firstName} ${customer.lastName}`)
  await shoot(page, () => dialog, 'audit-customer-activity')
  await accessible(page, "a customer's Activity")
  await page.keyboard.press('Escape')
  await signOut(page)

  // The customer's history signs the change "Admin", never with the staff member's name.
  await signIn(page, customer.email, customer.password)
  await page.goto(`/orders/${order.id}`)
  const history = page.getByRole('listitem').filter({ hasText: 'Work In Progress by Admin' })
  await expect(history).toBeVisible()
  await expect(page.getByText('Sam Armorer')).toHaveCount(0)
  await shoot(page, () => history, 'audit-customer-history')
})
