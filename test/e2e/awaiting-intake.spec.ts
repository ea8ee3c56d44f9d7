import { expect, test, type Page } from '@playwright/test'
import { formatShopTime, intakeDueAt, intakeDueTexts as t } from '@gs/shared/intake-due'
import { totpCode } from '../../infra/local/totp.ts'
import { AWAITING_BOX_SERIAL } from './awaiting-box-orders.ts'
import { e2eDeliveryPorts } from './delivery-ports.ts'
import { axeBothSchemes, shoot, shootAt390, signedInApi, signIn } from './steps.ts'

// A box that came in two business days ago without its intake: the front desk records it on the order (the intake was
// due at the close of the next business day, so it is overdue at once), the dashboard counts it as overdue and opens
// the list, where Receive Firearm records the intake and takes it off. Screens at desktop and 390 px, light and dark.

const { inboxPort } = e2eDeliveryPorts(Number(process.env.E2E_PORT ?? 3310))

/** The temporary password of the invitation Cognito mailed to `email` (the local inbox). */
async function invitedPassword(page: Page, email: string): Promise<string> {
  let password = ''
  await expect
    .poll(
      async () => {
        const mails = (await (await page.request.get(`http://127.0.0.1:${inboxPort}/api/email`)).json()) as Array<{ to: Array<{ address: string }>; subject: string; text: string }>
        password = mails.find((m) => m.to.some((x) => x.address === email) && m.subject === 'Your account on the shop portal')?.text.match(/temporary password: (\S+) \./)?.[1] ?? ''
        return password
      },
      { timeout: 30_000 },
    )
    .not.toBe('')
  return password
}

/** An invited staff member's first sign-in: their own password, then their authenticator app; returns its key. */
async function firstSignIn(page: Page, email: string, password: string): Promise<string> {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(await invitedPassword(page, email))
  await page.locator('main').getByRole('button', { name: 'Sign In' }).click()
  await page.getByLabel('New Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm New Password').fill(password)
  await page.getByRole('button', { name: 'Set Password and Sign In' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Set Up Two-Step Sign-In' })).toBeVisible()
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '')
  await page.getByLabel('Authentication code').fill(totpCode(secret))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible()
  return secret
}

test('the front desk records a box received two business days ago; the dashboard shows it overdue; Receive Firearm clears it', async ({ page }) => {
  test.setTimeout(300_000)
  const suffix = Date.now().toString(36)
  const desk = { email: `box-desk-${suffix}@example.com`, first: 'Dee', last: `Desk${suffix}`, password: 'DeskPass789!' }
  await signIn(page, 'admin@example.com', 'AdminPass123!')
  await signedInApi(page, 'POST', '/api/admin/staff', { email: desk.email, firstName: desk.first, lastName: desk.last, staffRole: 'front_desk' })
  const [order] = (await signedInApi(page, 'GET', `/api/admin/orders?view=active&search=${AWAITING_BOX_SERIAL}`)).items
  expect(order).toBeTruthy()
  await page.getByRole('button', { name: 'Sign Out' }).first().click()
  await expect(page).toHaveURL(/\/login/)
  const key = await firstSignIn(page, desk.email, desk.password)
  await signIn(page, desk.email, desk.password, { totpSecret: key })

  // The order editor: Box received, at 10:00 (the browser's clock) two business days ago.
  await page.goto(`/admin/manage-orders?order=${order.id}`)
  const editor = page.getByRole('dialog', { name: `Edit Order ${order.orderNumber}` })
  const panel = editor.getByRole('region', { name: 'Firearm & A&D Book' })
  await expect(panel.getByTestId('custody-state')).toHaveText('Not received')
  const when = await page.evaluate(() => {
    const d = new Date()
    for (let n = 0; n < 2; ) {
      d.setDate(d.getDate() - 1)
      if (d.getDay() !== 0 && d.getDay() !== 6) n += 1
    }
    d.setHours(10, 0, 0, 0)
    const pad = (x: number) => String(x).padStart(2, '0')
    return { local: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T10:00`, iso: d.toISOString() }
  })
  const form = panel.getByTestId('box-received-form')
  await form.getByLabel(/Box received at/).fill(when.local)
  await shoot(page, () => panel, 'awaiting-intake-box-form')
  await form.getByRole('button', { name: t.markBoxReceived }).click()
  const box = panel.getByTestId('box-received')
  const due = intakeDueAt(when.iso)
  await expect(box).toContainText(formatShopTime(when.iso))
  await expect(box).toContainText(t.dueBy(formatShopTime(due)))
  await expect(box).toContainText(t.overdue)
  await shoot(page, () => panel, 'awaiting-intake-box-recorded')
  await shootAt390(page, 'awaiting-intake-editor', () => editor)
  expect(await signedInApi(page, 'GET', `/api/admin/orders/${order.id}`)).toMatchObject({ boxReceivedAt: when.iso, intakeDueAt: due })
  await page.keyboard.press('Escape')
  await expect(editor).toBeHidden()

  // The dashboard: awaiting and overdue, each a link to the list.
  await page.goto('/admin')
  const counts = page.getByTestId('awaiting-intake-counts')
  await expect(counts.getByRole('link', { name: new RegExp(`^${t.awaitingIntake}: [1-9]`) })).toBeVisible()
  const overdue = counts.getByRole('link', { name: new RegExp(`^${t.overdueForIntake}: [1-9]`) })
  await expect(overdue).toBeVisible()
  await shoot(page, () => counts, 'awaiting-intake-dashboard')
  await shootAt390(page, 'awaiting-intake-dashboard')
  await overdue.click()
  await expect(page).toHaveURL(/\/admin\/book\/awaiting-intake$/)
  await expect(page.getByRole('heading', { level: 1, name: t.listTitle })).toBeVisible()
  const row = page.getByRole('list', { name: t.listTitle }).getByRole('listitem').filter({ hasText: order.orderNumber })
  await expect(row).toContainText('Sig Sauer P365')
  await expect(row).toContainText(t.overdue)
  await expect(row).toContainText(t.dueBy(formatShopTime(due)))
  await shootAt390(page, 'awaiting-intake-list')
  await axeBothSchemes(page, 'the awaiting-intake list')

  // Receive Firearm from the row: the intake recorded, the box leaves the list.
  await row.getByRole('button', { name: `Receive Firearm: ${order.orderNumber}` }).click()
  const dialog = page.getByRole('dialog', { name: `Receive Firearm: ${order.orderNumber}` })
  const intake = dialog.getByRole('form', { name: 'Receive firearm' })
  await expect(intake.getByLabel('Serial Number')).toHaveValue(AWAITING_BOX_SERIAL)
  await intake.getByLabel('Date Received').fill(when.local.slice(0, 10))
  await intake.getByLabel('Firearm Type').selectOption('pistol')
  await intake.getByLabel('Street Address').fill('9 Cedar Ct')
  await intake.getByLabel('City').fill('Dubuque')
  await intake.getByLabel('State').selectOption('IA')
  await intake.getByLabel('ZIP Code').fill('52001')
  await intake.getByRole('button', { name: 'Record Intake' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Intake of ${order.orderNumber} recorded` })).toBeVisible()
  await expect(row).toHaveCount(0)
  expect(await signedInApi(page, 'GET', `/api/admin/orders/${order.id}`)).toMatchObject({ intakeDueAt: null, currentStatus: 'firearm_received' })
  await shootAt390(page, 'awaiting-intake-cleared')
})
