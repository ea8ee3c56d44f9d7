import { expect, test, type Page } from '@playwright/test'
import { INBOX_TEXTS } from '@gs/shared/inbox'
import { seedCustomerWithOrders, shoot, shootAt390, SHOTS, signedInApi, signIn, signOut } from './steps.ts'

const ADMIN = ['admin@example.com', 'AdminPass123!'] as const

/** Signs out from a page loaded by its URL (the sign-in page may then offer to come back to it). */
async function leave(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).first().click()
  await expect(page).toHaveURL(/\/login(\?|$)/)
}

/** The header's Inbox link (the desktop header's: the badge's name says how many orders wait). */
const inboxLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Inbox,/ })

test('a customer writes; staff see the Inbox badge, open the order from the Inbox, reply, and the badge goes back', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const suffix = Date.now().toString(36)
  const email = `inbox-${suffix}@example.com`
  const model = `870 ${suffix}`
  const [order] = await seedCustomerWithOrders(page, { email, password: 'Password123!', firstName: 'Remy', lastName: 'Writer' }, [{ make: 'Remington', model, estimatedCostCents: 12_000 }])

  // What the Inbox holds before (other journeys of the run may have left messages in it).
  await signIn(page, ...ADMIN)
  const before: number = (await signedInApi(page, 'GET', '/api/admin/inbox/count')).count
  await signOut(page)

  // The customer writes to the shop on their order's page.
  await signIn(page, email, 'Password123!')
  await page.goto(`/orders/${order.id}`)
  await page.getByLabel('Add a note for the shop').fill('When can I pick up the Remington? Saturday OK?')
  await page.getByRole('button', { name: 'Add Note' }).click()
  await expect(page.getByRole('list', { name: 'Status updates' }).getByText('When can I pick up the Remington? Saturday OK?')).toBeVisible()
  await leave(page)

  // Staff: the header's badge counts the order.
  await signIn(page, ...ADMIN)
  await expect(inboxLink(page)).toHaveAccessibleName(INBOX_TEXTS.badgeLabel(before + 1))
  await expect(inboxLink(page).getByTestId('inbox-badge')).toHaveText(String(before + 1))
  await page.screenshot({ path: `${SHOTS}/inbox-header-desktop.png`, clip: { x: 0, y: 0, width: 1280, height: 64 } })

  // The order list marks the row.
  await page.goto('/admin/manage-orders')
  const row = page.getByRole('list', { name: 'Active orders' }).getByRole('listitem').filter({ hasText: model })
  await expect(row.getByText(INBOX_TEXTS.marker)).toBeVisible()

  // The Inbox lists it: the firearm, the customer, the message, who it is assigned to.
  await inboxLink(page).click()
  await expect(page).toHaveURL(/\/admin\/inbox$/)
  await expect(page.getByRole('heading', { level: 1, name: INBOX_TEXTS.title })).toBeVisible()
  const item = page.getByRole('list', { name: INBOX_TEXTS.title }).getByRole('listitem').filter({ hasText: model })
  await expect(item).toContainText('When can I pick up the Remington? Saturday OK?')
  await expect(item).toContainText('Remy')
  await expect(item).toContainText(INBOX_TEXTS.unassigned)
  await page.screenshot({ path: `${SHOTS}/inbox-page-desktop.png`, fullPage: true })
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: `${SHOTS}/inbox-page-desktop-dark.png`, fullPage: true })
  await page.emulateMedia({ colorScheme: 'light' })
  await shootAt390(page, 'inbox-page')

  // Open order: the editor says a message waits; the staff reply (a message the customer sees) answers it.
  await item.getByRole('link', { name: /^Open order/ }).click()
  const editor = page.getByRole('dialog', { name: /^Edit Order GS-/ })
  await expect(editor.getByText(INBOX_TEXTS.waiting)).toBeVisible()
  await shoot(page, () => editor.getByText(INBOX_TEXTS.waiting).locator('xpath=../..'), 'inbox-editor-banner')
  const post = editor.getByRole('form', { name: 'Post status message' })
  await post.getByLabel('Message').fill('Saturday works: we open at 9.')
  await post.getByRole('button', { name: 'Post Update' }).click()
  await expect(editor.getByText('Note added successfully!')).toBeVisible()
  await expect(editor.getByText(INBOX_TEXTS.waiting)).toBeHidden()

  // The badge is back to what it was; the Inbox no longer lists the order.
  await expect(inboxLink(page)).toHaveAccessibleName(INBOX_TEXTS.badgeLabel(before))
  await page.keyboard.press('Escape')
  await page.goto('/admin/inbox')
  // The Inbox has loaded (other journeys' messages may wait there too), without this order.
  await expect(page.getByRole('list', { name: INBOX_TEXTS.title }).or(page.getByText(INBOX_TEXTS.empty))).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: model })).toHaveCount(0)
})

test('Mark handled takes an order off the Inbox without a reply', async ({ page }) => {
  test.setTimeout(180_000)
  const suffix = Date.now().toString(36)
  const email = `handled-${suffix}@example.com`
  const model = `Model 700 ${suffix}`
  const [order] = await seedCustomerWithOrders(page, { email, password: 'Password123!', firstName: 'Hal', lastName: 'Handled' }, [{ make: 'Remington', model, estimatedCostCents: 9_000 }])
  await signIn(page, email, 'Password123!')
  await signedInApi(page, 'POST', `/api/orders/${order.id}/notes`, { text: 'Thanks, no answer needed.' })
  await signOut(page)

  await signIn(page, ...ADMIN)
  await page.goto('/admin/inbox')
  const item = page.getByRole('list', { name: INBOX_TEXTS.title }).getByRole('listitem').filter({ hasText: model })
  await expect(item).toContainText('Thanks, no answer needed.')
  const count: number = (await signedInApi(page, 'GET', '/api/admin/inbox/count')).count
  await item.getByRole('button', { name: /^Mark handled/ }).click()
  await expect(page.getByRole('status').getByText(INBOX_TEXTS.handled)).toBeVisible()
  await expect(item).toHaveCount(0)
  await expect(inboxLink(page)).toHaveAccessibleName(INBOX_TEXTS.badgeLabel(count - 1))
  if (count - 1 === 0) await expect(page.getByText(INBOX_TEXTS.empty)).toBeVisible()
})
