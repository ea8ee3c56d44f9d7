import { expect, test, type Page } from '@playwright/test'
import { seedCustomerWithOrders, shoot, signIn } from './steps.ts'

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
