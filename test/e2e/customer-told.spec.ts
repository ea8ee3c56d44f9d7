import { expect, test, type Page } from '@playwright/test'
import { customerToldTexts as t } from '../../shared/src/customer-told.ts'
import { e2eDeliveryPorts } from './delivery-ports.ts'
import { openOrderFromDashboard, seedCustomerWithOrders, shoot, signedInApi, signIn, signOut, SHOTS } from './steps.ts'

// What staff tell the customer: an internal note and a note with "Notify customer" off are posted from the order
// editor; the customer sees the quiet note on their timeline, never the internal one, and is told of neither; then an
// approval request reaches maildev at once, naming the firearm, the order, each item and the total.

const { inboxPort } = e2eDeliveryPorts(Number(process.env.E2E_PORT ?? 3310))
const inbox = `http://127.0.0.1:${inboxPort}`

interface Mail {
  subject: string
  to: Array<{ address: string }>
  text: string
}

async function openEditor(page: Page, model: string) {
  await page.goto('/admin/manage-orders')
  const row = page.getByRole('list', { name: 'Active orders' }).getByRole('listitem').filter({ hasText: model })
  await row.getByRole('button', { name: /^Edit/ }).click()
  const editor = page.getByRole('dialog', { name: /^Edit Order GS-/ })
  const orderNumber = (await row.textContent())!.match(/GS-\d+/)![0]
  return { editor, orderNumber }
}

test('an internal note and a quiet note reach the customer as nothing; the approval request names firearm, order, items and amount', async ({ page, request }) => {
  test.setTimeout(180_000)
  const suffix = Date.now().toString(36)
  const email = `told-${suffix}@example.com`
  const model = `870 ${suffix}`
  const [order] = await seedCustomerWithOrders(page, { email, password: 'Password123!', firstName: 'Tom', lastName: 'Told' }, [{ make: 'Remington', model, estimatedCostCents: 12_000, currentStatus: 'in_progress' }])
  const mailsTo = async () => ((await (await request.get(`${inbox}/api/email`)).json()) as Mail[]).filter((m) => m.to.some((x) => x.address === email))
  const INTERNAL = `Internal ${suffix}: customer argued about the estimate`
  const QUIET = `Quiet ${suffix}: cleaned the action too`
  const VISIBLE = `Visible ${suffix}: test fired, all good`

  await signIn(page, 'admin@example.com', 'AdminPass123!')
  const { editor, orderNumber } = await openEditor(page, model)
  const post = editor.getByRole('form', { name: 'Post status message' })
  // Notify customer is on by default.
  await expect(post.getByRole('checkbox', { name: t.notifyCustomer })).toBeChecked()

  // An internal note: notify goes off with it.
  await post.getByRole('checkbox', { name: t.internalNote }).check()
  await expect(post.getByRole('checkbox', { name: t.notifyCustomer })).toBeDisabled()
  await post.getByLabel('Message').fill(INTERNAL)
  await post.getByRole('button', { name: 'Add Internal Note' }).click()
  await expect(editor.getByText('Note added successfully!')).toBeVisible()
  // The form is back to its defaults.
  await expect(post.getByRole('checkbox', { name: t.internalNote })).not.toBeChecked()
  await expect(post.getByRole('checkbox', { name: t.notifyCustomer })).toBeChecked()

  // A note the customer may read, without telling them.
  await post.getByLabel('Message').fill(QUIET)
  await post.getByRole('checkbox', { name: t.notifyCustomer }).uncheck()
  await post.getByRole('button', { name: 'Post Update' }).click()
  await expect(editor.getByText('Note added successfully!')).toBeVisible()

  // Staff see the internal note marked.
  const history = editor.getByRole('list', { name: 'Status history' })
  const internalItem = history.getByRole('listitem').filter({ hasText: INTERNAL })
  await expect(internalItem.getByText(t.internalBadge, { exact: true })).toBeVisible()
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: `${SHOTS}/customer-told-editor-desktop.png` })
  await shoot(page, () => editor.getByRole('form', { name: 'Post status message' }), 'customer-told-post-form')
  await shoot(page, () => history, 'customer-told-history')
  await page.setViewportSize({ width: 1280, height: 900 })

  // A visible change (notified): once its email is in, any message about the quiet or internal notes would be too.
  await post.getByLabel('Status').selectOption('work_complete')
  await post.getByLabel('Message').fill(VISIBLE)
  await post.getByRole('button', { name: 'Post Update' }).click()
  await expect(editor.getByText('Note added successfully!')).toBeVisible()
  await expect.poll(async () => (await mailsTo()).filter((m) => m.text.includes(VISIBLE)).length, { timeout: 60_000 }).toBe(1)
  const told = (await mailsTo()).map((m) => `${m.subject}\n${m.text}`).join('\n')
  expect(told).not.toContain(QUIET)
  expect(told).not.toContain(INTERNAL)

  // The approval request goes at once, essential, with the items and the total.
  await signedInApi(page, 'POST', `/api/admin/orders/${order.id}/approval-request`, {
    reason: 'The extractor is cracked',
    lines: [
      { kind: 'part', name: 'Extractor', unitCents: 3_500, quantity: 2 },
      { kind: 'labor', name: 'Fitting', unitCents: 4_000, quantity: 1 },
    ],
  })
  const subject = `Action Required: Additional Costs — Remington ${model}, order ${orderNumber}`
  await expect.poll(async () => (await mailsTo()).filter((m) => m.subject === subject).length, { timeout: 60_000 }).toBe(1)
  const approval = (await mailsTo()).find((m) => m.subject === subject)!
  expect(approval.text).toContain('- Extractor × 2: $70.00')
  expect(approval.text).toContain('- Fitting × 1: $40.00')
  const detail = await signedInApi(page, 'GET', `/api/admin/orders/${order.id}`)
  const pending = detail.approvalRequests.find((r: { status: string }) => r.status === 'pending')
  expect(approval.text).toContain(`Total: $${(pending.totalCents / 100).toFixed(2)}`)
  // Away from the editor (a modal over the header) to sign out.
  await page.goto('/dashboard')
  await signOut(page)

  // The customer: the quiet note on the timeline, never the internal one; no notification of either.
  await signIn(page, email, 'Password123!')
  await openOrderFromDashboard(page, `Remington ${model}`)
  await expect(page.getByText(QUIET)).toBeVisible()
  await expect(page.getByText(VISIBLE)).toBeVisible()
  await expect(page.locator('main')).not.toContainText(INTERNAL)
  await shoot(page, () => page.locator('main'), 'customer-told-customer-order')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/notifications')
  await expect(page.locator('main')).toContainText('Action Required: Additional Costs — Remington')
  await expect(page.locator('main')).not.toContainText(QUIET)
  await expect(page.locator('main')).not.toContainText(INTERNAL)
})
