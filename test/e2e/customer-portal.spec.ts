import { expect, test, type Page } from '@playwright/test'

// The seeded customer (infra/local/demo-data.ts): six orders, the Glock 19 Gen 5 with a pending
// $125.00 additional cost, and one unread "Action Required: Additional Costs" notification.
// Spec files share one stack per run, so the steps that change data accept the already-changed state.

const APPROVED = 'Customer approved additional costs - Ready to order parts'

async function signIn(page: Page) {
  await page.goto('/login')
  await page.getByLabel('Email').fill('customer@example.com')
  await page.getByLabel('Password').fill('CustomerPass123!')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
}

async function unreadCount(page: Page): Promise<number> {
  const bell = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ })
  const label = (await bell.getAttribute('aria-label')) ?? ''
  return Number(label.match(/(\d+) unread/)?.[1] ?? 0)
}

test('a customer follows an order: note, approval and notification', async ({ page }) => {
  await signIn(page)
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Customer Information' })).toBeVisible()

  // Expand the order with the additional-cost request.
  const card = page.getByRole('article', { name: 'Glock 19 Gen 5' }).first()
  const toggle = card.getByRole('button', { name: /Glock 19 Gen 5/ })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(card.getByRole('region', { name: 'Firearm Details' })).toContainText('BXKL552')
  await expect(card.getByText('Replacement extractor and firing pin spring')).toBeVisible()

  // Add a note and see it in the history.
  const history = card.getByRole('region', { name: 'Status History & Communication' })
  const note = `Please call me before shipping (${Date.now()})`
  const addNote = history.getByRole('button', { name: 'Add Note' })
  await expect(addNote).toBeDisabled()
  await history.getByLabel('Add a note for the shop').fill(note)
  await addNote.click()
  await expect(history.getByText('Note added successfully!')).toBeVisible()
  await expect(history.getByRole('listitem').filter({ hasText: note })).toContainText('Customer Note by Casey')
  await expect(history.getByText('Note added successfully!')).toBeHidden({ timeout: 5_000 })

  // Approve the pending cost; the banner changes to the approved text.
  const approval = card.getByRole('region', { name: 'Additional Costs Approval' })
  const approve = approval.getByRole('button', { name: 'Approve' })
  if (await approve.isVisible()) {
    await expect(approval.getByText('Action required: Approval needed for additional costs')).toBeVisible()
    await expect(toggle).toContainText('Action Required')
    await approve.click()
    await page.getByRole('dialog', { name: 'Approve Additional Costs?' }).getByRole('button', { name: /^Approve \$/ }).click()
  }
  await expect(approval.getByText(APPROVED)).toBeVisible()
  await expect(approval.getByRole('button', { name: 'Approve' })).toHaveCount(0)
  await expect(toggle).not.toContainText('Action Required')
  await expect(history.getByText('Customer approved additional costs', { exact: true })).toBeVisible()

  // Open the notification about it: the order opens and the bell's count drops.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  const list = page.getByRole('list', { name: 'Notifications' })
  await expect(list.getByRole('listitem').first()).toBeVisible()
  const before = await unreadCount(page)
  const item = list.getByRole('listitem').filter({ hasText: 'Action Required: Additional Costs' }).first()
  const wasUnread = (await item.getByTestId('unread-dot').count()) > 0
  if (wasUnread) expect(before).toBeGreaterThan(0)

  await item.getByRole('link').click()
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Glock 19 Gen 5')
  await expect(page.getByRole('progressbar', { name: 'Order progress' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Additional Costs Approval' }).getByText(APPROVED)).toBeVisible()
  if (wasUnread) {
    await expect.poll(() => unreadCount(page)).toBe(before - 1)
  }

  // The list shows it read now.
  await page.goto('/notifications')
  await expect(
    page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: 'Action Required: Additional Costs' }).first().getByTestId('unread-dot'),
  ).toHaveCount(0)
})

test('My Firearm Orders lists the cards and opens an order; /order/{id} redirects', async ({ page }) => {
  await signIn(page)
  await page.getByRole('link', { name: 'My Firearm Orders' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My Firearm Orders' })).toBeVisible()
  const cards = page.getByRole('list', { name: 'Orders' }).getByRole('article')
  // Six seeded orders; other journeys in the same run may add more.
  await expect(cards.first()).toBeVisible()
  expect(await cards.count()).toBeGreaterThanOrEqual(6)
  const ruger = cards.filter({ hasText: 'Ruger 10/22' })
  await expect(ruger.getByRole('link', { name: 'Make Payment' })).toHaveAttribute('href', /\/orders\/[0-9a-f-]{36}\/payment$/)
  await ruger.getByRole('link', { name: 'Ruger 10/22' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ruger 10/22')
  const id = page.url().split('/orders/')[1]

  await page.goto(`/order/${id}`)
  await expect(page).toHaveURL(new RegExp(`/orders/${id}$`))
  await page.goto('/orders/00000000-0000-4000-8000-000000000000')
  await expect(page.getByText("This order does not exist or you don't have permission to view it.")).toBeVisible()
})
