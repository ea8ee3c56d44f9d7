import { expect, type Locator, type Page } from '@playwright/test'

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.locator('main').getByRole('button', { name: 'Sign In' }).click()
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
