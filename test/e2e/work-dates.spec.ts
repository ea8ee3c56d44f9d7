import { expect, test, type Page } from '@playwright/test'
import { formatCalendarDate, workMessages } from '@gs/shared/work-dates'
import { totpCode } from '../../infra/local/totp.ts'
import { e2eDeliveryPorts } from './delivery-ports.ts'
import { openOrderFromDashboard, seedCustomerWithOrders, shoot, shootAt390, signIn, signOut, signedInApi, SHOTS } from './steps.ts'

/** Signs out from a staff page (which then asks to sign in again, with where it was). */
async function signOutHere(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).first().click()
  await expect(page).toHaveURL(/\/login/)
}

const { inboxPort } = e2eDeliveryPorts(Number(process.env.E2E_PORT ?? 3310))

interface Mail {
  to: Array<{ address: string }>
  subject: string
  text: string
}

/** The temporary password of the invitation Cognito mailed to `email` (the local inbox). */
async function invitedPassword(page: Page, email: string): Promise<string> {
  let password = ''
  await expect
    .poll(
      async () => {
        const mails = (await (await page.request.get(`http://127.0.0.1:${inboxPort}/api/email`)).json()) as Mail[]
        password = mails.find((m) => m.to.some((t) => t.address === email) && m.subject === 'Your account on the shop portal')?.text.match(/temporary password: (\S+) \./)?.[1] ?? ''
        return password
      },
      { timeout: 30_000 },
    )
    .not.toBe('')
  return password
}

/** An invited staff member's first sign-in: their own password, then an authenticator app. Returns its key; leaves the page at Sign In. */
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
  // Sign-in times are whole seconds, and every sign-in up to the second the app was recorded in has ended (as in
  // docs/api.md, "Sessions"): a person takes longer than that to type a code; the test waits it out.
  await page.waitForTimeout(1_100)
  return secret
}

test('the front desk promises a date and assigns the order; the gunsmith works it from their bench; the customer sees the estimated completion; the turnaround counts it', async ({ page }) => {
  test.setTimeout(300_000)
  const suffix = Date.now().toString(36)
  const smith = { email: `smith-${suffix}@example.com`, first: 'Gus', last: `Smith${suffix}`, password: 'SmithPass789!' }
  const desk = { email: `desk-${suffix}@example.com`, first: 'Fran', last: `Desk${suffix}`, password: 'DeskPass789!' }
  const customer = { email: `bench-${suffix}@example.com`, password: 'BenchPass123!', firstName: 'Bea', lastName: `Bench${suffix}` }
  const promised = '2027-01-05'

  // The owner invites a gunsmith and a front desk member (the staff API, as User Management does).
  await signIn(page, 'admin@example.com', 'AdminPass123!')
  await signedInApi(page, 'POST', '/api/admin/staff', { email: smith.email, firstName: smith.first, lastName: smith.last, staffRole: 'gunsmith' })
  await signedInApi(page, 'POST', '/api/admin/staff', { email: desk.email, firstName: desk.first, lastName: desk.last, staffRole: 'front_desk' })
  await signOut(page)
  const [order] = await seedCustomerWithOrders(page, customer, [{ make: 'Benelli', model: `M4 ${suffix}`, estimatedCostCents: 20_000, currentStatus: 'in_progress' }])
  const smithKey = await firstSignIn(page, smith.email, smith.password)
  const deskKey = await firstSignIn(page, desk.email, desk.password)

  // The front desk: the dashboard's counts, then the promised date and the gunsmith in the order editor.
  await signIn(page, desk.email, desk.password, { totpSecret: deskKey })
  await page.goto('/admin')
  await expect(page.getByTestId('count-intake')).toContainText(workMessages.dashboard.intake)
  await expect(page.getByTestId('count-overdue')).toContainText(workMessages.dashboard.overdue)
  await page.goto(`/admin/manage-orders?order=${order.id}`)
  let editor = page.getByRole('dialog', { name: /^Edit Order GS-/ })
  await editor.getByLabel(workMessages.promisedDate).fill(promised)
  await editor.getByRole('button', { name: 'Save Changes' }).click()
  await expect(editor).toBeHidden()
  await page.goto(`/admin/manage-orders?order=${order.id}`)
  editor = page.getByRole('dialog', { name: /^Edit Order GS-/ })
  await expect(editor.getByLabel(workMessages.promisedDate)).toHaveValue(promised)
  await editor.getByLabel(workMessages.assignedTo).selectOption({ label: `${smith.first} ${smith.last}` })
  await editor.getByRole('button', { name: workMessages.assign, exact: true }).click()
  await expect.poll(async () => (await signedInApi(page, 'GET', `/api/admin/orders/${order.id}`)).assignedToName, { timeout: 15_000 }).toBe(`${smith.first} ${smith.last}`)
  await shoot(page, () => editor, 'work-dates-editor')
  await page.keyboard.press('Escape')
  const row = page.getByRole('listitem').filter({ hasText: `M4 ${suffix}` })
  await expect(row.getByTestId('order-assignee')).toContainText(`${workMessages.assignedTo}: ${smith.first} ${smith.last}`)
  await expect(row.getByTestId('order-assignee')).toContainText(formatCalendarDate(promised))
  await signOutHere(page)

  // The gunsmith's home is their bench: the order, its promised date; they move it on.
  await signIn(page, smith.email, smith.password, { totpSecret: smithKey })
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: workMessages.myBench })).toBeVisible()
  await expect(page.getByTestId('count-assigned')).toContainText('1')
  const bench = page.getByRole('region', { name: workMessages.myBench })
  const benchRow = bench.getByTestId('work-row').filter({ hasText: `M4 ${suffix}` })
  await expect(benchRow).toContainText(`${workMessages.promisedDate}: ${formatCalendarDate(promised)}`)
  await shoot(page, () => page.locator('main'), 'work-dates-bench')
  await shootAt390(page, 'work-dates-bench')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.locator('main').screenshot({ path: `${SHOTS}/work-dates-bench-desktop.png` })
  await benchRow.getByRole('link', { name: `Benelli M4 ${suffix}` }).click()
  editor = page.getByRole('dialog', { name: /^Edit Order GS-/ })
  await editor.getByRole('form', { name: 'Edit order' }).getByLabel('Status', { exact: true }).selectOption('work_complete')
  await editor.getByRole('button', { name: 'Save Changes' }).click()
  await expect(editor).toBeHidden()
  await expect.poll(async () => (await signedInApi(page, 'GET', `/api/admin/orders/${order.id}`)).currentStatus, { timeout: 15_000 }).toBe('work_complete')
  // Another order is not there for them.
  await expect(signedInApi(page, 'GET', '/api/admin/reports/turnaround')).rejects.toThrow(/403/)
  await signOutHere(page)

  // The customer reads the estimated completion on their order.
  await signIn(page, customer.email, customer.password)
  await openOrderFromDashboard(page, `Benelli M4 ${suffix}`)
  await expect(page.getByText(workMessages.estimatedCompletion)).toBeVisible()
  await expect(page.getByText(formatCalendarDate(promised))).toBeVisible()
  await shoot(page, () => page.getByText(workMessages.estimatedCompletion).locator('xpath=ancestor::section[1]'), 'work-dates-customer')
  await signOutHere(page)

  // Ready for pickup (the front desk, with the reason it leaves unpaid): the turnaround page counts it this month.
  await signIn(page, desk.email, desk.password, { totpSecret: deskKey })
  const current = await signedInApi(page, 'GET', `/api/admin/orders/${order.id}`)
  await signedInApi(page, 'PATCH', `/api/admin/orders/${order.id}`, { version: current.version, currentStatus: 'ready_for_pickup', releaseOverrideReason: 'Pays at pickup' })
  await page.goto('/admin/turnaround')
  await expect(page.getByRole('heading', { level: 1, name: workMessages.turnaround })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Average days from receipt to ready per month' })).toBeVisible()
  await expect(page.getByTestId('turnaround-row').filter({ hasText: 'Repair' }).first()).toBeVisible()
  await shoot(page, () => page.locator('main'), 'work-dates-turnaround')
  await shootAt390(page, 'work-dates-turnaround')
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.locator('main').screenshot({ path: `${SHOTS}/work-dates-turnaround-desktop.png` })
})
