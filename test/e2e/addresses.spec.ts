import { expect, test } from '@playwright/test'
import { SHOTS, seedCustomerWithOrders, shoot, signIn, signOut } from './steps.ts'

test('a customer fills their mailing address on /profile; staff see it in the customer list, find them by city and edit it', async ({ page }) => {
  test.setTimeout(180_000)
  const suffix = Date.now().toString(36)
  const city = `Maplewood ${suffix}`
  const customer = { email: `addr-${suffix}@example.com`, password: 'Password123!', firstName: 'Avery', lastName: `Mailer${suffix}` }
  await seedCustomerWithOrders(page, customer, [])

  await signIn(page, customer.email, customer.password)
  await page.goto('/profile')
  const address = page.getByRole('region', { name: 'Mailing Address' })
  await expect(address.getByLabel('Street Address')).toHaveValue('')

  // A bad ZIP is said on its field and nothing is saved.
  await address.getByLabel('Street Address').fill('1600 Orchard Lane')
  await address.getByLabel('Apartment, Suite, etc.').fill('Unit 12B')
  await address.getByLabel('City').fill(city)
  await address.getByLabel('State').selectOption({ label: 'Minnesota' })
  await address.getByLabel('ZIP Code').fill('5510')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(address.getByLabel('ZIP Code')).toHaveAccessibleDescription('Enter a 5-digit ZIP code (or ZIP+4)')
  await shoot(page, () => address, 'profile-address-error')

  await address.getByLabel('ZIP Code').fill('55109-1234')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Your profile has been saved.')).toBeVisible()
  await shoot(page, () => page.getByRole('form', { name: 'My Profile' }), 'profile-address')
  await address.screenshot({ path: `${SHOTS}/profile-address-wide.png` })

  // Saved on the server: a fresh load shows it.
  await page.reload()
  await expect(address.getByLabel('Street Address')).toHaveValue('1600 Orchard Lane')
  await expect(address.getByLabel('State')).toHaveValue('MN')
  await expect(address.getByLabel('ZIP Code')).toHaveValue('55109-1234')
  await signOut(page)

  await signIn(page, 'admin@example.com', 'AdminPass123!')
  await page.goto('/admin/customers')
  const list = page.getByRole('list', { name: 'Customers' })
  await expect(list.getByRole('listitem').first()).toBeVisible()
  // The search reads the address too: the city finds the customer.
  await page.getByLabel('Search customers').fill(city.toLowerCase())
  await expect(list.getByRole('listitem')).toHaveCount(1)
  const row = list.getByRole('listitem').filter({ hasText: customer.email })
  await row.getByRole('button', { expanded: false }).click()
  await expect(row.getByText('Address:').locator('xpath=following-sibling::dd')).toHaveText(`1600 Orchard Lane, Unit 12B, ${city}, MN 55109-1234`)
  await shoot(page, () => page.getByRole('region', { name: 'Customers' }), 'admin-customers-address')

  await row.getByRole('button', { name: `Edit Avery Mailer${suffix}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Customer' })
  const fields = dialog.getByRole('group', { name: 'Mailing Address' })
  await expect(fields.getByLabel('Street Address')).toHaveValue('1600 Orchard Lane')
  await expect(fields.getByLabel('City')).toHaveValue(city)
  await shoot(page, () => dialog, 'admin-customer-address-edit')
  await fields.getByLabel('Apartment, Suite, etc.').fill('')
  await fields.getByLabel('ZIP Code').fill('55110')
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Customer updated successfully!')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(list).toContainText(customer.email)
  const edited = list.getByRole('listitem').filter({ hasText: customer.email })
  if (await edited.getByRole('button', { expanded: false }).count()) await edited.getByRole('button', { expanded: false }).click()
  await expect(edited.getByText('Address:').locator('xpath=following-sibling::dd')).toHaveText(`1600 Orchard Lane, ${city}, MN 55110`)
})
