import { expect, test, type Locator, type Page } from '@playwright/test'
import { fillNewOrder, openOrderFromDashboard, shoot, signIn, signOut, receiveThroughApi } from './steps.ts'

// One money model the shop can trust: the admin bills a part and labor, asks the customer to
// approve more, the customer sees exactly what they approve, the bill adds up, the firearm is not
// released while a balance is due, and once paid in full it is made ready for the customer.
// A customer of its own, so the seeded data the other spec files read is left alone.

/** The amounts (cents) of a bill's statement rows, and its total. */
async function billRows(bill: Locator) {
  const rows = await bill.locator('[data-bill-row] dd').evaluateAll((dds) => dds.map((dd) => Number(dd.getAttribute('data-cents'))))
  const total = Number(await bill.getByTestId('invoice-total').getAttribute('data-cents'))
  return { rows, total }
}

test('extra work is billed, approved, paid in full, and only then released', async ({ page }) => {
  test.setTimeout(240_000)
  const suffix = Date.now().toString(36)
  const email = `money-${suffix}@example.com`
  const password = 'Password123!'
  const model = `Gold Cup ${suffix}`

  // The admin creates a customer and an order for them ($100.00 estimated).
  await signIn(page, 'admin@example.com', 'AdminPass123!')
  await page.goto('/admin/customers')
  await page.getByRole('button', { name: 'Add Customer' }).click()
  const customerForm = page.getByRole('dialog', { name: 'Add Customer' })
  await customerForm.getByLabel('Email').fill(email)
  await customerForm.getByLabel('Password').fill(password)
  await customerForm.getByLabel('First Name').fill('Morgan')
  await customerForm.getByLabel('Last Name').fill('Money')
  await customerForm.getByRole('button', { name: 'Add Customer' }).click()
  await expect(page.getByText('Customer added successfully!')).toBeVisible()

  await page.goto('/admin/manage-orders')
  await page.getByRole('button', { name: 'New Order' }).click()
  const createForm = page.getByRole('dialog', { name: 'Create New Order' })
  await fillNewOrder(createForm, {
    search: `money-${suffix}`,
    customer: /Morgan Money/,
    make: 'Colt',
    model,
    serial: `GC-${suffix}`,
    description: 'Trigger creeps; slide-to-frame fit is loose and rattles when shaken.',
    estimate: '100.00',
  })
  await expect(page.getByText('Order created successfully!')).toBeVisible()
  const row = page.getByRole('list', { name: 'Active orders' }).getByRole('listitem').filter({ hasText: model })
  await expect(row).toContainText('Owes: $125.00')

  // A part (2 × $15.00, taxed) and labor ($31.00, never taxed), billed at once.
  await row.getByRole('button', { name: /^Edit/ }).click()
  const editor = page.getByRole('dialog', { name: /^Edit Order GS-/ })
  const panel = () => editor.getByRole('region', { name: 'Parts and Additional Costs' })
  const addLine = editor.getByRole('form', { name: 'Add part or charge' })
  const add = async (kind: string, name: string, cost: string, quantity: string, needsApproval = false) => {
    await addLine.getByLabel('Kind').selectOption(kind)
    await addLine.getByLabel('Name').fill(name)
    await addLine.getByLabel('Cost ($)').fill(cost)
    await addLine.getByLabel('Quantity').fill(quantity)
    await addLine.getByLabel('Needs customer approval').setChecked(needsApproval)
    await addLine.getByRole('button', { name: 'Add to Order' }).click()
    await expect(panel().getByRole('cell', { name, exact: true })).toBeVisible()
  }
  await add('part', 'Sear spring', '15.00', '2')
  await add('labor', 'Trigger job labor', '31.00', '1')
  await expect(panel().getByTestId('parts-total')).toHaveText('$61.00')
  const summary = panel().getByRole('group', { name: 'Invoice summary' })
  await expect(summary).toContainText('Tax (7.75% on parts)$2.33')
  await expect(summary.getByTestId('invoice-total')).toHaveText('$188.33')

  // Work that needs the customer's approval: a part and labor, then the request for them.
  await add('part', 'National Match barrel bushing (fitted)', '45.00', '1', true)
  await add('labor', 'Bushing fitting', '20.00', '1', true)
  await expect(panel().getByTestId('parts-total')).toHaveText('$61.00')
  const request = panel().getByRole('form', { name: 'Request approval' })
  await expect(request.getByTestId('request-amount')).toContainText('The customer is asked for $68.49')
  await request.getByLabel('Reason for the additional costs').fill('The barrel bushing is worn oval; a fitted National Match bushing fixes the rattle.')
  await request.getByRole('button', { name: 'Request Approval' }).click()
  await expect(panel().getByText('Approval requested. The customer has been notified.')).toBeVisible()
  await expect(panel().getByTestId('pending-request')).toContainText("Waiting for the customer's answer: $68.49")
  await expect(panel().getByTestId('pending-total')).toHaveText('$65.00')
  // Still billed: only the first two lines; what waits is shown apart.
  await expect(summary.getByTestId('invoice-total')).toHaveText('$188.33')
  await expect(summary.getByTestId('awaiting-approval')).toContainText('Awaiting approval: $65.00')
  await expect(editor.getByTestId('extra-work')).toContainText('Billed $61.00 · Awaiting approval $65.00 (request of')
  await shoot(page, panel, 'admin-extra-work')
  await page.keyboard.press('Escape')
  await expect(editor).toBeHidden()
  await expect(row).toContainText('Estimated $100.00 + $61.00 additional ($65.00 awaiting approval)')
  await signOut(page)

  // The customer sees the request's own lines, its tax and the total they approve, and approves.
  await signIn(page, email, password)
  await openOrderFromDashboard(page, `Colt ${model}`)
  const orderId = page.url().split('/orders/')[1]
  const approval = page.getByRole('region', { name: 'Additional Costs Approval' })
  await expect(approval).toContainText('The barrel bushing is worn oval')
  await expect(approval).toContainText('National Match barrel bushing (fitted)$45.00')
  await expect(approval).toContainText('Bushing fitting$20.00')
  await expect(approval).toContainText('Subtotal$65.00')
  await expect(approval).toContainText('Tax (7.75% on parts)$3.49')
  await expect(approval.getByTestId('request-total')).toHaveText('$68.49')
  const service = page.getByRole('region', { name: 'Service Details' })
  await expect(service.getByTestId('awaiting-approval')).toContainText('National Match barrel bushing (fitted)$45.00')
  await expect(service.getByTestId('invoice-total')).toHaveText('$188.33')
  await shoot(page, () => approval, 'customer-approval')
  await shoot(page, () => service, 'customer-bill-awaiting')
  await approval.getByRole('button', { name: 'Approve' }).click()
  await page.getByRole('dialog', { name: 'Approve Additional Costs?' }).getByRole('button', { name: /^Approve \$/ }).click()
  await expect(approval.getByText('Customer approved additional costs - Ready to order parts')).toBeVisible()

  // The bill adds up: service, every billed line, tax on the parts, shipping = the total.
  const bill = service.getByTestId('bill')
  await expect(bill.getByTestId('invoice-total')).toHaveText('$256.81')
  await expect(service.getByTestId('awaiting-approval')).toHaveCount(0)
  const { rows, total } = await billRows(bill)
  expect(rows).toEqual([10000, 3000, 3100, 4500, 2000, 581, 2500])
  expect(rows.reduce((a, b) => a + b, 0)).toBe(total)
  await expect(bill).toContainText('Sear spring × 2$30.00')
  await expect(bill).toContainText('Tax (7.75% on parts)$5.81')
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Balance Due$256.81')
  await shoot(page, () => service, 'customer-bill')
  await signOut(page)

  // The firearm is in the shop (its intake recorded: the order editor's panel is another journey's), and the admin
  // cannot release it to the customer while $256.81 is due: the form asks for a reason, the server refuses without one.
  await signIn(page, 'admin@example.com', 'AdminPass123!')
  await receiveThroughApi(page, orderId)
  await page.goto('/admin/manage-orders')
  await row.getByRole('button', { name: /^Edit/ }).click()
  await editor.getByRole('form', { name: 'Edit order' }).getByLabel('Status', { exact: true }).selectOption('ready_for_pickup')
  const refusal =
    'This order has a balance due of $256.81: a firearm is released only after full payment. Collect the payment before setting it to Ready For Pickup, or give an override reason.'
  const override = editor.getByLabel('Override reason')
  await expect(override).toHaveAccessibleDescription(refusal)
  await editor.getByRole('button', { name: 'Save Changes' }).click()
  await expect(override).toHaveAttribute('aria-invalid', 'true')
  await expect(editor.getByText(refusal)).toBeVisible()
  const answer = await page.evaluate(async (id) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'))!
    const headers = { Authorization: `Bearer ${localStorage.getItem(key)}`, 'Content-Type': 'application/json' }
    const order = await (await fetch(`/api/admin/orders/${id}`, { headers })).json()
    const r = await fetch(`/api/admin/orders/${id}`, { method: 'PATCH', headers, body: JSON.stringify({ version: order.version, currentStatus: 'ready_for_pickup' }) })
    return { status: r.status, body: await r.json() }
  }, orderId)
  expect(answer.status).toBe(400)
  expect(answer.body.error.message).toBe(refusal)
  // The refused status change is still typed in the editor: closing asks before throwing it away.
  await page.keyboard.press('Escape')
  await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).getByRole('button', { name: 'Discard Changes' }).click()
  await expect(editor).toBeHidden()
  await expect(row).not.toContainText('Ready For Pickup')
  await signOut(page)

  // The customer pays the whole balance with the test card.
  await signIn(page, email, password)
  await page.goto(`/orders/${orderId}/payment`)
  await expect(page.getByRole('heading', { level: 1, name: 'Make a Payment' })).toBeVisible()
  const invoice = page.getByRole('region', { name: 'Invoice Summary' })
  const paid = await billRows(invoice.getByTestId('bill'))
  expect(paid.rows.reduce((a, b) => a + b, 0)).toBe(paid.total)
  await expect(page.getByTestId('balance-due')).toHaveText('$256.81')
  await expect(page.getByLabel('Payment Amount ($)')).toHaveValue('256.81')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: 'Pay $256.81' }).click()
  await expect(page.getByText('Payment successful!')).toBeVisible()
  await expect(page.getByTestId('balance-due')).toHaveText('$0.00', { timeout: 10_000 })
  await signOut(page)

  // Paid in full: the admin makes it ready for the customer, no reason asked.
  await signIn(page, 'admin@example.com', 'AdminPass123!')
  await page.goto('/admin/manage-orders')
  await expect(row).toContainText('Paid')
  await row.getByRole('button', { name: /^Edit/ }).click()
  await editor.getByRole('form', { name: 'Edit order' }).getByLabel('Status', { exact: true }).selectOption('ready_for_pickup')
  await expect(editor.getByLabel('Override reason')).toHaveCount(0)
  await editor.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByText('Order updated successfully!')).toBeVisible()
  await expect(editor).toBeHidden()
  await expect(row).toContainText('Ready For Pickup')
})
