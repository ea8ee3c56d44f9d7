import { expect, test, type Page } from '@playwright/test'
import { fillNewOrder, seedCustomerWithOrders, shoot, shootPrinted, shootScrolling, signIn, signOut, receiveThroughApi, signedInApi } from './steps.ts'

// Long unbroken text (a model of 120 W's, a pasted URL as the description or a note, a long name and
// email) wraps on every screen at 390 px, staff's and the customer's, and on paper: nothing reaches past
// the window and no amount is cut. Each screen is checked by shoot() (light and dark) and saved for a look.
// A customer of its own, so the seeded data the other spec files read is left alone.

const ADMIN = { email: 'admin@example.com', password: 'AdminPass123!' }
const W = (n: number) => 'W'.repeat(n)
const LONG_URL = `https://example.com/manuals/${'a1b2c3d4e5'.repeat(18)}?ref=${W(40)}`

test('long unbroken text wraps on every screen at 390 px, for staff and for the customer', async ({ page }) => {
  test.setTimeout(300_000)
  // Every screen is checked even when one before it fails; the test fails at the end with all of them.
  const problems: string[] = []
  // The portal serves the production Content-Security-Policy: anything it blocks (an inline style in a print view) is a problem.
  const blocked: string[] = []
  const watchCsp = (p: Page) => p.on('console', (m) => void (/Content Security Policy/i.test(m.text()) && blocked.push(m.text())))
  watchCsp(page)
  const check = async (name: string, run: () => Promise<void>) => {
    try {
      await run()
    } catch (error) {
      problems.push(`${name}: ${String((error as Error).message).split('\n').slice(0, 24).join('\n')}`)
      await page.emulateMedia({ media: 'screen', colorScheme: 'light' })
      await page.setViewportSize({ width: 1280, height: 720 })
    }
  }
  const suffix = Date.now().toString(36)
  const customer = {
    email: `${'w'.repeat(40)}-${suffix}@${'longdomainname'.repeat(3)}.example.com`,
    password: 'Password123!',
    firstName: W(100),
    lastName: `Long${suffix}`,
  }
  const make = `Make${W(60)}`
  const model = `${W(120)}${suffix}`
  const serial = `SN${W(40)}${suffix}`
  const description = `${LONG_URL} ${W(150)}`
  const staffNote = `See ${LONG_URL} and ${W(130)}`
  const partName = `Part${W(90)}`
  const approvalReason = `Because ${W(140)}`
  const reference = `R${W(90)}`

  await seedCustomerWithOrders(page, customer, [])

  // Staff create the order through the form.
  await signIn(page, ADMIN.email, ADMIN.password)
  await page.goto('/admin/manage-orders')
  await page.getByRole('button', { name: 'New Order' }).click()
  const createForm = page.getByRole('dialog', { name: 'Create New Order' })
  await fillNewOrder(createForm, {
    search: customer.email,
    customer: new RegExp(customer.lastName),
    email: customer.email,
    make,
    model,
    serial,
    caliber: `Cal${W(40)}`,
    description,
    estimate: '150.00',
  })
  await expect(page.getByText('Order created successfully!')).toBeVisible()
  const row = page.getByRole('list', { name: 'Active orders' }).getByRole('listitem').filter({ hasText: model })
  await expect(row).toBeVisible()

  // ... its firearm received (through the API: the order editor's panel is another journey's) ...
  const [created] = (await signedInApi(page, 'GET', `/api/admin/orders?view=active&search=${encodeURIComponent(model)}`)).items
  await receiveThroughApi(page, created.id)

  // ... a status message, a part waiting for approval, a request and a cash payment, all with long text.
  await row.getByRole('button', { name: /^Edit/ }).click()
  const editor = page.getByRole('dialog', { name: /^Edit Order GS-/ })
  await expect(editor.getByLabel('Firearm Model')).toHaveValue(model)
  const post = editor.getByRole('form', { name: 'Post status message' })
  await post.getByLabel('Status').selectOption('in_progress')
  await post.getByLabel('Message').fill(staffNote)
  await post.getByRole('button', { name: 'Post Update' }).click()
  await expect(editor.getByRole('list', { name: 'Status history' }).getByText(staffNote)).toBeVisible()
  const addLine = editor.getByRole('form', { name: 'Add part or charge' })
  await addLine.getByLabel('Kind').selectOption('part')
  await addLine.getByLabel('Name').fill(partName)
  await addLine.getByLabel('Description').fill(LONG_URL)
  await addLine.getByLabel('Cost ($)').fill('1234.56')
  await addLine.getByLabel('Quantity').fill('1')
  await addLine.getByLabel('Needs customer approval').check()
  await addLine.getByRole('button', { name: 'Add to Order' }).click()
  await expect(editor.getByRole('cell', { name: new RegExp(partName) }).first()).toBeVisible()
  const request = editor.getByRole('form', { name: 'Request approval' })
  await request.getByLabel('Reason for the additional costs').fill(approvalReason)
  await request.getByRole('button', { name: 'Request Approval' }).click()
  await expect(editor.getByText('Approval requested. The customer has been notified.')).toBeVisible()
  const ledger = editor.getByRole('region', { name: 'Payments and Refunds' })
  await ledger.getByRole('button', { name: 'Record payment' }).click()
  const pay = page.getByRole('dialog', { name: 'Record payment' })
  await pay.getByLabel('Method').selectOption('cash')
  await pay.getByLabel('Amount ($)').fill('20.00')
  await pay.getByLabel('Reference').fill(reference)
  await check('long-admin-record-payment', () => shoot(page, () => pay, 'long-admin-record-payment'))
  await pay.getByRole('button', { name: 'Save payment' }).click()
  await expect(pay).toBeHidden()
  await expect(ledger.getByTestId('ledger-notice')).toHaveText('Cash payment of $20.00 recorded.')
  // An unsaved edit of the description in the form, to see the field and the modal with it.
  await editor.getByRole('form', { name: 'Edit order' }).getByLabel('Description').fill(`${description} ${W(60)}`)
  await check('long-admin-edit-modal', () => shoot(page, () => editor, 'long-admin-edit-modal'))
  // Leaving with it asks first.
  await page.keyboard.press('Escape')
  const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' })
  await expect(discard.getByRole('button', { name: 'Keep Editing' })).toBeFocused()
  await check('long-admin-discard-dialog', () => shoot(page, () => discard, 'long-admin-discard-dialog'))
  await discard.getByRole('button', { name: 'Discard Changes' }).click()
  await expect(editor).toBeHidden()

  // Staff screens.
  await check('long-admin-order-row', () => shoot(page, () => row, 'long-admin-order-row'))
  await row.getByRole('button', { name: /^Print/ }).click()
  const preview = page.getByRole('dialog', { name: 'Work Order Preview' })
  await expect(preview).toContainText(staffNote)
  await check('long-admin-work-order-preview', () => shoot(page, () => preview, 'long-admin-work-order-preview'))
  // The print window (its own styles, no Tailwind) on paper.
  const [sheetWindow] = await Promise.all([page.waitForEvent('popup'), preview.getByRole('button', { name: 'Print' }).click()])
  watchCsp(sheetWindow)
  await expect(sheetWindow.getByText(staffNote)).toBeVisible()
  // Styled by its linked stylesheet (an inline <style> would be refused by the policy).
  await expect(sheetWindow.locator('.wo-head').first()).toHaveCSS('display', 'flex')
  await check('long-admin-work-order printed', () => shootPrinted(sheetWindow, 'long-admin-work-order'))
  await sheetWindow.close()
  await page.keyboard.press('Escape')
  await expect(preview).toBeHidden()

  await page.goto('/admin')
  await expect(page.getByRole('list', { name: 'Active orders' }).getByRole('listitem').filter({ hasText: model })).toBeVisible()
  await check('long-admin-dashboard', () => shoot(page, () => page.locator('main'), 'long-admin-dashboard'))

  await page.goto('/admin/customers')
  await page.getByPlaceholder('Search by name, email, phone or address').fill(customer.email)
  const customerRow = page.getByRole('list', { name: 'Customers' }).getByRole('listitem').filter({ hasText: customer.email })
  await expect(customerRow).toBeVisible()
  await customerRow.getByRole('button', { name: new RegExp(`^${customer.firstName} ${customer.lastName}`) }).click()
  await check('long-admin-customers', () => shoot(page, () => page.getByRole('region', { name: 'Customers' }), 'long-admin-customers'))

  await page.goto('/admin/payments')
  await page.getByPlaceholder('Search by customer, firearm, or order ID').fill(model)
  const payments = page.getByRole('table', { name: 'Customer payments' })
  await expect(payments.locator('tbody tr')).toHaveCount(1)
  await check('long-admin-payments', () => shootScrolling(page, page.locator('main'), 'long-admin-payments'))
  // The long cells wrap: none is wider than a phone.
  await check('long-admin-payments cells', async () => {
    for (const cell of await payments.locator('tbody td').all()) expect((await cell.boundingBox())?.width ?? 0).toBeLessThanOrEqual(390)
  })

  await page.goto('/admin/manage-orders')
  await row.getByRole('button', { name: /^Edit/ }).click()
  const invoiceHref = await editor.getByRole('region', { name: 'Payments and Refunds' }).getByRole('link', { name: /Print invoice/ }).getAttribute('href')
  await page.keyboard.press('Escape')
  await page.goto(invoiceHref!)
  const staffSheet = page.getByRole('article', { name: 'Invoice' })
  await expect(staffSheet).toContainText(model)
  await check('long-admin-invoice', () => shoot(page, () => staffSheet, 'long-admin-invoice'))
  await check('long-admin-invoice printed', () => shootPrinted(page, 'long-admin-invoice'))
  await signOut(page)

  // The customer's screens.
  await signIn(page, customer.email, customer.password)
  const card = page.getByRole('article', { name: `${make} ${model}` })
  await card.getByRole('button', { expanded: false }).first().click()
  await expect(card.getByRole('region', { name: 'Additional Costs Approval' })).toContainText(approvalReason)
  await check('long-customer-dashboard', () => shoot(page, () => page.locator('main'), 'long-customer-dashboard'))

  await page.goto('/orders')
  await check('long-customer-orders', () => shoot(page, () => page.locator('main'), 'long-customer-orders'))

  await page.getByRole('link', { name: `${make} ${model}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(model) })).toBeVisible()
  const history = page.getByRole('region', { name: 'Status History & Communication' })
  const customerNote = `My manual: ${LONG_URL} ${W(120)}`
  await history.getByLabel('Add a note for the shop').fill(customerNote)
  await history.getByRole('button', { name: 'Add Note' }).click()
  await expect(history.getByRole('listitem').filter({ hasText: customerNote })).toBeVisible()
  await expect(history.getByRole('listitem').filter({ hasText: staffNote })).toBeVisible()
  // The timeline waits on the customer's answer.
  await expect(page.locator('li[aria-current="step"]')).toContainText('Awaiting Customer Approval')
  await check('long-customer-order-detail', () => shoot(page, () => page.locator('main'), 'long-customer-order-detail'))

  const detailUrl = page.url()
  await page.goto(`${detailUrl}/invoice`)
  const sheet = page.getByRole('article', { name: 'Invoice' })
  await expect(sheet).toContainText(model)
  await check('long-customer-invoice', () => shoot(page, () => sheet, 'long-customer-invoice'))
  await check('long-customer-invoice printed', () => shootPrinted(page, 'long-customer-invoice'))

  await page.goto('/notifications')
  await expect(page.locator('main')).toContainText(model.slice(0, 20))
  await check('long-customer-notifications', () => shoot(page, () => page.locator('main'), 'long-customer-notifications'))

  await page.goto('/payment-history')
  await expect(page.locator('main')).toContainText('$20.00')
  // On a phone each payment is a card and the column headers are visually hidden (for screen readers
  // only, so not checked as overflow): the cards are checked, and the page as a whole.
  await check('long-customer-payment-history', () => shoot(page, () => page.locator('main tbody'), 'long-customer-payment-history'))
  await check('long-customer-payment-history page', () => shootScrolling(page, page.locator('main'), 'long-customer-payment-history-page'))

  await page.goto('/profile')
  await expect(page.locator('main')).toContainText(customer.email)
  await check('long-customer-profile', () => shoot(page, () => page.locator('main'), 'long-customer-profile'))

  // The header with the long name, at phone width.
  await check('long-customer-header', () => shoot(page, () => page.getByRole('banner'), 'long-customer-header'))

  expect(problems, problems.join('\n\n')).toEqual([])
  expect(blocked, 'blocked by the Content-Security-Policy').toEqual([])
})
