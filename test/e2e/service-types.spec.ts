import { expect, test } from '@playwright/test'
import { serviceTypeMessages } from '../../shared/src/service-types.ts'
import { axeBothSchemes, seedCustomerWithOrders, shoot, signIn, signedInApi } from './steps.ts'

// The price list and labor billing: the owner sets the labor rate and a minimum service fee (Billing), adds a
// service type (Service Types), creates an order that picks it (the estimate fills in from its price), adds a
// labor line from the price list billed by the hour, and reads the amounts and the "Minimum service fee" line.
// The settings go back to their defaults at the end, so the other journeys' orders bill as before.

test('the owner prices work from the price list: labor by the hour and the minimum service fee', async ({ page }) => {
  test.setTimeout(240_000)
  const suffix = Date.now().toString(36)
  const email = `price-${suffix}@example.com`
  const typeName = `Sight Check ${suffix}`
  const model = `Model 10 ${suffix}`
  await seedCustomerWithOrders(page, { email, password: 'Password123!', firstName: 'Pia', lastName: 'Pricelist' }, [])

  await signIn(page, 'admin@example.com', 'AdminPass123!')
  try {
    // Billing: the labor rate and the minimum service fee, with where they are used.
    await page.goto('/admin/settings')
    await page.getByRole('tab', { name: 'Billing' }).click()
    const billing = page.getByRole('form', { name: 'Billing' })
    await expect(billing).toContainText(serviceTypeMessages.laborRateHint)
    await expect(billing).toContainText(serviceTypeMessages.minimumFeeHint)
    await billing.getByLabel('Default Labor Rate ($ per hour)').fill('80.00')
    await billing.getByLabel('Minimum Service Fee ($)').fill('60.00')
    await billing.getByRole('button', { name: 'Save Settings' }).click()
    await expect(page.getByText('Settings saved successfully!')).toBeVisible()

    // Service Types: the seeded list (no "coming soon"), and a flat service added to it.
    await page.getByRole('tab', { name: 'Service Types' }).click()
    const list = page.getByRole('list', { name: 'Service types' })
    await expect(list.getByRole('listitem').filter({ hasText: 'Trigger Job' })).toContainText('Labor (by the hour) · 1.5 h × $80.00')
    await expect(page.getByText('Coming soon')).toHaveCount(0)
    await page.getByRole('button', { name: 'Add Service Type' }).click()
    const add = page.getByRole('form', { name: 'New service type' })
    await add.getByLabel('Name').fill(typeName)
    await add.getByLabel('Kind').selectOption('service')
    await add.getByLabel('Default price ($)').fill('20.00')
    await add.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText(serviceTypeMessages.created)).toBeVisible()
    await expect(list.getByRole('listitem').filter({ hasText: typeName })).toContainText('Flat service · $20.00')
    // The same name in another case is refused with the server's words.
    await page.getByRole('button', { name: 'Add Service Type' }).click()
    await add.getByLabel('Name').fill(typeName.toUpperCase())
    await add.getByLabel('Kind').selectOption('service')
    await add.getByLabel('Default price ($)').fill('1.00')
    await add.getByRole('button', { name: 'Save' }).click()
    await expect(add.getByText(serviceTypeMessages.nameTaken).first()).toBeVisible()
    await add.getByRole('button', { name: 'Cancel' }).click()
    const panel = () => page.getByRole('tabpanel')
    await shoot(page, panel, 'service-types-settings')
    await axeBothSchemes(page, 'Settings → Service Types', '[role="tabpanel"]')

    // New Order picks the type: the estimate is its price.
    await page.goto('/admin/manage-orders')
    await page.getByRole('button', { name: 'New Order' }).click()
    const form = page.getByRole('dialog', { name: 'Create New Order' })
    await form.getByLabel('Customer').fill(`price-${suffix}`)
    await form.getByRole('list', { name: 'Matching customers' }).getByRole('button', { name: /Pia Pricelist/ }).click()
    await form.getByLabel('Firearm Make').fill('Smith & Wesson')
    await form.getByLabel('Firearm Model').fill(model)
    await form.getByLabel('Serial Number').fill(`SW-${suffix}`)
    await form.getByLabel('Service Type').selectOption(typeName)
    await expect(form.getByLabel('Estimated Cost ($)')).toHaveValue('20.00')
    await form.getByLabel('Description').fill('Check the sights and zero.')
    await form.getByRole('button', { name: 'Create Order' }).click()
    await expect(page.getByText('Order created successfully!')).toBeVisible()

    // $20.00 of service is below the $60.00 minimum: the difference is a line of its own.
    const row = page.getByRole('list', { name: 'Active orders' }).getByRole('listitem').filter({ hasText: model })
    await row.getByRole('button', { name: /^Edit/ }).click()
    const editor = page.getByRole('dialog', { name: /^Edit Order GS-/ })
    const work = () => editor.getByRole('region', { name: 'Parts and Additional Costs' })
    const summary = () => work().getByRole('group', { name: 'Invoice summary' })
    await expect(summary()).toContainText('Minimum service fee$40.00')
    await expect(summary().getByTestId('invoice-total')).toHaveText('$85.00')

    // A labor line from the price list, billed by the hour at the shop's rate (previewed, priced by the server).
    const addLine = editor.getByRole('form', { name: 'Add part or charge' })
    await addLine.getByLabel('From the price list').selectOption({ label: 'Trigger Job (1.5 h × $80.00)' })
    await expect(addLine.getByLabel('Kind')).toHaveValue('labor')
    await expect(addLine.getByLabel('Name')).toHaveValue('Trigger Job')
    await expect(addLine.getByLabel(serviceTypeMessages.hoursLabel)).toHaveValue('1.5')
    await addLine.getByLabel(serviceTypeMessages.hoursLabel).fill('0.25')
    await expect(addLine.getByTestId('labor-preview')).toHaveText('0.25 h × $80.00 = $20.00')
    await addLine.getByRole('button', { name: 'Add to Order' }).click()
    await expect(work().getByRole('cell', { name: /^Trigger Job/ })).toContainText('0.25 h × $80.00')
    await expect(summary()).toContainText('Trigger Job — 0.25 h × $80.00$20.00')
    await expect(summary()).toContainText('Minimum service fee$20.00')
    await expect(summary().getByTestId('invoice-total')).toHaveText('$85.00')
    await shoot(page, work, 'service-types-labor-line')

    // The API says the same: the line keeps its hours and rate, the invoice its minimum fee.
    const orders = await signedInApi(page, 'GET', `/api/admin/orders?view=active&limit=50&search=${encodeURIComponent(`SW-${suffix}`)}`)
    const order = await signedInApi(page, 'GET', `/api/admin/orders/${orders.items[0].id}`)
    expect(order.serviceType).toBe(typeName)
    expect(order.lines[0]).toMatchObject({ kind: 'labor', name: 'Trigger Job', hours: 0.25, rateCents: 8000, lineTotalCents: 2000 })
    expect(order.invoice).toMatchObject({ serviceCents: 2000, laborCents: 2000, minimumFeeCents: 2000, totalCents: 8500 })
  } finally {
    await signedInApi(page, 'PUT', '/api/admin/settings', { laborRateCents: 7500, minimumServiceFeeCents: 0 })
  }
})
