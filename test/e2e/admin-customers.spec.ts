import { expect, test, type Page } from '@playwright/test'
import { seedCustomerWithOrders, shoot, signIn, signOut } from './steps.ts'

/** Customers made through the staff API by the signed-in admin (one browser call each). */
async function createCustomers(page: Page, customers: Array<{ email: string; password: string; firstName: string; lastName: string }>) {
  await page.evaluate(async (customers) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'))!
    const headers = { Authorization: `Bearer ${localStorage.getItem(key)}`, 'Content-Type': 'application/json' }
    for (const c of customers) {
      const r = await fetch('/api/admin/customers', { method: 'POST', headers, body: JSON.stringify(c) })
      if (!r.ok) throw new Error(`POST /api/admin/customers: ${r.status} ${await r.text()}`)
    }
  }, customers)
}

test('staff find a customer by name, email or phone on the server, and pick one for a new order', async ({ page }) => {
  test.setTimeout(120_000)
  const suffix = Date.now().toString(36)
  const people = [
    { email: `zoe-${suffix}@example.com`, password: 'Password123!', firstName: 'Zoë', lastName: `Quill${suffix}`, phone: '555-013-4455' },
    { email: `zack-${suffix}@example.com`, password: 'Password123!', firstName: 'Zack', lastName: `Quill${suffix}` },
  ]
  for (const p of people) await seedCustomerWithOrders(page, p, [])

  await signIn(page, 'admin@example.com', 'AdminPass123!')
  await page.goto('/admin/customers')
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Management Center' })).toBeVisible()
  const list = page.getByRole('list', { name: 'Customers' })
  await expect(list.getByRole('listitem').first()).toBeVisible()

  const search = page.getByLabel('Search customers')
  const shows = async (term: string, emails: string[]) => {
    await search.fill(term)
    await expect(list.getByRole('listitem')).toHaveCount(emails.length)
    for (const email of emails) await expect(list).toContainText(email)
  }
  // Text without accents or case, newest first; an exact email in any case; a phone number however typed.
  await shows(`zoe quill${suffix}`.toUpperCase(), [people[0].email])
  await shows(`quill${suffix}`, [people[1].email, people[0].email])
  await expect(list.getByRole('listitem').first()).toContainText(people[1].email)
  await shows(people[0].email.toUpperCase(), [people[0].email])
  await shows('+1 (555) 013 4455', [people[0].email])
  await shows(`quill${suffix}`, [people[1].email, people[0].email])
  await shoot(page, () => page.getByRole('region', { name: 'Customers' }), 'admin-customers-search')

  // The picker of a new order asks the server as the person types.
  await page.goto('/admin/manage-orders')
  await page.getByRole('button', { name: 'New Order' }).click()
  const createForm = page.getByRole('dialog', { name: 'Create New Order' })
  await createForm.getByLabel('Customer').fill(`zoe quill${suffix}`)
  const matches = createForm.getByRole('list', { name: 'Matching customers' })
  await expect(matches.getByRole('button')).toHaveCount(1)
  await shoot(page, () => createForm, 'admin-customers-picker')
  await matches.getByRole('button', { name: new RegExp(`Zoë Quill${suffix}`) }).click()
  await expect(createForm.getByTestId('selected-customer')).toContainText(people[0].email)
})

test('the customer list shows a page of 25 and "Load more" goes on, with or without a search', async ({ page }) => {
  test.setTimeout(120_000)
  const suffix = Date.now().toString(36)
  await signIn(page, 'admin@example.com', 'AdminPass123!')
  const many = Array.from({ length: 27 }, (_, i) => ({ email: `pager-${suffix}-${i}@example.com`, password: 'Password123!', firstName: 'Page', lastName: `Pager${suffix} ${i}` }))
  await createCustomers(page, many)

  await page.goto('/admin/customers')
  const list = page.getByRole('list', { name: 'Customers' })
  await expect(list.getByRole('listitem')).toHaveCount(25)
  await expect(list.getByRole('listitem').first()).toContainText(many[26].email)
  await shoot(page, () => page.getByRole('region', { name: 'Customers' }), 'admin-customers-load-more')
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(list.getByRole('listitem').nth(25)).toContainText(many[1].email)
  const loaded = await list.getByRole('listitem').count()

  await page.getByLabel('Search customers').fill(`pager${suffix}`)
  await expect(list.getByRole('listitem')).toHaveCount(25)
  await expect(list.getByRole('listitem').first()).toContainText(many[26].email)
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(list.getByRole('listitem')).toHaveCount(27)
  await expect(list.getByRole('listitem').last()).toContainText(many[0].email)
  await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden()

  // A search that matches nothing among the customers read: said so, and offered to go on when there are more.
  await page.getByLabel('Search customers').fill(`nobody ${suffix}`)
  await expect(page.getByText('No customers found').or(page.getByText('No matches among the customers searched so far. Load more searches further.'))).toBeVisible()
  // Back to the whole list: the pages loaded before, read again.
  await page.getByLabel('Search customers').fill('')
  await expect(list.getByRole('listitem')).toHaveCount(loaded)
})

test('staff restore a deleted customer from Archived Customers, and the customer signs in again', async ({ page }) => {
  test.setTimeout(120_000)
  const suffix = Date.now().toString(36)
  const person = { email: `undo-${suffix}@example.com`, password: 'Password123!', firstName: 'Una', lastName: `Undo${suffix}` }
  const name = `${person.firstName} ${person.lastName}`
  await seedCustomerWithOrders(page, person, [])

  await signIn(page, 'admin@example.com', 'AdminPass123!')
  await page.goto('/admin/customers')
  const list = page.getByRole('list', { name: 'Customers' })
  await page.getByLabel('Search customers').fill(person.email)
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await list.getByRole('button', { name: `Delete ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Please Confirm' })
  await expect(dialog).toContainText('Are you sure you want to delete this customer? They can be restored from Archived Customers.')
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Customer deleted successfully!')).toBeVisible()

  const lists = page.getByRole('navigation', { name: 'Customer lists' })
  await lists.getByRole('link', { name: 'Archived Customers' }).click()
  const archived = page.getByRole('list', { name: 'Archived customers' })
  await page.getByLabel('Search archived customers').fill(person.email)
  await expect(archived.getByRole('listitem')).toHaveCount(1)
  await expect(archived).toContainText('Archived ')
  await shoot(page, () => page.getByRole('region', { name: 'Archived Customers' }), 'admin-archived-customers')
  await archived.getByRole('button', { name: `Restore ${name}` }).click()
  await expect(dialog).toContainText(`Restore ${name}? They will be back in the customer list and can sign in again.`)
  await dialog.getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByText('Customer restored successfully!')).toBeVisible()
  await expect(page.getByText('No archived customers found')).toBeVisible()

  await lists.getByRole('link', { name: 'Customers', exact: true }).click()
  await page.getByLabel('Search customers').fill(person.email)
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await signOut(page)
  await signIn(page, person.email, person.password)
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible()
})
