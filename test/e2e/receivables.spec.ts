import { expect, test, type Locator } from '@playwright/test'
import { SHOTS, shoot, signIn } from './steps.ts'

// Staff see what is owed: the Receivables page's totals are the sums of the orders it lists (the
// seeded customer has orders with a balance due), an age filter shows one bucket, and each order
// links to its editor. Reads only: the seeded data the other spec files read is left alone.

const ADMIN = { email: 'admin@example.com', password: 'AdminPass123!' }

const centsOf = async (cells: Locator) => (await cells.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-cents'))))).reduce((a, b) => a + b, 0)

test('staff see the balances due with their totals and aging, filter an age bucket and open an order', async ({ page }) => {
  test.setTimeout(180_000)
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto('/admin')
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: /Receivables/ }).click()
  await expect(page).toHaveURL(/\/admin\/receivables$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Receivables' })).toBeVisible()

  const list = page.getByRole('list', { name: 'Orders with a balance due' })
  await expect(list.getByRole('listitem').first()).toBeVisible()
  // Every page (25 a page), then the sums of what is listed.
  const more = page.getByRole('button', { name: 'Load more' })
  while (await more.isVisible()) {
    const n = await list.getByRole('listitem').count()
    await more.click()
    await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThan(n)
  }
  const rows = list.getByRole('listitem')
  const count = await rows.count()
  expect(count).toBeGreaterThanOrEqual(4)
  const cards = page.getByLabel('Receivables totals')
  const card = (label: string) => cards.locator('div').filter({ has: page.getByText(label, { exact: true }) })
  const balances = rows.locator('dt:text-is("Balance due") + dd')
  expect(await card('Total due').locator('dd[data-cents]').getAttribute('data-cents')).toBe(String(await centsOf(balances)))
  await expect(card('Total due')).toContainText(`${count} orders`)
  for (const label of ['0–30 days', '31–60 days', '61–90 days', '90+ days']) {
    const inBucket = rows.filter({ has: page.getByText(label, { exact: true }) })
    expect(await card(label).locator('dd[data-cents]').getAttribute('data-cents'), label).toBe(String(await centsOf(inBucket.locator('dt:text-is("Balance due") + dd'))))
  }
  // Oldest first.
  const ages = (await rows.locator('text=/^\\d+ days?$/').allTextContents()).map((t) => Number.parseInt(t, 10))
  expect(ages).toEqual([...ages].sort((a, b) => b - a))

  await shoot(page, () => page.locator('main'), 'receivables')
  await page.setViewportSize({ width: 1280, height: 1000 })
  await page.locator('main').screenshot({ path: `${SHOTS}/receivables-1280-light.png`, animations: 'disabled' })

  // One bucket: its orders only; the totals stay those of all.
  const age = page.getByLabel('Age', { exact: true })
  await age.selectOption({ label: '0–30 days' })
  await expect(page.getByRole('heading', { name: 'Balances due 0–30 days' })).toBeVisible()
  await expect(list.getByRole('listitem').first()).toBeVisible()
  const zeroTo30 = await list.getByRole('listitem').count()
  expect(zeroTo30).toBeGreaterThan(0)
  await expect(list.getByRole('listitem').filter({ hasNot: page.getByText('0–30 days', { exact: true }) })).toHaveCount(0)
  await expect(card('Total due')).toContainText(`${count} orders`)
  // The seeded balances are all less than a month old.
  await age.selectOption({ label: '90+ days' })
  await expect(page.getByText('No orders with a balance due are 90+ days old.')).toBeVisible()
  await shoot(page, () => page.locator('main'), 'receivables-empty-bucket')

  // An order's number opens it in the order editor.
  await age.selectOption({ label: 'All ages' })
  const first = list.getByRole('listitem').first()
  const number = (await first.getByRole('link').textContent())!.trim()
  await first.getByRole('link', { name: number }).click()
  await expect(page).toHaveURL(/\/admin\/manage-orders\?order=/)
  await expect(page.getByRole('dialog', { name: `Edit Order ${number}` })).toBeVisible()
})
