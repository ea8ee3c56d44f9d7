import { mkdirSync, writeFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { claimTagTexts } from '../../shared/src/claim-tag.ts'
import { releaseCheckMessages as rc } from '../../shared/src/release-checks.ts'
import { expectPrintedBookLegible } from './printed-book-layout.ts'
import { SHOTS, receiveThroughApi, shoot, shootAt390, signedInApi, signIn } from './steps.ts'

// A claim tag and a pickup by someone else. Staff print the order's claim tag (a 4 × 2 in label: order number, serial,
// customer, date received and the order number's Code 128 barcode), then type the order number as a scanner does
// (the code and Enter) in the order search: the order opens. A person other than the one who delivered the firearm
// comes for it: the release says plainly that a licensee transfer or a Form 4473 is needed and is refused without its
// reference (the form, and the API: 400, nothing written), then recorded with the 4473 reference; the book shows it.

const ADMIN = { email: 'admin@example.com', password: 'AdminPass123!' }

async function newReceivedOrder(page: Page, tag: string) {
  const customer = await signedInApi(page, 'POST', '/api/admin/customers', {
    email: `tag-${tag.toLowerCase()}@example.com`,
    password: 'Password123!',
    firstName: 'Tess',
    lastName: `Tag${tag}`,
    address: { line1: '8 Mill Rd', city: 'Austin', state: 'TX', postalCode: '78701' },
  })
  const order = await signedInApi(page, 'POST', '/api/admin/orders', {
    customerId: customer.id,
    firearmMake: 'Smith & Wesson',
    firearmModel: `Model 19 ${tag}`,
    serialNumber: `CT-${tag}`,
    firearmCaliber: '.357 Magnum',
    serviceType: 'Repair',
    description: 'Action is gritty.',
    estimatedCostCents: 10_000,
    returnMethod: 'pickup',
  })
  await receiveThroughApi(page, order.id)
  return { customer, order: order as { id: string; orderNumber: string; serialNumber: string } }
}

test('a claim tag prints and its scanned number opens the order; a pickup by another person needs the transfer reference', async ({ page }) => {
  test.setTimeout(300_000)
  mkdirSync(SHOTS, { recursive: true })
  const tag = Date.now().toString(36).toUpperCase()
  // The print dialog is the browser's: not opened; the CSP must allow the tag's SVG (no inline style).
  await page.addInitScript(() => {
    window.print = () => undefined
  })
  const blocked: string[] = []
  page.on('console', (m) => void (/Content Security Policy/i.test(m.text()) && blocked.push(m.text())))
  await signIn(page, ADMIN.email, ADMIN.password)
  const { order } = await newReceivedOrder(page, tag)

  // The editor links to the tag (a page of its own, opened in a new tab).
  await page.goto(`/admin/manage-orders?order=${order.id}`)
  const editor = page.getByRole('dialog', { name: /^Edit Order GS-/ })
  const panel = editor.getByRole('region', { name: 'Firearm & A&D Book' })
  const tagLink = panel.getByRole('link', { name: claimTagTexts.print })
  await expect(tagLink).toHaveAttribute('href', `/admin/orders/${order.id}/claim-tag`)
  await expect(tagLink).toHaveAttribute('target', '_blank')

  await page.goto(`/admin/orders/${order.id}/claim-tag`)
  const label = page.getByTestId('claim-tag')
  await expect(label).toContainText(order.orderNumber)
  await expect(label).toContainText(order.serialNumber)
  await expect(label).toContainText(`Tess Tag${tag}`)
  await expect(label).toContainText(/Received[A-Z][a-z]{2} \d{1,2}, \d{4}/)
  const barcode = page.getByTestId('claim-tag-barcode')
  await expect(barcode).toHaveAttribute('data-value', order.orderNumber)
  await expect(barcode.locator('svg path').first()).toBeAttached()
  await shoot(page, () => label, 'claim-tag')
  await shootAt390(page, 'claim-tag-page')
  // On paper: the label alone, 4 × 2 in (the PDF's page size is the label's), and as the print media lays it out.
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true })
  writeFileSync(`${SHOTS}/claim-tag.pdf`, pdf)
  const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf.toString('latin1'))
  expect(box && [Math.round(Number(box[1])), Math.round(Number(box[2]))]).toEqual([288, 144])
  // One label: the tag fits its page.
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)).toHaveLength(1)
  await page.setViewportSize({ width: 384, height: 192 })
  await page.emulateMedia({ media: 'print' })
  await page.screenshot({ path: `${SHOTS}/claim-tag-print.png`, animations: 'disabled' })
  await page.emulateMedia({ media: 'screen' })
  await page.setViewportSize({ width: 1280, height: 900 })
  expect(blocked).toEqual([])

  // Scan to open: the scanner types the code and Enter into the order search.
  await page.goto('/admin/manage-orders')
  const search = page.getByRole('search', { name: /orders/i }).getByLabel('Search')
  await search.fill(order.orderNumber.toLowerCase())
  await search.press('Enter')
  await expect(page).toHaveURL(new RegExp(`[?&]order=${order.id}`))
  await expect(page.getByRole('dialog', { name: `Edit Order ${order.orderNumber}` })).toBeVisible()

  // The pickup: someone else comes for it.
  await panel.getByRole('button', { name: 'Release Firearm' }).click()
  const release = panel.getByRole('form', { name: 'Release firearm' })
  await expect(release.getByRole('radio', { name: 'Picked up in person' })).toBeChecked()
  await release.getByRole('radio', { name: 'No, someone else' }).click()
  await expect(release.getByTestId('transfer-fields')).toContainText(rc.notDeliverer)
  await release.getByLabel('Recipient Name').fill('Pat Other')
  await release.getByLabel('Street Address').fill('9 Oak Ave')
  await release.getByLabel('City').fill('Austin')
  await release.getByLabel('State').selectOption('TX')
  await release.getByLabel('ZIP Code').fill('78702')
  await release.getByLabel('ID Type').selectOption('state_id')
  await release.getByLabel('Issued By').fill('TX')
  await release.getByLabel('Last 4 of ID Number').fill('7788')
  if (await release.getByLabel('Override reason').count()) await release.getByLabel('Override reason').fill('Paid at the counter in cash.')
  await release.getByRole('button', { name: 'Record Release' }).click()
  await expect(release.getByLabel('Form 4473 Reference')).toHaveAccessibleDescription(rc.transferRequired)
  await shoot(page, () => panel, 'release-other-person-refused')

  // The server refuses it too (a client that skips the form), and writes nothing.
  const current = await signedInApi(page, 'GET', `/api/admin/orders/${order.id}`)
  const refused = await page.evaluate(
    async ({ id, body }) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'))!
      const r = await fetch(`/api/admin/orders/${id}/release`, { method: 'POST', headers: { Authorization: `Bearer ${localStorage.getItem(key)}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      return { status: r.status, body: await r.json() }
    },
    {
      id: order.id,
      body: { version: current.version, releasedOn: new Date().toISOString().slice(0, 10), method: 'pickup', to: 'customer', toName: 'Pat Other', toAddress: { line1: '9 Oak Ave', city: 'Austin', state: 'TX', postalCode: '78702' }, idType: 'state_id', idIssuer: 'TX', idLast4: '7788', recipientIsDeliverer: false, releaseOverrideReason: 'Paid at the counter in cash.' },
    },
  )
  expect(refused).toMatchObject({ status: 400, body: { error: { fields: { form4473Ref: rc.transferRequired } } } })
  expect((await signedInApi(page, 'GET', `/api/admin/orders/${order.id}`)).release).toBeNull()

  // With the 4473 reference it is recorded.
  await release.getByLabel('Form 4473 Reference').fill(`T-${tag}`)
  await shoot(page, () => panel, 'release-other-person-form')
  await shootAt390(page, 'release-other-person-form', () => panel)
  await release.getByRole('button', { name: 'Record Release' }).click()
  await expect(panel.getByTestId('custody-state')).toHaveText('Released')
  const summary = panel.getByTestId('release-summary')
  await expect(summary).toContainText('Pat Other')
  await expect(summary).toContainText('State ID, TX, ending 7788')
  await expect(summary).toContainText(`Not the person who delivered it · Form 4473 T-${tag}`)
  await shoot(page, () => panel, 'release-other-person-recorded')

  // The book's disposition shows it: screen and print.
  await page.goto('/admin/book')
  await page.getByRole('tab', { name: 'Book' }).click()
  await page.getByRole('searchbox', { name: 'Search' }).fill(order.serialNumber)
  const line = page.locator(`tbody[data-order-id="${order.id}"]`)
  const checks = line.getByTestId('disposition-checks')
  await expect(checks).toContainText('ID: State ID, TX, ending 7788')
  await expect(checks).toContainText('Not the person who delivered it')
  await expect(checks).toContainText(`Form 4473: T-${tag}`)
  // The book's table scrolls sideways inside its own box on a phone: its line is looked at on a desktop, light and dark.
  await page.setViewportSize({ width: 1400, height: 900 })
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await line.screenshot({ path: `${SHOTS}/book-disposition-checks-1400-${scheme}.png`, animations: 'disabled' })
  }
  await page.emulateMedia({ colorScheme: 'light' })

  const today = new Date().toISOString().slice(0, 10)
  await page.goto(`/admin/book/print?from=${today}&to=${today}`)
  const sheet = page.getByRole('table', { name: 'A&D book' })
  await expect(sheet.getByRole('columnheader', { name: 'Disposed To (ID Shown)' })).toBeVisible()
  const printed = sheet.getByRole('row').filter({ hasText: order.serialNumber })
  await expect(printed).toContainText('State ID, TX, ending 7788')
  await expect(printed).toContainText(`T-${tag}`)
  // The line with its ID shown and 4473 reference on the letter page: no column clipped, no head broken inside a word.
  await expectPrintedBookLegible(page, 'printed book with a 4473 line')
  await page.emulateMedia({ media: 'print' })
  const bookPdf = await page.pdf({ preferCSSPageSize: true, printBackground: true })
  writeFileSync(`${SHOTS}/book-print.pdf`, bookPdf)
  await page.setViewportSize({ width: 1056, height: 816 })
  await page.emulateMedia({ media: 'print' })
  await page.screenshot({ path: `${SHOTS}/book-print-disposition.png`, fullPage: true, animations: 'disabled' })
  await page.emulateMedia({ media: 'screen' })
})

test('New Order asks the return: ship to the mailing address or another (a PO Box warned of), or pick up', async ({ page }) => {
  test.setTimeout(180_000)
  const tag = Date.now().toString(36).toUpperCase()
  await signIn(page, ADMIN.email, ADMIN.password)
  const email = `return-${tag.toLowerCase()}@example.com`
  await signedInApi(page, 'POST', '/api/admin/customers', { email, password: 'Password123!', firstName: 'Rory', lastName: `Return${tag}`, address: { line1: '3 Elm St', city: 'Austin', state: 'TX', postalCode: '78701' } })

  await page.goto('/admin/manage-orders')
  await page.getByRole('button', { name: 'New Order' }).click()
  const form = page.getByRole('dialog', { name: 'Create New Order' }).getByRole('form', { name: 'Create order' })
  await form.getByLabel('Customer').fill(`Return${tag}`)
  await form.getByRole('list', { name: 'Matching customers' }).getByRole('button', { name: new RegExp(`Return${tag}`) }).click()
  const ret = form.getByRole('group', { name: 'Return', exact: true })
  await expect(ret.getByRole('radio', { name: 'Ship it back' })).toBeChecked()
  await expect(ret.getByTestId('new-order-return-address')).toContainText('3 Elm St')
  await ret.getByRole('radio', { name: 'Another address' }).click()
  await ret.getByLabel('Street Address').fill('P.O. Box 77')
  await ret.getByLabel('City').fill('Austin')
  await ret.getByLabel('State').selectOption('TX')
  await ret.getByLabel('ZIP Code').fill('78703')
  await expect(ret.getByTestId('po-box-warning')).toContainText(rc.poBoxWarning)
  await form.getByLabel('Firearm Make').fill('Glock')
  await form.getByLabel('Firearm Model').fill(`G19 ${tag}`)
  await form.getByLabel('Serial Number').fill(`RT-${tag}`)
  await form.getByLabel('Service Type').selectOption('Repair')
  await form.getByLabel('Description').fill('Sights.')
  await form.getByLabel('Estimated Cost ($)').fill('50')
  await shoot(page, () => ret, 'new-order-return')
  await shootAt390(page, 'new-order-return', () => ret)
  await form.getByRole('button', { name: 'Create Order' }).click()
  await expect(form).toBeHidden()
  const found = await signedInApi(page, 'GET', `/api/admin/orders?search=RT-${tag}`)
  const order = await signedInApi(page, 'GET', `/api/admin/orders/${found.items[0].id}`)
  expect(order).toMatchObject({ shippingSelected: true, returnAddress: { line1: 'P.O. Box 77', postalCode: '78703' } })

  // Pick up: no address asked.
  await page.getByRole('button', { name: 'New Order' }).click()
  await form.getByLabel('Customer').fill(`Return${tag}`)
  await form.getByRole('list', { name: 'Matching customers' }).getByRole('button', { name: new RegExp(`Return${tag}`) }).click()
  await ret.getByRole('radio', { name: 'Pick up in person' }).click()
  await expect(ret.getByLabel('Street Address')).toHaveCount(0)
  await form.getByLabel('Firearm Make').fill('Glock')
  await form.getByLabel('Firearm Model').fill(`G17 ${tag}`)
  await form.getByLabel('Serial Number').fill(`RP-${tag}`)
  await form.getByLabel('Service Type').selectOption('Repair')
  await form.getByLabel('Description').fill('Trigger.')
  await form.getByLabel('Estimated Cost ($)').fill('50')
  await form.getByRole('button', { name: 'Create Order' }).click()
  await expect(form).toBeHidden()
  const picked = await signedInApi(page, 'GET', `/api/admin/orders?search=RP-${tag}`)
  expect((await signedInApi(page, 'GET', `/api/admin/orders/${picked.items[0].id}`)).shippingSelected).toBe(false)
})
