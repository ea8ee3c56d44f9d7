import { expect, test } from '@playwright/test'
import { signIn } from './steps.ts'

test('a customer goes from the landing page to the dashboard and signs out', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Track Your Firearm Repair With Confidence' })).toBeVisible()
  await page.getByRole('link', { name: 'Track Your Order Now' }).click()
  await expect(page).toHaveURL(/\/login$/)

  await page.getByLabel('Email').fill('customer@example.com')
  await page.getByLabel('Password').fill('CustomerPass123!')
  await page.getByRole('button', { name: 'Sign In' }).click()

  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible()
  await expect(page.getByText('customer@example.com').first()).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Sign Out' }).first().click()
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible()
  // Signed out, a staff or customer page leads to the sign-in, which returns to it.
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
})

test('an admin signs in (with the authenticator code) and sees the Admin link', async ({ page }) => {
  await signIn(page, 'admin@example.com', 'AdminPass123!')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Admin' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Archived Orders' })).toBeVisible()
})

test('a new customer registers and lands on the dashboard', async ({ page }) => {
  const email = `e2e-${Date.now()}@example.com`
  await page.goto('/register')
  await page.getByLabel('First Name').fill(' Riley ')
  await page.getByLabel('Last Name').fill('Shooter')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('Password123!')
  await page.getByLabel('Confirm Password').fill('Password123!')
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByText(email).first()).toBeVisible()
  await expect(page.getByText('Riley Shooter').first()).toBeVisible()
})
