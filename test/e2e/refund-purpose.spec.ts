import { expect, test } from '@playwright/test'
import { seedCustomerWithOrders, shoot, shootAt390, signIn, signOut, signedInApi } from './steps.ts'

// Staff give back $20.00 of a paid $110.00 order because the price went down: one step in the refund dialog, and the
// bill goes down with it. The customer sees "Refunded $20.00" on their order, and no balance due.
// A customer of its own, so the seeded data the other spec files read is left alone.

test('staff refund $20.00 of a paid $110.00 order as a price reduction; the customer sees it refunded and nothing due', async ({ page }) => {
  test.setTimeout(180_000)
  const suffix = Date.now().toString(36)
  const customer = { email: `reduction-${suffix}@example.com`, password: 'Password123!', firstName: 'Rae', lastName: 'Reduction' }
  // $85.00 service and $25.00 return shipping: $110.00.
  const [order] = await seedCustomerWithOrders(page, customer, [{ make: 'Ruger', model: `GP100 ${suffix}`, estimatedCostCents: 8_500, currentStatus: 'work_complete' }])

  await signIn(page, 'admin@example.com', 'AdminPass123!')
  await signedInApi(page, 'POST', `/api/admin/orders/${order!.id}/payments`, { requestId: crypto.randomUUID(), method: 'cash', amountCents: 11_000 })
  await page.goto('/admin/manage-orders')
  const row = page.getByRole('list', { name: 'Active orders' }).getByRole('listitem').filter({ hasText: order!.model })
  await row.getByRole('button', { name: /^Edit/ }).click()
  const editor = page.getByRole('dialog', { name: /^Edit Order GS-/ })
  const panel = editor.getByRole('region', { name: 'Payments and Refunds' })
  await expect(panel.getByTestId('ledger-balance')).toHaveText('$0.00')

  await panel.getByRole('button', { name: 'Refund Cash payment of $110.00' }).click()
  const dialog = page.getByRole('dialog', { name: 'Refund payment' })
  await dialog.getByLabel('Amount ($)').fill('20.00')
  await expect(dialog.getByLabel('What is this refund?')).toHaveValue('price_reduction')
  await expect(dialog).toContainText('A discount of $20.00 is added with the refund: no balance comes back')
  await dialog.getByLabel('Reason').fill('Trigger job simpler than quoted')
  await shoot(page, () => dialog, 'refund-price-reduction-dialog')
  await dialog.getByRole('button', { name: 'Refund $20.00' }).click()
  await expect(dialog).toBeHidden()
  await expect(panel.getByTestId('ledger-balance')).toHaveText('$0.00')
  await expect(panel).toContainText('Price reduction')
  await editor.getByRole('button', { name: 'Close' }).first().click()
  await expect(editor).toBeHidden()
  await signOut(page)

  await signIn(page, customer.email, customer.password)
  await page.goto(`/orders/${order!.id}`)
  await expect(page.getByTestId('invoice-refunded').first()).toHaveText('$20.00')
  await expect(page.getByTestId('balance-due').first()).toHaveText('$0.00')
  await expect(page.getByText('Balance Due $20.00')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Make Payment' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Make Payment' })).toHaveCount(0)
  await shootAt390(page, 'refund-price-reduction-customer', () => page.getByTestId('bill').first())
})
