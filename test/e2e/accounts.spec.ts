import { expect, test, type Page } from '@playwright/test'
import { LOCAL_ADMIN_TOTP_SECRET, totpCode } from '../../infra/local/totp.ts'
import { e2eDeliveryPorts, NEW_STAFF } from './delivery-ports.ts'
import { seedCustomerWithOrders, shoot, signIn, signOut } from './steps.ts'

const { inboxPort } = e2eDeliveryPorts(Number(process.env.E2E_PORT ?? 3310))

interface Mail {
  subject: string
  to: Array<{ address: string }>
  text: string
}

/** The newest code Cognito mailed to `email` (the local stack sends it to maildev with the AWS pool's words). */
async function mailedCode(page: Page, email: string): Promise<string> {
  let code = ''
  await expect
    .poll(
      async () => {
        const mails = (await (await page.request.get(`http://127.0.0.1:${inboxPort}/api/email`)).json()) as Mail[]
        // Each journey has an email of its own: its newest code is the one asked for.
        const mine = mails.filter((m) => m.to.some((t) => t.address === email) && m.subject === 'Your verification code')
        code = mine.at(-1)?.text.match(/verification code is (\d{6})/)?.[1] ?? ''
        return code
      },
      { timeout: 30_000 },
    )
    .not.toBe('')
  return code
}

test('a customer who forgot their password resets it with the emailed code, in any case of their email', async ({ page }) => {
  test.setTimeout(120_000)
  const suffix = Date.now().toString(36)
  const email = `forgot-${suffix}@example.com`
  await seedCustomerWithOrders(page, { email, password: 'Password123!', firstName: 'Fay', lastName: 'Forgot' }, [])
  // Past the first sign-in (a shop-created account starts with a temporary password, which Cognito does not reset).
  await signIn(page, email, 'Password123!')
  await signOut(page)

  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Your Password' })).toBeVisible()
  await page.getByLabel('Email').fill(`  ${email.toUpperCase()} `)
  await page.getByRole('button', { name: 'Email Me a Code' }).click()
  await expect(page.getByText(`If ${email} has an account, a code is on its way there.`, { exact: false })).toBeVisible()
  const code = await mailedCode(page, email)

  await page.getByLabel('Code from the email').fill(code)
  await page.getByLabel('New Password', { exact: true }).fill('BrandNew456!')
  await page.getByLabel('Confirm New Password').fill('BrandNew456!')
  await shoot(page, () => page.locator('main'), 'forgot-password')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been reset.' })).toBeVisible()

  // The old password is gone; the new one works, whatever the case of the email.
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('Password123!')
  await page.locator('main').getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.')
  await signIn(page, email.replace('forgot', 'FORGOT'), 'BrandNew456!')
  await signOut(page)
})

test('an unknown email and a wrong password read the same on the sign-in page', async ({ page }) => {
  await page.goto('/login')
  for (const [email, password] of [
    ['nobody-here@example.com', 'Whatever123!'],
    ['customer@example.com', 'WrongPassword1!'],
  ]) {
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.locator('main').getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.')
  }
})

test('a customer changes their password on their profile: this device stays signed in, every other session ends', async ({ page }) => {
  test.setTimeout(120_000)
  const suffix = Date.now().toString(36)
  const email = `change-${suffix}@example.com`
  await seedCustomerWithOrders(page, { email, password: 'Password123!', firstName: 'Cam', lastName: 'Change' }, [])
  await signIn(page, email, 'Password123!')
  // Another device (a phone) signed in too.
  const phone = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 } })
  const phonePage = await phone.newPage()
  await signIn(phonePage, email, 'Password123!')
  await expect(phonePage.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible()
  // Sign-in times are whole seconds: the change comes in a later one than the phone's sign-in.
  await page.waitForTimeout(1100)
  await page.goto('/profile')
  const form = page.getByRole('form', { name: 'Change Password' })
  await form.getByLabel('Current Password').fill('Wrong1234!')
  await form.getByLabel('New Password', { exact: true }).fill('Changed789!')
  await form.getByLabel('Confirm New Password').fill('Changed789!')
  await form.getByRole('button', { name: 'Change Password' }).click()
  await expect(form.getByText('Your current password is not correct.')).toBeVisible()
  await form.getByLabel('Current Password').fill('Password123!')
  await form.getByRole('button', { name: 'Change Password' }).click()
  await expect(form.getByRole('status')).toHaveText('Your password has been changed. You are still signed in here; every other session has ended.')
  // This device carries on.
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible()
  // The phone's next request is refused, also after a refresh of its tokens: it is at the sign-in page, told why.
  await phonePage.reload()
  await expect(phonePage).toHaveURL(/\/login/)
  await expect(phonePage.getByRole('status').filter({ hasText: 'Your session has ended. Please sign in again.' })).toBeVisible()
  await shoot(phonePage, () => phonePage.locator('main'), 'session-ended')
  await phone.close()
  await signOut(page)
  await signIn(page, email, 'Changed789!')
})

test('a customer the shop adds gets a welcome email with a temporary password and chooses their own at first sign-in', async ({ page }) => {
  test.setTimeout(120_000)
  const suffix = Date.now().toString(36)
  const email = `welcome-${suffix}@example.com`
  await signIn(page, 'admin@example.com', 'AdminPass123!')
  await page.goto('/admin/customers')
  await page.getByRole('button', { name: 'Add Customer' }).click()
  const form = page.getByRole('dialog', { name: 'Add Customer' })
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill('TempPass123!')
  await form.getByLabel('First Name').fill('Wren')
  await form.getByLabel('Last Name').fill('Welcome')
  await form.getByRole('button', { name: 'Add Customer' }).click()
  await expect(page.getByText('Customer added successfully!')).toBeVisible()
  await signOut(page)

  // The welcome, in the words the AWS pool uses, with the temporary password.
  let welcome: Mail | undefined
  await expect
    .poll(
      async () => {
        const mails = (await (await page.request.get(`http://127.0.0.1:${inboxPort}/api/email`)).json()) as Mail[]
        welcome = mails.find((m) => m.to.some((t) => t.address === email) && m.subject === 'Your account on the shop portal')
        return Boolean(welcome)
      },
      { timeout: 30_000 },
    )
    .toBe(true)
  expect(welcome!.text).toContain(`with your email ${email} and this temporary password: TempPass123!`)
  expect(welcome!.text).toMatch(/Sign in at http:\/\/localhost:\d+\/login/)

  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('TempPass123!')
  await page.locator('main').getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('heading', { name: 'Choose Your Password' })).toBeVisible()
  await shoot(page, () => page.locator('main'), 'choose-password')
  await page.getByLabel('New Password', { exact: true }).fill('MyOwnPass789!')
  await page.getByLabel('Confirm New Password').fill('MyOwnPass789!')
  await page.getByRole('button', { name: 'Set Password and Sign In' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible()
  await signOut(page)

  // The temporary password is spent; their own works.
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('TempPass123!')
  await page.locator('main').getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.')
  await signIn(page, email, 'MyOwnPass789!')
})

test('a new staff member sets up an authenticator app before any staff page, then signs in with its code', async ({ page }) => {
  test.setTimeout(120_000)
  // The first sign-in has no code to ask for yet: the staff pages ask for the app first.
  await signIn(page, NEW_STAFF.email, NEW_STAFF.password)
  await page.goto('/admin')
  const setup = page.getByRole('heading', { name: 'Set Up Two-Step Sign-In' })
  await expect(setup).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toHaveCount(0)
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Open in an authenticator app' })).toHaveAttribute('href', /^otpauth:\/\/totp\/.*new-staff(@|%40)example\.com.*secret=/)
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  await shoot(page, () => page.locator('main'), 'totp-enrollment')

  // A wrong code is refused on the field; the app's code turns two-step sign-in on and ends this session, which was
  // signed in with the password alone: the sign-in page says to sign in again, with password and code.
  const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0')
  await page.getByLabel('Authentication code').fill(wrong)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('That code is not right. Enter the code your app shows now.')).toBeVisible()
  await page.getByLabel('Authentication code').fill(totpCode(secret))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Two-step sign-in is on. Please sign in again with your password and a code from your authenticator app.' })).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
  await shoot(page, () => page.locator('main'), 'totp-sign-in-again')

  // From now on the password alone is not enough.
  await page.getByLabel('Email').fill(NEW_STAFF.email)
  await page.getByLabel('Password').fill(NEW_STAFF.password)
  await page.locator('main').getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('heading', { name: 'Two-Step Sign-In' })).toBeVisible()
  await shoot(page, () => page.locator('main'), 'totp-sign-in')
  await page.getByLabel('Authentication code').fill(wrong)
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('That code is not right. Enter the code your app shows now.')).toBeVisible()
  await page.getByLabel('Authentication code').fill(totpCode(secret))
  await page.getByRole('button', { name: 'Verify' }).click()
  // Back on the staff page the session ended on (the sign-in page remembered it).
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
})
