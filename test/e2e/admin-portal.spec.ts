import { expect, test, type Page } from '@playwright/test'
import { fillNewOrder, openOrderFromDashboard, shoot, signIn, signOut, receiveThroughApi, signedInApi } from './steps.ts'

async function confirmWith(page: Page, text: string, button: string) {
  const dialog = page.getByRole('dialog', { name: 'Please Confirm' })
  await expect(dialog).toContainText(text)
  await dialog.getByRole('button', { name: button }).click()
  await expect(dialog).toBeHidden()
}

test('an admin runs an order from new customer to unarchive (and a restore after a delete), and the customer sees it', async ({ page }) => {
  test.setTimeout(120_000)
  const suffix = Date.now().toString(36)
  const email = `owner-${suffix}@example.com`
  const password = 'Password123!'
  const model = `Python ${suffix}`

  // The admin creates a customer.
  await signIn(page, 'admin@example.com', 'AdminPass123!')
  await page.goto('/admin/customers')
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Management Center' })).toBeVisible()
  await page.getByRole('button', { name: 'Add Customer' }).click()
  const customerForm = page.getByRole('dialog', { name: 'Add Customer' })
  await customerForm.getByRole('button', { name: 'Add Customer' }).click()
  await expect(customerForm.getByText('Password is required for new customers')).toBeVisible()
  await expect(customerForm.getByText('First name is required')).toBeVisible()
  await customerForm.getByLabel('Email').fill(email)
  await customerForm.getByLabel('Password').fill(password)
  await customerForm.getByLabel('First Name').fill('Riley')
  await customerForm.getByLabel('Last Name').fill('Maker')
  await customerForm.getByLabel('Phone').fill('555-010-1234')
  await customerForm.getByLabel('Enable SMS notifications').check()
  await customerForm.getByRole('button', { name: 'Add Customer' }).click()
  await expect(page.getByText('Customer added successfully!')).toBeVisible()
  await expect(customerForm).toBeHidden()
  const customerRow = page.getByRole('list', { name: 'Customers' }).getByRole('listitem').filter({ hasText: email })
  await customerRow.getByRole('button', { name: /^Riley Maker/ }).click()
  await expect(customerRow).toContainText('SMS Notifications:Enabled')

  // A duplicate email is refused with the server's message.
  await page.getByRole('button', { name: 'Add Customer' }).click()
  await customerForm.getByLabel('Email').fill(email)
  await customerForm.getByLabel('Password').fill(password)
  await customerForm.getByLabel('First Name').fill('Riley')
  await customerForm.getByLabel('Last Name').fill('Again')
  await customerForm.getByRole('button', { name: 'Add Customer' }).click()
  await expect(customerForm.getByText(`A user with email ${email} already exists in the system`)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(customerForm).toBeHidden()

  // ... creates an order for them.
  await page.goto('/admin/manage-orders')
  await expect(page.getByRole('heading', { level: 1, name: 'Order Management Center' })).toBeVisible()
  await page.getByRole('button', { name: 'New Order' }).click()
  const createForm = page.getByRole('dialog', { name: 'Create New Order' })
  await createForm.getByRole('button', { name: 'Create Order' }).click()
  await expect(createForm.getByText('Please select a customer')).toBeVisible()
  await expect(createForm.getByText('Please enter a valid estimated cost')).toBeVisible()
  await fillNewOrder(createForm, {
    search: `owner-${suffix}`,
    customer: /Riley Maker/,
    email,
    make: 'Colt',
    model,
    serial: `SN-${suffix}`,
    caliber: '.357 Magnum',
    description: 'Timing is off; cylinder does not lock up.',
    estimate: '150.00',
  })
  await expect(page.getByText('Order created successfully!')).toBeVisible()
  const row = page.getByRole('list', { name: 'Active orders' }).getByRole('listitem').filter({ hasText: model })
  await expect(row).toContainText('Order Created')
  await expect(row).toContainText('Owes: $175.00')

  // ... receives the firearm (its intake and A&D entry: the order editor's panel is another journey's) ...
  const [created] = (await signedInApi(page, 'GET', `/api/admin/orders?view=active&search=SN-${suffix}`)).items
  await receiveThroughApi(page, created.id)

  // ... adds two parts that need the customer's approval: not billed yet, shown apart.
  await row.getByRole('button', { name: /^Edit/ }).click()
  const editor = page.getByRole('dialog', { name: /^Edit Order GS-/ })
  await expect(editor.getByLabel('Firearm Model')).toHaveValue(model)
  const addLine = editor.getByRole('form', { name: 'Add part or charge' })
  await addLine.getByLabel('Kind').selectOption('part')
  await addLine.getByLabel('Name').fill('Hand spring')
  await addLine.getByLabel('Cost ($)').fill('12.50')
  await addLine.getByLabel('Quantity').fill('2')
  await addLine.getByLabel('Needs customer approval').check()
  await addLine.getByRole('button', { name: 'Add to Order' }).click()
  await expect(editor.getByRole('cell', { name: 'Hand spring', exact: true })).toBeVisible()
  await addLine.getByLabel('Name').fill('Cylinder bolt')
  await addLine.getByLabel('Cost ($)').fill('35')
  await addLine.getByLabel('Quantity').fill('1')
  await addLine.getByLabel('Needs customer approval').check()
  await addLine.getByRole('button', { name: 'Add to Order' }).click()
  await expect(editor.getByRole('cell', { name: 'Cylinder bolt', exact: true })).toBeVisible()
  await expect(editor.getByTestId('parts-total')).toHaveText('$0.00')
  const summary = editor.getByRole('group', { name: 'Invoice summary' })
  await expect(summary.getByTestId('invoice-total')).toHaveText('$175.00')

  // ... and asks the customer to approve them (the request's tax on the parts included).
  const request = editor.getByRole('form', { name: 'Request approval' })
  const requestApproval = request.getByRole('button', { name: 'Request Approval' })
  await expect(requestApproval).toBeDisabled()
  await expect(request.getByRole('checkbox', { name: /Hand spring/ })).toBeChecked()
  await expect(request.getByRole('checkbox', { name: /Cylinder bolt/ })).toBeChecked()
  await expect(request.getByTestId('request-amount')).toContainText('The customer is asked for $64.65')
  await request.getByLabel('Reason for the additional costs').fill('Worn hand spring and cylinder bolt need replacing')
  await requestApproval.click()
  await expect(editor.getByText('Approval requested. The customer has been notified.')).toBeVisible()
  await expect(editor.getByTestId('pending-request')).toContainText("Waiting for the customer's answer: $64.65")
  await expect(editor.getByTestId('pending-total')).toHaveText('$60.00')
  await expect(editor.getByTestId('extra-work')).toContainText('Billed $0.00 · Awaiting approval $60.00 (request of')

  // ... posts a status message and edits it.
  const post = editor.getByRole('form', { name: 'Post status message' })
  await post.getByLabel('Status').selectOption('parts_needed')
  await post.getByLabel('Message').fill('Ordering parts now')
  await post.getByRole('button', { name: 'Post Update' }).click()
  await expect(editor.getByText('Note added successfully!')).toBeVisible()
  const history = editor.getByRole('list', { name: 'Status history' })
  const message = history.getByRole('listitem').filter({ hasText: 'Ordering parts now' })
  await expect(message).toBeVisible()
  await message.getByRole('button', { name: /^Edit message/ }).click()
  await editor.getByLabel('Edit message', { exact: true }).fill('Ordering parts from the factory')
  await editor.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(history.getByText('Ordering parts from the factory')).toBeVisible()
  await expect(editor.getByText('Note added successfully!')).toBeHidden({ timeout: 5000 })
  await page.keyboard.press('Escape')
  await expect(editor).toBeHidden()
  await expect(row).toContainText('Parts Needed')
  await expect(row).toContainText('Action required: Approval needed for additional costs')

  // ... finds it among every order by its serial (typed in another case, without the dash), then by status.
  const panel = page.getByRole('region', { name: 'Active Orders' })
  const find = panel.getByRole('search', { name: 'Find active orders' })
  const activeList = panel.getByRole('list', { name: 'Active orders' })
  await find.getByLabel('Search').fill(`sn${suffix}`.toLowerCase())
  await expect(activeList.getByRole('listitem')).toHaveCount(1)
  await expect(activeList.getByRole('listitem')).toContainText(model)
  await find.getByLabel('Status').selectOption('shipped')
  await expect(panel.getByText('No active orders match your filters.')).toBeVisible()
  await find.getByLabel('Status').selectOption('parts_needed')
  await expect(row).toBeVisible()
  await find.getByLabel('Search').fill('')
  await expect(activeList.getByRole('listitem').first()).toBeVisible()
  for (const item of await activeList.getByRole('listitem').all()) await expect(item).toContainText('Parts Needed')
  await shoot(page, () => panel, 'admin-active-orders-filtered')
  await find.getByRole('button', { name: 'Reset Filters' }).click()
  await expect(row).toBeVisible()

  // ... archives it, finds it in Archived Orders and unarchives it.
  await row.getByRole('button', { name: /^Archive/ }).click()
  await confirmWith(page, 'Are you sure you want to archive this order?', 'Archive')
  await expect(page.getByText('Order archived successfully!')).toBeVisible()
  await expect(row).toHaveCount(0)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Archived Orders' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Archived Orders' })).toBeVisible()
  const archived = page.getByRole('list', { name: 'Archived orders' }).getByRole('listitem').filter({ hasText: model })
  await expect(archived).toContainText('Riley Maker')
  await expect(archived).toContainText('Repair')
  // Not approved yet: no additional cost on the bill.
  await expect(archived).toContainText('Estimated Cost: $150.00')
  await expect(archived).not.toContainText('Additional Cost')
  await shoot(page, () => page.getByRole('search', { name: 'Find archived orders' }), 'admin-archived-orders-find')
  await archived.getByRole('button', { name: 'Unarchive' }).click()
  await confirmWith(page, 'Are you sure you want to unarchive this order? It will reappear in the main active orders list.', 'Unarchive')
  await expect(page.getByText('Order unarchived successfully!')).toBeVisible()
  await expect(archived).toHaveCount(0)
  await page.goto('/admin/manage-orders')
  const active = page.getByRole('list', { name: 'Active orders' }).getByRole('listitem').filter({ hasText: model })
  await expect(active).toBeVisible()

  // ... hands the firearm back (Release Firearm through the API: its disposition in the A&D book; an order whose
  // firearm is in custody is not deleted), then deletes the order by mistake, finds it in Deleted Orders (linked
  // from Archived Orders) and restores it.
  const inCustody = await signedInApi(page, 'GET', `/api/admin/orders/${created.id}`)
  await signedInApi(page, 'POST', `/api/admin/orders/${created.id}/release`, {
    version: inCustody.version,
    releasedOn: new Date().toISOString().slice(0, 10),
    method: 'ship',
    to: 'customer',
    toAddress: { line1: '500 Depot St', city: 'Austin', state: 'TX', postalCode: '78701' },
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    releaseOverrideReason: 'Sent back before the parts came; the customer pays online',
  })
  await page.reload()
  await active.getByRole('button', { name: /^Delete/ }).click()
  await confirmWith(page, 'Are you sure you want to delete this order? It can be restored from Deleted Orders.', 'Delete')
  await expect(page.getByText('Order deleted successfully!')).toBeVisible()
  await expect(active).toHaveCount(0)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Archived Orders' }).click()
  await page.getByRole('link', { name: 'Deleted Orders' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Deleted Orders' })).toBeVisible()
  const deleted = page.getByRole('list', { name: 'Deleted orders' }).getByRole('listitem').filter({ hasText: model })
  await expect(deleted).toContainText('Riley Maker')
  await expect(deleted).toContainText('Deleted ')
  await shoot(page, () => deleted, 'admin-deleted-order')
  await deleted.getByRole('button', { name: 'Restore' }).click()
  await confirmWith(page, 'Restore this order? It goes back to the list it was deleted from, and its customer sees it again.', 'Restore')
  await expect(page.getByText('Order restored successfully!')).toBeVisible()
  await expect(deleted).toHaveCount(0)
  await page.goto('/admin/manage-orders')
  await expect(active).toBeVisible()

  await signOut(page)

  // The customer signs in and sees the order, the request's parts and total and, once approved, the bill.
  await signIn(page, email, password)
  await openOrderFromDashboard(page, `Colt ${model}`)
  await expect(page.getByText('Action required: Approval needed for additional costs').first()).toBeVisible()
  await expect(page.getByText('Worn hand spring and cylinder bolt need replacing').first()).toBeVisible()
  const approval = page.getByRole('region', { name: 'Additional Costs Approval' })
  await expect(approval).toContainText('Hand spring × 2 at $12.50$25.00')
  await expect(approval).toContainText('Cylinder bolt$35.00')
  await expect(approval.getByTestId('request-total')).toHaveText('$64.65')
  await expect(page.getByText('Ordering parts from the factory').first()).toBeVisible()

  await approval.getByRole('button', { name: 'Approve' }).click()
  await page.getByRole('dialog', { name: 'Approve Additional Costs?' }).getByRole('button', { name: /^Approve \$/ }).click()
  await expect(page.getByText('Customer approved additional costs - Ready to order parts').first()).toBeVisible()
  const bill = page.getByRole('region', { name: 'Service Details' }).getByTestId('bill')
  await expect(bill).toContainText('Hand spring × 2$25.00')
  await expect(bill).toContainText('Cylinder bolt$35.00')
  await expect(bill).toContainText('Tax (7.75% on parts)$4.65')
  await expect(bill.getByTestId('invoice-total')).toHaveText('$239.65')
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Total$239.65')
})
