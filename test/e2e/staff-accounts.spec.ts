import { expect, test, type Page } from '@playwright/test'
import { staffAccountMessages } from '@gs/shared/staff-accounts'
import { totpCode } from '../../infra/local/totp.ts'
import { e2eDeliveryPorts } from './delivery-ports.ts'
import { shoot, signIn, signOut, signedInApi, SHOTS } from './steps.ts'

const { inboxPort } = e2eDeliveryPorts(Number(process.env.E2E_PORT ?? 3310))

interface Mail {
  subject: string
  to: Array<{ address: string }>
  text: string
}

/** The temporary password of the invitation Cognito mailed to `email` (the local inbox, in the AWS pool's words). */
async function invitedPassword(page: Page, email: string): Promise<string> {
  let password = ''
  await expect
    .poll(
      async () => {
        const mails = (await (await page.request.get(`http://127.0.0.1:${inboxPort}/api/email`)).json()) as Mail[]
        const invitation = mails.find((m) => m.to.some((t) => t.address === email) && m.subject === 'Your account on the shop portal')
        password = invitation?.text.match(/temporary password: (\S+) \./)?.[1] ?? ''
        return password
      },
      { timeout: 30_000 },
    )
    .not.toBe('')
  return password
}

async function openUserManagement(page: Page) {
  await page.goto('/admin/settings')
  await page.getByRole('tab', { name: 'User Management' }).click()
  await expect(page.getByRole('heading', { name: 'Staff accounts' })).toBeVisible()
}

test('the owner invites a front desk member, who signs in the first time from the invitation; disabled, they are refused', async ({ page, browser }) => {
  test.setTimeout(180_000)
  const suffix = Date.now().toString(36)
  const email = `desk-${suffix}@example.com`
  const name = `Fran Desk${suffix}`

  // The owner: Settings → User Management lists the staff; the last owner's controls are locked, with the reason.
  await signIn(page, 'admin@example.com', 'AdminPass123!')
  await openUserManagement(page)
  const staff = page.getByRole('list', { name: 'Staff accounts' })
  const me = staff.getByRole('listitem').filter({ hasText: 'admin@example.com' })
  await expect(me).toBeVisible()

  // The invitation.
  const form = page.getByRole('form', { name: 'Invite staff member' })
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('First name').fill('Fran')
  await form.getByLabel('Last name').fill(`Desk${suffix}`)
  await form.getByLabel('Role').selectOption({ label: 'Front desk' })
  await form.getByRole('button', { name: 'Send invitation' }).click()
  await expect(form.getByText(staffAccountMessages.invited(email))).toBeVisible()
  const row = staff.getByRole('listitem', { name })
  await expect(row.getByText(staffAccountMessages.pendingLabel, { exact: true })).toBeVisible()
  await expect(row.getByText(staffAccountMessages.neverSignedIn, { exact: true })).toBeVisible()
  await expect(row.getByLabel(`Role of ${name}`)).toHaveValue('front_desk')
  await page.setViewportSize({ width: 1280, height: 1200 })
  await page.getByRole('heading', { name: 'Staff accounts' }).scrollIntoViewIfNeeded()
  await page.locator('main').screenshot({ path: `${SHOTS}/staff-accounts-desktop.png` })
  await shoot(page, () => page.getByRole('region', { name: 'Staff accounts' }), 'staff-accounts')

  // The same email again: refused, with the reason.
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('First name').fill('Fran')
  await form.getByLabel('Last name').fill('Again')
  await form.getByRole('button', { name: 'Send invitation' }).click()
  await expect(form.getByText(staffAccountMessages.emailTaken(email))).toBeVisible()
  await signOut(page)

  // The invitation arrives with a temporary password; the first sign-in sets a password, then an authenticator.
  const temporary = await invitedPassword(page, email)
  const password = 'DeskOwnPass789!'
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(temporary)
  await page.locator('main').getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('heading', { name: 'Choose Your Password' })).toBeVisible()
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
  await signIn(page, email, password, { totpSecret: secret })

  // The staff pages, as the front desk: no Settings, so no User Management (the address leads to the staff home).
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Customers' }).first()).toBeVisible()
  await expect(page.locator('main').getByRole('link', { name: /^Settings/ })).toHaveCount(0)
  expect(await signedInApi(page, 'GET', '/api/admin/customers')).toHaveProperty('items')
  await expect(signedInApi(page, 'GET', '/api/admin/staff')).rejects.toThrow(/403/)
  await page.goto('/admin/settings')
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('tab', { name: 'User Management' })).toHaveCount(0)

  // The owner sees the sign-in, and disables the account.
  const ownerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const owner = await ownerContext.newPage()
  await signIn(owner, 'admin@example.com', 'AdminPass123!')
  await openUserManagement(owner)
  const ownerRow = owner.getByRole('list', { name: 'Staff accounts' }).getByRole('listitem', { name })
  await expect(ownerRow.getByText(staffAccountMessages.activeLabel, { exact: true })).toBeVisible()
  await expect(ownerRow.getByText(staffAccountMessages.neverSignedIn, { exact: true })).toHaveCount(0)
  await expect(ownerRow.getByText(staffAccountMessages.twoStepOn, { exact: true })).toBeVisible()
  await ownerRow.getByRole('button', { name: `Disable ${name}` }).click()
  const confirm = owner.getByRole('dialog', { name: `Disable ${name}` })
  await expect(confirm.getByText(staffAccountMessages.disableConfirm(name))).toBeVisible()
  await confirm.getByRole('button', { name: 'Disable' }).click()
  await expect(ownerRow.getByText(staffAccountMessages.disabledLabel, { exact: true })).toBeVisible()
  await expect(ownerRow.getByRole('button', { name: `Enable ${name}` })).toBeVisible()

  // Their next request is refused: the page says the account is inactive, the API answers 403.
  await page.reload()
  await expect(page.getByText('Account Inactive - Please contact the shop for assistance.')).toBeVisible()
  await expect(signedInApi(page, 'GET', '/api/admin/customers')).rejects.toThrow(/403/)
  await ownerContext.close()
})
