import { expect, test } from '@playwright/test'
import { e2eDeliveryPorts } from './delivery-ports.ts'
import { seedCustomerWithOrders, SHOTS, signIn } from './steps.ts'

const { inboxPort } = e2eDeliveryPorts(Number(process.env.E2E_PORT ?? 3310))
const inbox = `http://127.0.0.1:${inboxPort}`

interface Mail {
  id: string
  subject: string
  to: Array<{ address: string }>
  html: string
  text: string
}

test('staff change a status and the customer gets one email, readable in the local inbox', async ({ page, request }) => {
  test.setTimeout(120_000)
  const suffix = Date.now().toString(36)
  const email = `mail-${suffix}@example.com`
  const [order] = await seedCustomerWithOrders(page, { email, password: 'Password123!', firstName: 'Mae', lastName: 'Mailer' }, [{ make: 'Colt', model: `Python ${suffix}`, estimatedCostCents: 15_000 }])
  const mailsTo = async () => ((await (await request.get(`${inbox}/api/email`)).json()) as Mail[]).filter((m) => m.to.some((t) => t.address === email))

  // The admin moves the order to Work Complete from its editor.
  await signIn(page, 'admin@example.com', 'AdminPass123!')
  await page.goto('/admin/manage-orders')
  const row = page.getByRole('list', { name: 'Active orders' }).getByRole('listitem').filter({ hasText: order.model })
  await row.getByRole('button', { name: /^Edit/ }).click()
  const editor = page.getByRole('dialog', { name: /^Edit Order GS-/ })
  const orderNumber = (await row.textContent())!.match(/GS-\d+/)![0]
  const post = editor.getByRole('form', { name: 'Post status message' })
  await post.getByLabel('Status').selectOption('work_complete')
  await post.getByLabel('Message').fill('All done: test fired and cleaned.')
  await post.getByRole('button', { name: 'Post Update' }).click()
  await expect(editor.getByText('Note added successfully!')).toBeVisible()

  // The stream brings it to the notifier, which sends it to the local inbox: one mail for the change.
  await expect.poll(async () => (await mailsTo()).filter((m) => m.subject.includes('Work Complete')).length, { timeout: 60_000 }).toBe(1)
  const [mail] = (await mailsTo()).filter((m) => m.subject.includes('Work Complete'))
  expect(mail.subject).toContain(orderNumber)
  expect(mail.text).toContain('All done: test fired and cleaned.')
  expect(mail.html).toContain(`/orders/${order.id}`)

  // ... and the person running the portal reads it in maildev's inbox.
  await page.goto(inbox)
  await page.getByText(mail.subject).first().click()
  const body = page.frameLocator('iframe').first()
  await expect(body.getByRole('link', { name: 'View order' })).toBeVisible()
  await expect(body.locator('body')).toContainText('All done: test fired and cleaned.')
  // maildev's own page is not ours to hold to 390 px: a plain screenshot of it to look at.
  await page.screenshot({ path: `${SHOTS}/notification-email-inbox.png` })
})
