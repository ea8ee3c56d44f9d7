import { mkdirSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { openOrderFromDashboard, seedCustomerWithOrders, signIn } from './steps'

// A customer of this spec's own (the seeded demo data is for the other journeys) owes on a Ruger 10/22
// (payment_needed) and has an unpaid Sig Sauer P365. The local stack runs the dev payments mode: the
// test card form confirms through the dev route and the signed webhook before it answers.

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/helper-spa-shots'

const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100)
const usd = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/** The page at 390 px in dark mode, then as printed (light, print media), full length. */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  const viewport = page.viewportSize()
  await page.setViewportSize({ width: 390, height: 844 })
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveClass(/dark/)
  await page.screenshot({ path: `${SHOTS}/${name}-390-dark.png`, fullPage: true, animations: 'disabled' })
  await page.emulateMedia({ media: 'print' })
  await page.screenshot({ path: `${SHOTS}/${name}-390-dark-print.png`, fullPage: true, animations: 'disabled' })
  // A letter page's printable width at 96 dpi (8.5in less the margins).
  await page.setViewportSize({ width: 710, height: 900 })
  await page.emulateMedia({ media: 'print', colorScheme: 'light' })
  await page.screenshot({ path: `${SHOTS}/${name}-print.png`, fullPage: true, animations: 'disabled' })
  await page.emulateMedia({ media: 'screen', colorScheme: 'light' })
  if (viewport) await page.setViewportSize(viewport)
}

/** No axe violations on the page as it is, in either colour scheme. */
async function expectAccessible(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /dark/ : /^(?!.*dark)/)
    const results = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze()
    expect(results.violations.map((v) => `${name} [${colorScheme}]: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

test('a customer pays by card, is thanked on the confirmation, prints the invoice; an unpaid order has nothing to confirm', async ({ page }) => {
  const customer = { email: `receipt-${Date.now().toString(36)}@example.com`, password: 'Password123!', firstName: 'Rita', lastName: 'Receipt' }
  await seedCustomerWithOrders(page, customer, [
    { make: 'Ruger', model: '10/22', estimatedCostCents: 18_500, currentStatus: 'payment_needed' },
    { make: 'Sig Sauer', model: 'P365', estimatedCostCents: 9_000 },
  ])
  await signIn(page, customer.email, customer.password)

  // The unpaid order first: its confirmation page thanks for nothing.
  await openOrderFromDashboard(page, 'Sig Sauer P365')
  const unpaidId = new URL(page.url()).pathname.split('/')[2]
  await page.goto(`/payment-confirmation/${unpaidId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'No Payment to Confirm' })).toBeVisible()
  await expect(page.getByText('There is no payment to confirm for this order.')).toBeVisible()
  await expect(page.getByText(/Thank You/)).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Make Payment' })).toHaveAttribute('href', `/orders/${unpaidId}/payment`)
  await expectAccessible(page, 'nothing to confirm')
  await shoot(page, 'confirmation-none')

  // Pay the Ruger in full with the test card.
  await page.goto('/payments')
  const item = page.getByRole('list', { name: 'Orders awaiting payment' }).getByRole('listitem').filter({ hasText: 'Ruger 10/22' })
  await expect(item).toBeVisible()
  const payHref = (await item.getByRole('link', { name: /Pay Now/ }).getAttribute('href'))!
  const orderId = payHref.split('/')[2]
  await item.getByRole('link', { name: /Pay Now/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Make a Payment' })).toBeVisible()
  const balance = cents(await page.getByTestId('balance-due').textContent())
  expect(balance).toBeGreaterThan(0)
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: `Pay ${usd(balance)}` }).click()
  // The form is gone at once: nothing can be paid twice.
  await expect(page.getByText('Payment successful!')).toBeVisible()
  await expect(page.getByLabel('Card number')).toHaveCount(0)
  await expect(page.getByLabel('Payment Amount ($)')).toHaveCount(0)

  // Then the confirmation of that payment (2 s later).
  await expect(page).toHaveURL(new RegExp(`/payment-confirmation/${orderId}\\?payment_intent=pi_dev_`))
  await expect(page.getByRole('heading', { level: 1, name: 'Thank You for Your Payment!' })).toBeVisible()
  const details = page.getByRole('region', { name: 'Payment Details' })
  await expect(details).toContainText(usd(balance))
  await expect(details).toContainText('Credit Card')
  await expect(details.getByText(/^pi_dev_\w{5}$/)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Invoice Summary' }).getByTestId('balance-due')).toHaveText('$0.00')
  await expectAccessible(page, 'confirmation')
  await shoot(page, 'confirmation')

  // The printable invoice: the payment, a zero balance, paid in full.
  await page.getByRole('link', { name: 'Print Invoice' }).click()
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/invoice$`))
  const sheet = page.getByRole('article', { name: 'Invoice' })
  await expect(sheet).toBeVisible()
  await expect(sheet).toContainText('Ruger')
  await expect(sheet).toContainText('10/22')
  const ledger = sheet.getByRole('region', { name: 'Payments and Refunds' })
  await expect(ledger.getByRole('row').filter({ hasText: 'Credit Card' }).last()).toContainText(usd(balance))
  await expect(sheet.getByTestId('balance-due')).toHaveText('$0.00')
  await expect(sheet.getByTestId('invoice-status')).toHaveText(/Paid in full/i)
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible()
  await expectAccessible(page, 'invoice')
  await shoot(page, 'invoice')

  // On paper only the sheet: no site header, footer or buttons.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('banner')).toBeHidden()
  await expect(page.getByRole('contentinfo')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
  await expect(sheet).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await page.emulateMedia({ media: 'screen' })

  // Back leads to where the customer came from (the confirmation).
  await page.getByRole('link', { name: /Back/ }).click()
  await expect(page).toHaveURL(new RegExp(`/payment-confirmation/${orderId}\\?payment_intent=`))

  // The order page links to the invoice too.
  await page.goto(`/orders/${orderId}`)
  await expect(page.getByRole('link', { name: 'Print invoice' })).toHaveAttribute('href', `/orders/${orderId}/invoice`)
})

test('staff print an invoice with a discount, a shop payment and a refund; long words stay on the page', async ({ page }) => {
  await seedCustomerWithOrders(page, { email: `invoice-${Date.now().toString(36)}@example.com`, password: 'Password123!', firstName: 'Ivan', lastName: 'Invoice' }, [
    { make: 'Remington', model: '870 Express', estimatedCostCents: 22_000 },
  ])
  await signIn(page, 'admin@example.com', 'AdminPass123!')
  // The ledger entries through the staff API (the admin payments panel is another journey's).
  const orderId = await page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'))!
    const headers = { Authorization: `Bearer ${localStorage.getItem(key)}`, 'Content-Type': 'application/json' }
    const list = await (await fetch('/api/admin/orders?limit=100', { headers })).json()
    const order = list.items.find((o: { firearmMake: string; customerName: string }) => o.firearmMake === 'Remington' && o.customerName === 'Ivan Invoice')
    const post = async (path: string, body: unknown) => {
      const r = await fetch(`/api/admin/orders/${order.id}${path}`, { method: 'POST', headers, body: JSON.stringify({ requestId: crypto.randomUUID(), ...(body as object) }) })
      if (r.status !== 201) throw new Error(`${path}: ${r.status} ${await r.text()}`)
      return r.json()
    }
    await post('/adjustments', { kind: 'discount', amountCents: 1500, reason: 'Returning customer' })
    const paid = await post('/payments', { method: 'cash', amountCents: 5000, reference: 'Till 2' })
    await post(`/payments/${paid.payment.paymentId}/refunds`, {
      method: 'cash',
      amountCents: 2000,
      purpose: 'return',
      reason: 'Overcharged-for-the-extractor-spring-see-ticket-REF0000123456789012345678901234567890',
    })
    return order.id as string
  })

  await page.goto(`/admin/orders/${orderId}/invoice`)
  const sheet = page.getByRole('article', { name: 'Invoice' })
  await expect(sheet).toContainText('Remington')
  await expect(sheet.getByTestId('invoice-discounts')).toHaveText('\u2212$15.00')
  const ledger = sheet.getByRole('region', { name: 'Payments and Refunds' }).getByRole('row')
  await expect(ledger.filter({ hasText: 'Cash (Till 2)' })).toContainText('$50.00')
  await expect(ledger.filter({ hasText: 'Refund (Cash)' })).toContainText('\u2212$20.00')
  await expect(sheet.getByRole('region', { name: 'Discounts' })).toContainText('Discount: Returning customer')
  await shoot(page, 'admin-invoice')
  for (const width of [390, 710]) {
    await page.setViewportSize({ width, height: 900 })
    await page.emulateMedia({ media: 'print' })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, `overflow at ${width}px`).toBeLessThanOrEqual(0)
  }
})
