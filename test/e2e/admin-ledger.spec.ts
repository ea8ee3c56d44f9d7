import { expect, test, type Locator, type Page } from '@playwright/test'
import { SHOTS, fillNewOrder, openOrderFromDashboard, shoot, signIn, signOut } from './steps.ts'

// Staff keep an order's money straight at the counter: cash taken with its receipt number, a
// discount with its reason, part of the cash handed back, and part of a card payment refunded to
// the card; each moves the balance by exactly its amount, and the ledger lists it.
// A customer of its own, so the seeded data the other spec files read is left alone.

const ADMIN = { email: 'admin@example.com', password: 'AdminPass123!' }

test('staff record cash and a discount, refund cash and part of a card payment, and the balance follows', async ({ page }) => {
  test.setTimeout(240_000)
  const suffix = Date.now().toString(36)
  const email = `ledger-${suffix}@example.com`
  const password = 'Password123!'
  const model = `Commander ${suffix}`

  // An order for a new customer: $100.00 estimated + $25.00 shipping.
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto('/admin/customers')
  await page.getByRole('button', { name: 'Add Customer' }).click()
  const customerForm = page.getByRole('dialog', { name: 'Add Customer' })
  await customerForm.getByLabel('Email').fill(email)
  await customerForm.getByLabel('Password').fill(password)
  await customerForm.getByLabel('First Name').fill('Lee')
  await customerForm.getByLabel('Last Name').fill('Ledger')
  await customerForm.getByRole('button', { name: 'Add Customer' }).click()
  await expect(page.getByText('Customer added successfully!')).toBeVisible()

  await page.goto('/admin/manage-orders')
  await page.getByRole('button', { name: 'New Order' }).click()
  await fillNewOrder(page.getByRole('dialog', { name: 'Create New Order' }), {
    search: `ledger-${suffix}`,
    customer: /Lee Ledger/,
    make: 'Colt',
    model,
    serial: `LC-${suffix}`,
    description: 'Slide stop walks out under recoil; check the plunger tube.',
    estimate: '100.00',
  })
  await expect(page.getByText('Order created successfully!')).toBeVisible()
  const row = page.getByRole('list', { name: 'Active orders' }).getByRole('listitem').filter({ hasText: model })
  await expect(row).toContainText('Owes: $125.00')

  const editor = page.getByRole('dialog', { name: /^Edit Order GS-/ })
  const panel = () => editor.getByRole('region', { name: 'Payments and Refunds' })
  const balance = () => panel().getByTestId('ledger-balance')
  const entries = () => panel().getByRole('table', { name: /Payments, refunds and adjustments/ }).getByRole('row')
  await row.getByRole('button', { name: /^Edit/ }).click()
  await expect(balance()).toHaveText('$125.00')
  await expect(panel()).toContainText('No payments recorded yet.')
  const print = panel().getByRole('link', { name: /Print invoice/ })
  await expect(print).toHaveAttribute('href', /^\/admin\/orders\/[0-9a-f-]{36}\/invoice$/)

  // $20.00 in cash, receipt R-1.
  await panel().getByRole('button', { name: 'Record payment' }).click()
  let dialog = page.getByRole('dialog', { name: 'Record payment' })
  await dialog.getByLabel('Method').selectOption('cash')
  await dialog.getByLabel('Amount ($)').fill('20.00')
  await dialog.getByLabel('Reference').fill('R-1')
  await dialog.getByRole('button', { name: 'Save payment' }).click()
  await expect(dialog).toBeHidden()
  await expect(panel().getByTestId('ledger-notice')).toHaveText('Cash payment of $20.00 recorded.')
  await expect(balance()).toHaveText('$105.00')
  const cashRow = entries().filter({ hasText: 'Reference: R-1' })
  await expect(cashRow).toContainText('Cash')
  await expect(cashRow.getByTestId('ledger-amount')).toHaveText('$20.00')
  await expect(cashRow).toContainText('Successful')

  // A $5.00 discount with its reason.
  await panel().getByRole('button', { name: 'Discount / write-off' }).click()
  dialog = page.getByRole('dialog', { name: 'Discount / write-off' })
  await dialog.getByLabel('Kind').selectOption('discount')
  await dialog.getByLabel('Amount ($)').fill('5.00')
  await dialog.getByRole('button', { name: 'Save adjustment' }).click()
  await expect(dialog.getByLabel('Reason')).toHaveAccessibleDescription('A reason is required')
  await dialog.getByLabel('Reason').fill('Returning customer')
  await dialog.getByRole('button', { name: 'Save adjustment' }).click()
  await expect(dialog).toBeHidden()
  await expect(balance()).toHaveText('$100.00')
  await expect(panel().getByTestId('ledger-adjustments')).toHaveText('\u2212$5.00')
  await expect(entries().filter({ hasText: 'Returning customer' })).toContainText('Discount')

  // $10.00 of the cash handed back: the balance goes up by $10.00 and the refund is listed, negative.
  await panel().getByRole('button', { name: 'Refund Cash payment of $20.00' }).click()
  dialog = page.getByRole('dialog', { name: 'Refund payment' })
  await expect(dialog.getByLabel('Refund method')).toHaveValue('cash')
  await expect(dialog.getByLabel('Amount ($)')).toHaveValue('20.00')
  await dialog.getByLabel('Amount ($)').fill('10.00')
  // Money handed back that the customer owes again (not a lower price: refund-purpose.spec.ts has that one).
  await dialog.getByLabel('What is this refund?').selectOption('return')
  await dialog.getByLabel('Reason').fill('Spare magazine returned')
  await dialog.getByRole('button', { name: 'Refund $10.00' }).click()
  await expect(dialog).toBeHidden()
  await expect(balance()).toHaveText('$110.00')
  const cashRefund = entries().filter({ hasText: 'Spare magazine returned' })
  await expect(cashRefund).toContainText('Refund (Cash)')
  await expect(cashRefund.getByTestId('ledger-amount')).toHaveText('\u2212$10.00')
  await expect(cashRow).toContainText('Refunded $10.00 of $20.00')
  await expect(panel().getByTestId('ledger-paid')).toHaveText('$10.00')
  await shoot(page, panel, 'admin-ledger-cash')
  await page.keyboard.press('Escape')
  await expect(editor).toBeHidden()
  await expect(row).toContainText('Owes: $110.00')
  await signOut(page)

  // The customer pays $50.00 of it by card (the dev gateway's test card).
  await signIn(page, email, password)
  await openOrderFromDashboard(page, `Colt ${model}`)
  const orderId = page.url().split('/orders/')[1]
  await page.goto(`/orders/${orderId}/payment`)
  await expect(page.getByTestId('balance-due')).toHaveText('$110.00')
  await page.getByLabel('Payment Amount ($)').fill('50.00')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: 'Pay $50.00' }).click()
  // The page says so, then moves on to the confirmation by itself.
  await expect(page.getByText('Payment successful!').or(page.getByRole('heading', { level: 1, name: 'Thank You for Your Payment!' }))).toBeVisible()
  await signOut(page)

  // Staff refund $15.00 of it to the card.
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto('/admin/manage-orders')
  await expect(row).toContainText('Owes: $60.00')
  await row.getByRole('button', { name: /^Edit/ }).click()
  await expect(balance()).toHaveText('$60.00')
  // The payment itself, not the refund that names it.
  const cardRow = panel().locator('tr[data-kind="payment"]').filter({ hasText: 'Credit Card' })
  await expect(cardRow).toContainText('Successful')
  await cardRow.getByRole('button', { name: 'Refund Credit Card payment of $50.00' }).click()
  dialog = page.getByRole('dialog', { name: 'Refund payment' })
  await expect(dialog.getByLabel('Refund method')).toHaveValue('card')
  await expect(dialog.getByLabel('Amount ($)')).toHaveValue('50.00')
  await dialog.getByLabel('Amount ($)').fill('15.00')
  await dialog.getByLabel('What is this refund?').selectOption('return')
  await dialog.getByLabel('Reason').fill('Cerakote touch-up not needed')
  await dialog.getByRole('button', { name: 'Refund $15.00' }).click()
  await expect(dialog).toBeHidden()
  await expect(balance()).toHaveText('$75.00')
  const cardRefund = entries().filter({ hasText: 'Cerakote touch-up not needed' })
  await expect(cardRefund).toContainText('Refund (Credit Card)')
  await expect(cardRefund).toContainText('Successful')
  await expect(cardRefund.getByTestId('ledger-amount')).toHaveText('\u2212$15.00')
  await expect(cardRow).toContainText('Refunded $15.00 of $50.00')
  await shoot(page, panel, 'admin-ledger-card')

  // More than is left of the cash payment is refused with the server's words, under the amount.
  await panel().getByRole('button', { name: 'Refund Cash payment of $20.00' }).click()
  dialog = page.getByRole('dialog', { name: 'Refund payment' })
  await dialog.getByLabel('Amount ($)').fill('10.01')
  await dialog.getByLabel('Reason').fill('Too much')
  await dialog.getByRole('button', { name: 'Refund $10.01' }).click()
  await expect(dialog.getByLabel('Amount ($)')).toHaveAccessibleDescription('Amount cannot exceed the $10.00 not yet refunded')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await page.keyboard.press('Escape')
  await expect(editor).toBeHidden()

  // The payments page lists the refunds as negative amounts.
  await page.goto('/admin/payments')
  await page.getByPlaceholder('Search by customer, firearm, or order ID').fill(model)
  // A model is text: searched on the stored search attribute, not counted (no "Total"), every match listed.
  await expect(page.getByText(`Payments matching "${model}"`)).toBeVisible()
  const paymentsTable = page.getByRole('table', { name: 'Customer payments' })
  await expect(paymentsTable.locator('tbody tr')).toHaveCount(5)
  await expect(paymentsTable.getByRole('row').filter({ hasText: 'Refund (Cash)' })).toContainText('\u2212$10.00')
  await expect(paymentsTable.getByRole('row').filter({ hasText: 'Refund (Credit Card)' })).toContainText('\u2212$15.00')
  await expect(paymentsTable.getByRole('row').filter({ hasText: 'Discount' })).toContainText('Adjustment')
  await page.setViewportSize({ width: 1280, height: 900 })
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*(^|\s)dark(\s|$))/)
    await paymentsTable.screenshot({ path: `${SHOTS}/admin-payments-1280-${scheme}.png`, animations: 'disabled' })
  }
})
