import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { BOOK_COLUMNS, CORRECTION_COLUMNS, bookMessages } from '../../shared/src/book.ts'
import { LEGACY_SERIAL } from './legacy-orders.ts'
import { axeBothSchemes, shoot, shootAt390, signedInApi, signIn } from './steps.ts'

// The A&D book cannot be skipped: staff try to move an order whose firearm never came to Work In Progress and are
// told to record the intake with Receive Firearm first (nothing saved); an order an earlier version left in work
// without its intake (test/e2e/legacy-orders.ts) is counted on the dashboard, opened from there in "Firearms missing
// from the A&D book", received with the day it really came in, and leaves the list; the whole book (every line and
// every correction) downloads as CSV. Screens at 390 px, light and dark.

const ADMIN = { email: 'admin@example.com', password: 'AdminPass123!' }
const dayOffset = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

test('the book cannot be skipped: Work In Progress needs Receive Firearm; a firearm missing from the book is received with its real date; the whole book downloads', async ({ page }) => {
  test.setTimeout(300_000)
  const tag = Date.now().toString(36).toUpperCase()
  await signIn(page, ADMIN.email, ADMIN.password)

  // An order whose firearm has not come in: Work In Progress is refused, naming Receive Firearm, and nothing is saved.
  const customer = await signedInApi(page, 'POST', '/api/admin/customers', { email: `custody-${tag.toLowerCase()}@example.com`, password: 'Password123!', firstName: 'Cory', lastName: `Custody${tag}` })
  const order = await signedInApi(page, 'POST', '/api/admin/orders', { customerId: customer.id, firearmMake: 'Walther', firearmModel: `PDP ${tag}`, serialNumber: `CU-${tag}`, serviceType: 'Repair', description: 'Light primer strikes', estimatedCostCents: 9_000 })
  await page.goto(`/admin/manage-orders?order=${order.id}`)
  const editor = page.getByRole('dialog', { name: `Edit Order ${order.orderNumber}` })
  const form = editor.getByRole('form', { name: 'Edit order' })
  const status = form.getByLabel('Status', { exact: true })
  await expect(status).toHaveValue('order_created')
  await status.selectOption('in_progress')
  await expect(status).toHaveAccessibleDescription(bookMessages.receiveFirst)
  await expect(form.getByText(bookMessages.receiveFirst)).toBeVisible()
  await form.getByRole('button', { name: 'Save Changes' }).click()
  await expect(status).toHaveAttribute('aria-invalid', 'true')
  await expect(status).toHaveAccessibleDescription(bookMessages.receiveFirst)
  await shoot(page, () => status.locator('xpath=ancestor::fieldset[1]'), 'book-custody-status-refused')
  await shootAt390(page, 'book-custody-status-refused', () => editor)
  // Ready For Shipping and Shipped as well; the server agrees (the order is as it was).
  await status.selectOption('ready_for_shipping')
  await expect(status).toHaveAccessibleDescription(bookMessages.receiveFirst)
  await status.selectOption('shipped')
  await expect(status).toHaveAccessibleDescription(bookMessages.receiveAndRelease)
  const refused = await page.evaluate(async ({ id, version }) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'))!
    const r = await fetch(`/api/admin/orders/${id}`, { method: 'PATCH', headers: { Authorization: `Bearer ${localStorage.getItem(key)}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ version, currentStatus: 'in_progress' }) })
    return { status: r.status, body: await r.json() }
  }, { id: order.id, version: order.version })
  expect(refused).toEqual({ status: 400, body: { error: { code: 'validation_failed', message: bookMessages.receiveFirst, fields: { currentStatus: bookMessages.receiveFirst } } } })
  expect(await signedInApi(page, 'GET', `/api/admin/orders/${order.id}`)).toMatchObject({ currentStatus: 'order_created', version: order.version, intake: null })
  await page.keyboard.press('Escape')
  await page.getByRole('dialog', { name: 'Discard unsaved changes?' }).getByRole('button', { name: 'Discard Changes' }).click()
  await expect(editor).toBeHidden()

  // The dashboard counts the firearms missing from the book and opens their list.
  await page.goto('/admin')
  const count = page.getByRole('link', { name: /^\d+ firearms? missing from the A&D book$/ })
  await expect(count).toBeVisible()
  const before = Number((await count.textContent())!.match(/^\d+/)![0])
  expect(before).toBeGreaterThanOrEqual(1)
  await shootAt390(page, 'book-custody-dashboard-count')
  await count.click()
  await expect(page).toHaveURL(/\/admin\/book\/missing$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Firearms missing from the A&D book' })).toBeVisible()
  const list = page.getByRole('list', { name: 'Firearms missing from the A&D book' })
  const row = list.getByRole('listitem').filter({ hasText: LEGACY_SERIAL })
  await expect(row).toContainText('Work In Progress')
  await expect(row).toContainText('Browning Hi-Power')
  await expect(row).toContainText('Lee Legacy')
  await shootAt390(page, 'book-missing-list')
  await axeBothSchemes(page, 'the missing list')

  // Record Intake: the day it really came in (18 days ago), the firearm as the book describes it, from the customer.
  const orderNumber = (await row.textContent())!.match(/GS-\d+/)![0]
  await row.getByRole('button', { name: `Record Intake: ${orderNumber}` }).click()
  const dialog = page.getByRole('dialog', { name: `Receive Firearm: ${orderNumber}` })
  const intake = dialog.getByRole('form', { name: 'Receive firearm' })
  await expect(intake.getByLabel('Serial Number')).toHaveValue(LEGACY_SERIAL)
  await intake.getByLabel('Date Received').fill(dayOffset(30))
  await intake.getByLabel('Firearm Type').selectOption('pistol')
  await intake.getByLabel('Street Address').fill('18 Quarry Ln')
  await intake.getByLabel('City').fill('Ogden')
  await intake.getByLabel('State').selectOption('UT')
  await intake.getByLabel('ZIP Code').fill('84401')
  await intake.getByRole('button', { name: 'Record Intake' }).click()
  // Before the order was created: refused on the field, with the earliest day it could be.
  await expect(intake.getByLabel('Date Received')).toHaveAccessibleDescription(/^The date received cannot be before the order was created \(\d{4}-\d{2}-\d{2}\)\.$/)
  await intake.getByLabel('Date Received').fill(dayOffset(18))
  await shootAt390(page, 'book-missing-receive', () => dialog)
  await axeBothSchemes(page, 'the Receive Firearm dialog', '[role="dialog"]')
  await intake.getByRole('button', { name: 'Record Intake' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Intake of ${orderNumber} recorded: the firearm is in the A&D book.` })).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(row).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 2, name: `${before - 1} ${before - 1 === 1 ? 'firearm' : 'firearms'} missing from the A&D book` })).toBeVisible()
  await shootAt390(page, 'book-missing-recorded')

  // In the book since the day it came in, its status kept; a correction of its entry (a new entry) for the download.
  const received = (await signedInApi(page, 'GET', `/api/admin/book?view=inventory&search=${LEGACY_SERIAL}`)).items[0]
  expect(received.current).toMatchObject({ acquiredOn: dayOffset(18), serialNumber: LEGACY_SERIAL, fromAddress: '18 Quarry Ln, Ogden, UT 84401' })
  expect(received.daysHeld).toBe(18)
  const legacy = await signedInApi(page, 'GET', `/api/admin/orders/${received.orderId}`)
  expect(legacy).toMatchObject({ currentStatus: 'in_progress', missingFromBook: false })
  await signedInApi(page, 'POST', `/api/admin/book/${received.orderId}/corrections`, { version: legacy.version, entry: 'acquisition', reason: `Importer read off the slide ${tag}`, fields: { firearmImporter: 'FN Herstal' } })

  // Download Whole Book: every line and every correction.
  await page.goto('/admin/book')
  const download = page.getByRole('button', { name: 'Download Whole Book' })
  await expect(download).toBeVisible()
  await shootAt390(page, 'book-whole-download')
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()])
  expect(file.suggestedFilename()).toBe(`ad-book-whole-${dayOffset(0)}.csv`)
  const csv = await readFile((await file.path())!, 'utf8')
  const [header, ...rows] = csv.split('\r\n')
  expect(header).toBe([...BOOK_COLUMNS, ...CORRECTION_COLUMNS].map((c) => c.header).join(','))
  const line = rows.find((r) => r.includes(LEGACY_SERIAL) && r.includes(',Entry,'))
  expect(line).toContain(`Browning,FN Herstal,Hi-Power,${LEGACY_SERIAL},Pistol,9mm,${dayOffset(18)},Lee Legacy,"18 Quarry Ln, Ogden, UT 84401"`)
  expect(line).toContain(`,${orderNumber},Yes,Entry,`)
  const correction = rows.find((r) => r.includes(`Importer read off the slide ${tag}`))
  expect(correction).toMatch(new RegExp(`^${received.lineNumber},(,){16}${orderNumber},,Correction,Acquisition,"Importer was \\(blank\\), now FN Herstal",Importer read off the slide ${tag},`))
  // The order whose firearm never came is not in the book.
  expect(csv).not.toContain(`CU-${tag}`)
})
