import { mkdirSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { SHOTS, shoot, signedInApi, signIn } from './steps.ts'

// The firearm in the order editor: staff receive a firearm (the intake writes the A&D acquisition entry and the
// order moves to Firearm Received), work on it, release it by shipping with carrier and tracking (a balance is due,
// so with an override reason; the disposition entry is written with it and the order is Shipped), see both entries,
// and correct the acquisition with a reason (a new entry; the original stays). A customer and order of its own.
// Screens of the panel and its forms at 390 px and at desktop width, light and dark.

const ADMIN = { email: 'admin@example.com', password: 'AdminPass123!' }

/** axe (its default rules) on the panel in the state it is in, light and dark: the violations, one line each. */
async function axeProblems(page: Page, what: string): Promise<string[]> {
  const problems: string[] = []
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /(^|\s)dark(\s|$)/ : /^(?!.*(^|\s)dark(\s|$))/)
    const results = await new AxeBuilder({ page }).setLegacyMode().include('[data-testid="firearm-panel"]').options({ resultTypes: ['violations'] }).analyze()
    for (const v of results.violations) problems.push(`${what} [${scheme}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
  return problems
}

/** At desktop width, light and dark: the panel, and the editor's window scrolled to it (the panel beside the form). */
async function shootDesktop(page: Page, target: Locator, name: string) {
  mkdirSync(SHOTS, { recursive: true })
  const viewport = page.viewportSize()
  await page.setViewportSize({ width: 1280, height: 1000 })
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await target.scrollIntoViewIfNeeded()
    await target.screenshot({ path: `${SHOTS}/${name}-1280-${scheme}.png`, animations: 'disabled' })
    await page.screenshot({ path: `${SHOTS}/${name}-editor-1280-${scheme}.png`, animations: 'disabled' })
  }
  await page.emulateMedia({ colorScheme: 'light' })
  if (viewport) await page.setViewportSize(viewport)
}

test('staff receive a firearm, work on it, ship it with its disposition, and correct the book', async ({ page }) => {
  test.setTimeout(300_000)
  const tag = Date.now().toString(36).toUpperCase()
  const serial = `FB-${tag}`
  const model = `Python ${tag}`

  await signIn(page, ADMIN.email, ADMIN.password)
  const customer = await signedInApi(page, 'POST', '/api/admin/customers', {
    email: `firearm-${tag.toLowerCase()}@example.com`,
    password: 'Password123!',
    firstName: 'Frank',
    lastName: `Intake${tag}`,
    address: { line1: '41 Range Rd', city: 'Austin', state: 'TX', postalCode: '78701' },
  })
  await signedInApi(page, 'POST', '/api/admin/orders', { customerId: customer.id, firearmMake: 'Colt', firearmModel: model, serialNumber: serial, firearmCaliber: '.357 Magnum', serviceType: 'Repair', description: 'Timing is off; cylinder carries up late.', estimatedCostCents: 10_000 })

  await page.goto('/admin/manage-orders')
  const row = page.getByRole('list', { name: 'Active orders' }).getByRole('listitem').filter({ hasText: model })
  await row.getByRole('button', { name: /^Edit/ }).click()
  const editor = page.getByRole('dialog', { name: /^Edit Order GS-/ })
  const panel = editor.getByRole('region', { name: 'Firearm & A&D Book' })
  const form = editor.getByRole('form', { name: 'Edit order' })
  await expect(panel.getByTestId('custody-state')).toHaveText('Not received')
  await expect(panel).toContainText('Ship back to Frank')
  await shoot(page, () => panel, 'firearm-not-received')

  // Receive Firearm: the customer's address and the order's firearm are filled in; the type is asked for.
  await panel.getByRole('button', { name: 'Receive Firearm' }).click()
  const intake = panel.getByRole('form', { name: 'Receive firearm' })
  await expect(intake.getByLabel('Street Address')).toHaveValue('41 Range Rd')
  await expect(intake.getByLabel('Serial Number')).toHaveValue(serial)
  await expect(intake.getByLabel('Caliber or Gauge')).toHaveValue('.357 Magnum')
  await intake.getByRole('button', { name: 'Record Intake' }).click()
  await expect(intake.getByLabel('Firearm Type')).toHaveAccessibleDescription('Choose the firearm type')
  await intake.getByLabel('Firearm Type').selectOption('revolver')
  await intake.getByLabel('Condition Notes').fill('Light holster wear; bore clean.')
  await intake.getByLabel('Items Received With It').fill('Hard case, speed loader')
  await intake.getByLabel('Inbound Tracking Number').fill(`1ZIN${tag}`)
  await shoot(page, () => panel, 'firearm-intake-form')
  const a11y = await axeProblems(page, 'intake form')
  await intake.getByRole('button', { name: 'Record Intake' }).click()

  await expect(panel.getByRole('status')).toHaveText('Intake recorded: the firearm is in the A&D book.')
  await expect(panel.getByTestId('custody-state')).toHaveText('In custody')
  await expect(panel.getByTestId('book-entry')).toContainText(/A&D entry #\d+ · held 0 days/)
  await expect(panel.getByTestId('intake-summary')).toContainText('Hard case, speed loader')
  await expect(panel.getByTestId('intake-summary')).toContainText('41 Range Rd, Austin, TX 78701')
  await expect(panel.getByRole('link', { name: 'Open in the A&D Book' })).toHaveAttribute('href', `/admin/book?search=${serial}`)
  await expect(form.getByLabel('Status', { exact: true })).toHaveValue('firearm_received')
  // The description is the book's now: read-only in the form.
  await expect(form.getByLabel('Serial Number')).toHaveAttribute('readonly', '')
  await expect(form.getByLabel('Serial Number')).toHaveAccessibleDescription('In the A&D book: correct it with Correct Book Entry.')
  await shoot(page, () => panel, 'firearm-in-custody')

  // Shipping it by a status change while in custody is refused: Release Firearm does it (no override is asked first).
  await form.getByLabel('Status', { exact: true }).selectOption('shipped')
  await expect(form.getByLabel('Override reason')).toHaveCount(0)
  await form.getByRole('button', { name: 'Save Changes' }).click()
  await expect(form.getByLabel('Status', { exact: true })).toHaveAccessibleDescription('The firearm is still in the shop\u2019s custody: record its disposition with Release Firearm first.')
  await form.getByLabel('Status', { exact: true }).selectOption('work_complete')
  // Work: In Progress, then Work Complete.
  for (const status of ['in_progress', 'work_complete']) {
    await form.getByLabel('Status', { exact: true }).selectOption(status)
    await form.getByRole('button', { name: 'Save Changes' }).click()
    // Saving closes the editor; it opens again on the order.
    await expect(editor).toBeHidden()
    await row.getByRole('button', { name: /^Edit/ }).click()
    await expect(form.getByLabel('Status', { exact: true })).toHaveValue(status)
  }

  // Release Firearm by shipping: $125.00 is due, so the override reason is asked for, and carrier and tracking.
  await panel.getByRole('button', { name: 'Release Firearm' }).click()
  const release = panel.getByRole('form', { name: 'Release firearm' })
  await expect(release.getByRole('radio', { name: 'Ship it back' })).toBeChecked()
  await expect(release.getByLabel('Street Address')).toHaveValue('41 Range Rd')
  await expect(release.getByTestId('release-balance')).toHaveText('Balance due: $125.00')
  await release.getByRole('button', { name: 'Record Release' }).click()
  await expect(release.getByRole('textbox', { name: 'Carrier' })).toHaveAccessibleDescription('Enter the carrier')
  await expect(release.getByLabel('Tracking Number')).toHaveAccessibleDescription('Enter the tracking number')
  await release.getByRole('textbox', { name: 'Carrier' }).fill('UPS')
  await release.getByLabel('Tracking Number').fill(`1ZOUT${tag}`)
  await release.getByLabel('Override reason').fill('Regular customer; pays on delivery by check.')
  await shoot(page, () => panel, 'firearm-release-form')
  a11y.push(...(await axeProblems(page, 'release form')))
  await release.getByRole('button', { name: 'Record Release' }).click()

  await expect(panel.getByRole('status')).toHaveText('Release recorded: the disposition is in the A&D book.')
  await expect(panel.getByTestId('custody-state')).toHaveText('Released')
  await expect(panel.getByTestId('release-summary')).toContainText(`Shipped by UPS, tracking 1ZOUT${tag}`)
  await expect(panel.getByTestId('release-summary')).toContainText('41 Range Rd, Austin, TX 78701')
  await expect(form.getByLabel('Status', { exact: true })).toHaveValue('shipped')
  await expect(panel.getByRole('button', { name: 'Release Firearm' })).toHaveCount(0)

  // Both entries are in the book.
  const orderId = await page.evaluate(async () => new URL(location.href).searchParams.get('order'))
  const entryNumber = Number(/#(\d+)/.exec((await panel.getByTestId('book-entry').textContent()) ?? '')?.[1])
  const lineOrderId = orderId ?? (await signedInApi(page, 'GET', `/api/admin/book?search=${serial}`)).items[0].orderId
  let detail = await signedInApi(page, 'GET', `/api/admin/book/${lineOrderId}`)
  expect(detail.line.lineNumber).toBe(entryNumber)
  expect(detail.entries.map((e: { kind: string }) => e.kind)).toEqual(['acquisition', 'disposition'])
  expect(detail.line.current).toMatchObject({ serialNumber: serial, firearmType: 'revolver', to: 'customer', carrier: 'UPS', method: 'ship' })

  // Correct Book Entry: the model was written wrong at intake.
  await panel.getByRole('button', { name: 'Correct Book Entry' }).click()
  const correction = panel.getByRole('form', { name: 'Correct book entry' })
  await expect(correction.getByRole('radio', { name: 'Disposition (release)' })).toBeVisible()
  await expect(correction.getByLabel('Model')).toHaveValue(model)
  await correction.getByLabel('Model').fill(`${model} 6in`)
  await correction.getByLabel('Reason for the Correction').fill('Barrel length left out of the model at intake')
  await shoot(page, () => panel, 'firearm-correction-form')
  a11y.push(...(await axeProblems(page, 'correction form')))
  await correction.getByRole('button', { name: 'Record Correction' }).click()
  await expect(panel.getByRole('status')).toHaveText('Correction recorded in the A&D book.')
  const corrections = panel.getByRole('list', { name: 'Book corrections' })
  await expect(corrections).toContainText('Barrel length left out of the model at intake')
  await expect(corrections).toContainText(`Model: ${model} → ${model} 6in`)
  await expect(form.getByLabel('Firearm Model')).toHaveValue(`${model} 6in`)
  detail = await signedInApi(page, 'GET', `/api/admin/book/${lineOrderId}`)
  expect(detail.entries.map((e: { kind: string }) => e.kind)).toEqual(['acquisition', 'disposition', 'correction'])
  expect(detail.line.original.model).toBe(model)
  expect(detail.line.current.model).toBe(`${model} 6in`)
  await shoot(page, () => panel, 'firearm-released')
  a11y.push(...(await axeProblems(page, 'released')))
  expect(a11y.join('\n'), 'axe violations in the panel').toBe('')
  await shootDesktop(page, panel, 'firearm-panel')

  // At 390 px the editor still works: the panel's buttons are reachable and nothing reaches past the edge.
  await page.setViewportSize({ width: 390, height: 844 })
  await panel.getByRole('button', { name: 'Correct Book Entry' }).scrollIntoViewIfNeeded()
  await expect(panel.getByRole('button', { name: 'Correct Book Entry' })).toBeInViewport()
})
