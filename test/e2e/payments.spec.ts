import { expect, test, type Page } from '@playwright/test'
import { seedCustomerWithOrders, shoot, signIn as signInAs } from './steps.ts'

// The seeded customer (infra/local/demo-data.ts) owes on two orders: the Remington 870 Express
// (work_complete, with parts) and the Ruger 10/22 (payment_needed). The local stack runs the dev
// payments mode: the test card form confirms through the dev route and the signed webhook.
// Spec files share one stack per run, so orders are picked from whatever /payments lists.

async function signIn(page: Page) {
  await page.goto('/login')
  await page.getByLabel('Email').fill('customer@example.com')
  await page.getByLabel('Password').fill('CustomerPass123!')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
}

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100)
const usd = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

async function historyCounts(page: Page) {
  await page.goto('/payment-history')
  await expect(page.getByRole('heading', { level: 1, name: 'Payment History' })).toBeVisible()
  const table = page.getByRole('table')
  await expect(table.or(page.getByText('No payment history found'))).toBeVisible()
  if (!(await table.isVisible())) return { rows: 0, successful: 0, failed: 0 }
  // Up to 10 rows a page; the journey stays well under that.
  const rows = table.getByRole('row')
  return {
    rows: (await rows.count()) - 1,
    successful: await table.getByText('Successful', { exact: true }).count(),
    failed: await table.getByText('Failed', { exact: true }).count(),
  }
}

test('a customer pays an order in part, then two orders at once; a declined card is a failed attempt that pays nothing', async ({ page }) => {
  await signIn(page)
  const before = await historyCounts(page)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payments', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible()
  const list = page.getByRole('list', { name: 'Orders awaiting payment' })
  const items = list.getByRole('listitem')
  await expect(items.first()).toBeVisible()
  expect(await items.count()).toBeGreaterThanOrEqual(2)
  const firstHref = (await items.nth(0).getByRole('link', { name: /Pay Now/ }).getAttribute('href'))!
  const secondHref = (await items.nth(1).getByRole('link', { name: /Pay Now/ }).getAttribute('href'))!
  const firstId = firstHref.split('/')[2]
  const secondId = secondHref.split('/')[2]

  // One order, part of its balance. A declined card first.
  await items.nth(0).getByRole('link', { name: /Pay Now/ }).click()
  await expect(page).toHaveURL(firstHref)
  await expect(page.getByRole('heading', { level: 1, name: 'Make a Payment' })).toBeVisible()
  await expect(page.getByText('Test mode: no real card is charged.', { exact: false })).toBeVisible()
  const balance = cents(await page.getByTestId('balance-due').textContent())
  expect(balance).toBeGreaterThan(2000)
  const amount = page.getByLabel('Payment Amount ($)')
  await expect(amount).toHaveValue((balance / 100).toFixed(2))
  await amount.fill('20')
  await page.getByLabel('Card number').fill('4000 0000 0000 0002')
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: 'Pay $20.00' }).click()
  await expect(page.getByText('Your card was declined.')).toBeVisible()
  await expect(page.getByTestId('balance-due')).toHaveText(usd(balance))

  // The same payment again with the good test card.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay $20.00' }).click()
  await expect(page.getByText('Payment successful!')).toBeVisible()
  // The form is gone at once (no second payment of a stale balance); 2 s later the confirmation (spec).
  await expect(amount).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`/payment-confirmation/${firstId}\\?payment_intent=pi_dev_`), { timeout: 10_000 })
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Payment!' })).toBeVisible()
  const details = page.getByRole('region', { name: 'Payment Details' })
  await expect(details).toContainText('$20.00')
  await expect(details).toContainText('Credit Card')
  await expect(details).toContainText('up to 24 hours')
  await expect(details.getByText(/^pi_dev_\w{5}$/)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Invoice Summary' })).toContainText(usd(balance - 2000))
  await expect(page.getByRole('link', { name: 'Print Invoice' })).toHaveAttribute('href', `/orders/${firstId}/invoice`)
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard')

  // History: the declined attempt (Failed) and the successful payment.
  const afterPartial = await historyCounts(page)
  expect(afterPartial.rows).toBe(before.rows + 2)
  expect(afterPartial.successful).toBe(before.successful + 1)
  expect(afterPartial.failed).toBe(before.failed + 1)

  // Two orders in one payment.
  await page.goto('/payments')
  await list.getByRole('checkbox').first().waitFor()
  for (const id of [firstId, secondId]) {
    await list.getByRole('listitem').filter({ has: page.locator(`a[href="/orders/${id}/payment"]`) }).getByRole('checkbox').check()
  }
  await page.getByRole('button', { name: 'Pay Selected' }).click()
  await expect(page).toHaveURL(/\/payments\/batch\?orders=/)
  await expect(page.getByRole('heading', { level: 1, name: 'Pay Multiple Orders' })).toBeVisible()
  const batch = page.getByRole('list', { name: 'Orders in this payment' }).getByRole('listitem')
  await expect(batch).toHaveCount(2)
  const batchTotal = cents(await page.getByTestId('batch-total').textContent())
  const shares = await batch.evaluateAll((els) => els.map((el) => el.textContent ?? ''))
  expect(shares.map((t) => cents(t.match(/\$[\d,]+\.\d\d$/)?.[0] ?? '')).reduce((a, b) => a + b, 0)).toBe(batchTotal)
  await page.getByLabel('Card number').fill('4242424242424242')
  await page.getByRole('button', { name: `Pay ${usd(batchTotal)}` }).click()
  await expect(page.getByText('Payment successful!')).toBeVisible()
  await expect(page).toHaveURL(/\/payments$/, { timeout: 8_000 })
  await expect(page.locator(`a[href="${firstHref}"]`)).toHaveCount(0)
  await expect(page.locator(`a[href="${secondHref}"]`)).toHaveCount(0)

  const afterBatch = await historyCounts(page)
  expect(afterBatch.rows).toBe(before.rows + 4)
  expect(afterBatch.successful).toBe(before.successful + 3)
  expect(afterBatch.failed).toBe(before.failed + 1)

  // Paid in full: the order is now "Payment Received".
  await page.goto(`/orders/${firstId}`)
  await expect(page.getByText('Payment Received', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Nothing is due on this order.')).toBeVisible()
})

test("staff take cash at the counter while the customer's card payment is open: the card checkout is canceled first, the money is taken once", async ({ page, browser }) => {
  test.setTimeout(180_000)
  const suffix = Date.now().toString(36)
  const customer = { email: `counter-${suffix}@example.com`, password: 'Password123!', firstName: 'Cass', lastName: 'Counter' }
  const model = `Counter ${suffix}`
  // $100.00 of work + $25.00 return shipping.
  const [order] = await seedCustomerWithOrders(page, customer, [{ make: 'Colt', model, estimatedCostCents: 10_000, currentStatus: 'work_complete' }])

  // The customer's card is declined: the checkout stays open, the card form still on screen.
  await signInAs(page, customer.email, customer.password)
  await page.goto(`/orders/${order.id}/payment`)
  await expect(page.getByRole('heading', { level: 1, name: 'Make a Payment' })).toBeVisible()
  await page.getByLabel('Card number').fill('4000 0000 0000 0002')
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: 'Pay $125.00' }).click()
  await expect(page.getByText('Your card was declined.')).toBeVisible()

  // Meanwhile the customer pays cash at the counter: staff record it in the order editor.
  const counter = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage()
  await signInAs(counter, 'admin@example.com', 'AdminPass123!')
  await counter.goto('/admin/manage-orders')
  await counter.getByRole('list', { name: 'Active orders' }).getByRole('listitem').filter({ hasText: model }).getByRole('button', { name: /^Edit/ }).click()
  const editor = counter.getByRole('dialog', { name: /^Edit Order GS-/ })
  const panel = () => editor.getByRole('region', { name: 'Payments and Refunds' })
  await panel().getByRole('button', { name: 'Record payment' }).click()
  const dialog = counter.getByRole('dialog', { name: 'Record payment' })
  await expect(dialog.getByLabel('Amount ($)')).toHaveValue('125.00')
  await dialog.getByRole('button', { name: 'Save payment' }).click()
  await expect(panel().getByTestId('ledger-notice')).toHaveText('Cash payment of $125.00 recorded.')
  await expect(panel().getByTestId('ledger-balance')).toHaveText('$0.00')
  // The audit log says the customer's card payment was canceled.
  await expect(editor.getByRole('region', { name: 'Activity' }).getByRole('listitem').first()).toContainText("Recorded a Cash payment of $125.00; canceled the customer's open card payment of $125.00")
  await shoot(counter, panel, 'shop-payment-over-open-card-checkout')
  await counter.context().close()

  // Back at home, the good card in the same form: nothing is owed any more, nothing is charged.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay $125.00' }).click()
  await expect(page.getByText('This order has no balance due')).toBeVisible()
  const history = await historyCounts(page)
  expect(history).toEqual({ rows: 2, successful: 1, failed: 1 })
  await expect(page.getByRole('table')).toContainText('Cash')
})

test('staff raise an estimate while the customer is on the batch page: nothing is charged, the new total is shown and paid once confirmed', async ({ page, browser }) => {
  test.setTimeout(180_000)
  const suffix = Date.now().toString(36)
  const customer = { email: `raised-${suffix}@example.com`, password: 'Password123!', firstName: 'Rae', lastName: 'Raised' }
  // $100.00 + $60.00 of work, $25.00 return shipping each: $210.00.
  const [a, b] = await seedCustomerWithOrders(page, customer, [
    { make: 'Colt', model: `Python ${suffix}`, estimatedCostCents: 10_000, currentStatus: 'work_complete' },
    { make: 'Ruger', model: `GP100 ${suffix}`, estimatedCostCents: 6_000, currentStatus: 'work_complete' },
  ])
  await signInAs(page, customer.email, customer.password)
  await page.goto(`/payments/batch?orders=${a.id},${b.id}`)
  await expect(page.getByTestId('batch-total')).toHaveText('$210.00')
  await expect(page.getByRole('button', { name: 'Pay $210.00' })).toBeVisible()

  // Meanwhile, at the shop: the Ruger needs $40.00 more.
  const staff = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage()
  await signInAs(staff, 'admin@example.com', 'AdminPass123!')
  await staff.evaluate(async (orderId) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'))!
    const headers = { Authorization: `Bearer ${localStorage.getItem(key)}`, 'Content-Type': 'application/json' }
    const order = await (await fetch(`/api/admin/orders/${orderId}`, { headers })).json()
    const r = await fetch(`/api/admin/orders/${orderId}`, { method: 'PATCH', headers, body: JSON.stringify({ version: order.version, estimatedCostCents: order.estimatedCostCents + 4_000 }) })
    if (!r.ok) throw new Error(`PATCH: ${r.status} ${await r.text()}`)
  }, b.id)
  await staff.context().close()

  // The customer pays what they saw: refused, nothing charged; the page shows the new bill and asks again.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: 'Pay $210.00' }).click()
  await expect(page.getByText('The amount due changed from $210.00 to $250.00 since this page was loaded. Nothing was charged: please check the new amount and pay again.')).toBeVisible()
  await expect(page.getByTestId('batch-total')).toHaveText('$250.00')
  await expect(page.getByRole('list', { name: 'Orders in this payment' }).getByRole('listitem').filter({ hasText: `GP100 ${suffix}` })).toContainText('$125.00')
  await expect(page.getByRole('button', { name: 'Pay $250.00' })).toBeVisible()
  await shoot(page, () => page.getByRole('main'), 'batch-payment-bill-changed')
  expect((await historyCountsOf(page, a.id, b.id))).toBe(0)

  await page.getByRole('button', { name: 'Pay $250.00' }).click()
  await expect(page.getByText('Payment successful!')).toBeVisible()
  await expect(page.getByTestId('batch-paid-total')).toHaveText('$250.00')
})

/** Card payments recorded on these orders (the customer's API): none until the customer confirms the new total. */
async function historyCountsOf(page: Page, ...orderIds: string[]) {
  return page.evaluate(async (ids) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'))!
    const r = await fetch('/api/payments', { headers: { Authorization: `Bearer ${localStorage.getItem(key)}` } })
    const { items } = (await r.json()) as { items: { orderId: string }[] }
    return items.filter((p) => ids.includes(p.orderId)).length
  }, orderIds)
}
