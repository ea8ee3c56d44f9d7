import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { BOOK_COLUMNS } from '../../shared/src/book.ts'
import { expectPrintedBookLegible } from './printed-book-layout.ts'
import { axeBothSchemes, pageFits, SHOTS, shoot, shootAt390, signedInApi, signIn } from './steps.ts'

// The staff side of the A&D book: the shop's FFL number is set in Settings, a firearm is
// received (the API: the order editor's Receive panel is another journey's), it is in custody with its days
// held and found by serial, the book shows it as corrected / originals only / corrections only, the CSV holds
// the 27 CFR 478.125(e) columns and the printed book (landscape, the ATF layout) prints under the production
// Content-Security-Policy. Screens at 390 px, light and dark, and the printed pages are saved to look at.

const ADMIN = { email: 'admin@example.com', password: 'AdminPass123!' }
const FFL = '5-43-210-01-9Z-00042'

const dayOffset = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

test('staff keep the A&D book: FFL number, in custody, search, the three views, CSV and the printed book', async ({ page }) => {
  test.setTimeout(300_000)
  const blocked: string[] = []
  page.on('console', (m) => void (/Content Security Policy/i.test(m.text()) && blocked.push(m.text())))
  // The print dialog is the browser's: counted, not opened.
  await page.addInitScript(() => {
    ;(window as unknown as { printCalls: number }).printCalls = 0
    window.print = () => void ((window as unknown as { printCalls: number }).printCalls += 1)
  })

  await signIn(page, ADMIN.email, ADMIN.password)

  // Settings → General: the shop's FFL number.
  await page.goto('/admin/settings')
  const ffl = page.getByLabel('FFL Number')
  await expect(ffl).toBeVisible()
  await ffl.fill('12-345')
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expect(ffl).toHaveAccessibleDescription('Enter the FFL number as printed on the license (e.g. 1-23-456-07-8A-12345)')
  await ffl.fill(FFL.toLowerCase())
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await expect(page.getByText('Settings saved successfully!')).toBeVisible()
  await expect(ffl).toHaveValue(FFL)

  // Two firearms received through the API: one yesterday (then its serial corrected), one today and released.
  const tag = Date.now().toString(36).toUpperCase()
  const serial = `ADB-${tag}`
  const corrected = `${serial}X`
  const other = `ADC-${tag}`
  const customer = await signedInApi(page, 'POST', '/api/admin/customers', { email: `ad-book-${tag.toLowerCase()}@example.com`, password: 'Password123!', firstName: 'Dana', lastName: `Book${tag}` })
  const home = { line1: '400 Oak Ave', city: 'Austin', state: 'TX', postalCode: '78701' }
  const receive = async (make: string, model: string, sn: string, receivedOn: string) => {
    const order = await signedInApi(page, 'POST', '/api/admin/orders', { customerId: customer.id, firearmMake: make, firearmModel: model, serialNumber: sn, serviceType: 'Repair', description: 'Trigger job', estimatedCostCents: 10_000 })
    return signedInApi(page, 'POST', `/api/admin/orders/${order.id}/receive`, {
      version: order.version,
      receivedOn,
      from: 'customer',
      fromAddress: home,
      firearmType: 'rifle',
      firearmMake: make,
      firearmModel: model,
      serialNumber: sn,
      firearmCaliber: '.308 Win',
    })
  }
  // Orders made now: an intake is dated at most a day before its order (the shop's day behind UTC), never earlier.
  const first = await receive('Tikka', 'T3x', serial, dayOffset(1))
  await signedInApi(page, 'POST', `/api/admin/book/${first.id}/corrections`, { version: first.version, entry: 'acquisition', reason: 'Last character missed at intake', fields: { serialNumber: corrected } })
  // Enough lines for the printed book to run onto a second page (its heads repeat there).
  for (let i = 1; i <= 24; i++) await receive('Ruger', `American ${i}`, `ADF-${tag}-${i}`, dayOffset(1))
  const second = await receive('Savage', '110', other, dayOffset(0))
  await signedInApi(page, 'POST', `/api/admin/orders/${second.id}/release`, { version: second.version, releasedOn: dayOffset(0), method: 'ship', to: 'licensee', toName: 'Hill Country Arms', toLicense: '7-65-432-10-2C-98765', carrier: 'UPS', trackingNumber: `1Z${tag}`, releaseOverrideReason: 'Transfer to the buyer\'s dealer; paid by the dealer' })

  // The admin dashboard links the book.
  await page.goto('/admin')
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: /A&D Book/ }).click()
  await expect(page).toHaveURL(/\/admin\/book$/)
  await expect(page.getByRole('heading', { level: 1, name: 'A&D Book' })).toBeVisible()

  // In Custody: found by serial, with its days held; the released one is not there.
  const search = page.getByRole('searchbox', { name: 'Search' })
  await search.fill(corrected)
  const custody = page.getByRole('region', { name: 'Firearms in custody', exact: true })
  const row = custody.getByRole('row').filter({ hasText: corrected })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('1 day')
  await expect(row).toContainText('Tikka')
  await expect(row).toContainText('Rifle')
  await expect(row).toContainText(`Dana Book${tag}`)
  await expect(custody.getByRole('row')).toHaveCount(2)
  await search.fill(other)
  await expect(page.getByText('No entries match your search.')).toBeVisible()
  await search.fill(corrected)
  await expect(row).toHaveCount(1)
  await shootAt390(page, 'ad-book-in-custody')
  await axeBothSchemes(page, 'in custody')

  // A line's entries as recorded.
  await row.getByRole('button', { name: /show its entries/ }).click()
  const dialog = page.getByRole('dialog', { name: /^Book Entry \d+$/ })
  const entries = dialog.getByRole('list', { name: 'Entries' })
  await expect(entries.locator('> li')).toHaveCount(2)
  await expect(entries.locator('> li').first()).toContainText('Acquisition')
  await expect(entries.locator('> li').first()).toContainText(serial)
  await expect(entries.locator('> li').nth(1)).toContainText('Correction of the acquisition')
  await expect(entries.locator('> li').nth(1)).toContainText(`Serial number: ${serial} → ${corrected}`)
  await shoot(page, () => dialog, 'ad-book-entries')
  await axeBothSchemes(page, 'a line\u2019s entries', '[role="dialog"]')
  await dialog.getByRole('button', { name: 'Close' }).first().click()

  // The book: as corrected (marked, the correction beneath), originals only, corrections only.
  await page.getByRole('tab', { name: 'Book' }).click()
  await search.fill(`Book${tag}`)
  const book = page.getByRole('region', { name: 'Book entries' })
  const line = book.locator('tbody').filter({ hasText: 'Tikka' })
  await expect(line.locator('[data-corrected]')).toHaveText(`${corrected}* (corrected)`)
  await expect(line.getByRole('list', { name: /^Corrections of entry/ })).toContainText('Reason: Last character missed at intake')
  await expect(book.locator('tbody').filter({ hasText: 'Savage' })).toContainText('FFL 7-65-432-10-2C-98765')
  await shootAt390(page, 'ad-book-both')
  await page.screenshot({ path: `${SHOTS}/ad-book-both-desktop.png`, fullPage: true })
  await axeBothSchemes(page, 'the book')
  const view = page.getByLabel('View', { exact: true })
  await view.selectOption({ label: 'Originals only' })
  await expect(line).toContainText(serial)
  await expect(line).not.toContainText(corrected)
  await expect(line.locator('[data-corrected]')).toHaveCount(0)
  await view.selectOption({ label: 'Corrections only' })
  const corrections = page.getByRole('region', { name: 'Corrections' })
  await expect(corrections.getByRole('row').filter({ hasText: 'Last character missed at intake' })).toContainText(`${serial} → ${corrected}`)
  await shootAt390(page, 'ad-book-corrections')
  await axeBothSchemes(page, 'corrections only')
  await view.selectOption({ label: 'Originals and corrections' })

  // CSV of the range: the header row is the 27 CFR 478.125(e) columns; both lines are in it.
  await search.fill('')
  await page.getByLabel('From', { exact: true }).fill(dayOffset(1))
  await page.getByLabel('To', { exact: true }).fill(dayOffset(0))
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()])
  expect(download.suggestedFilename()).toBe(`ad-book-${dayOffset(1)}-to-${dayOffset(0)}.csv`)
  const csv = await readFile((await download.path())!, 'utf8')
  const [header, ...lines] = csv.split('\r\n')
  expect(header).toBe(BOOK_COLUMNS.map((c) => c.header).join(','))
  for (const h of ['Manufacturer', 'Importer', 'Model', 'Serial Number', 'Type', 'Caliber or Gauge', 'Date of Receipt', 'Received From (Name)', 'Received From (Address or License No.)', 'Date of Disposition', 'Disposed To (Name)', 'Disposed To (Address or License No.)']) expect(header.split(',')).toContain(h)
  expect(lines.find((l) => l.includes(corrected))).toContain(`Tikka,,T3x,${corrected},Rifle,.308 Win,${dayOffset(1)},Dana Book${tag},"400 Oak Ave, Austin, TX 78701"`)
  expect(lines.find((l) => l.includes(other))).toContain(`${dayOffset(0)},Hill Country Arms,FFL 7-65-432-10-2C-98765`)

  // The printed book: every page of the range read, then the print dialog; the ATF column layout.
  await page.getByRole('link', { name: 'Print Book' }).click()
  await expect(page).toHaveURL(/\/admin\/book\/print\?from=/)
  const sheet = page.getByRole('table', { name: 'A&D book' })
  await expect(sheet).toContainText(`FFL No. ${FFL}`)
  await expect(sheet).toContainText(corrected)
  await expect(sheet).toContainText('Hill Country Arms')
  await expect(sheet.getByRole('row').nth(2).getByRole('columnheader')).toHaveText(BOOK_COLUMNS.map((c) => c.header))
  await expect.poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1)
  expect(await page.locator('[data-print="sheet"] [style]').count()).toBe(0)
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/ad-book-print-screen.png`, fullPage: true })
  await shootAt390(page, 'ad-book-print')
  await axeBothSchemes(page, 'print view')
  // On paper (a letter page in landscape: about 1000 px wide): the sheet only, black on white, nothing sideways.
  for (const scheme of ['light', 'dark'] as const) {
    await page.setViewportSize({ width: 1000, height: 700 })
    await page.emulateMedia({ media: 'print', colorScheme: scheme })
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
    await expect(page.locator('#root header').first()).toBeHidden()
    await pageFits(page, `printed book (${scheme})`)
    await page.screenshot({ path: `${SHOTS}/ad-book-printed-${scheme}.png`, fullPage: true })
  }
  // The 19 columns on the letter page's printable width: none clipped, no head broken inside a word, the ATF order.
  await expectPrintedBookLegible(page, 'printed book')
  // As a person prints it on letter paper in landscape (the PDF is looked at as images).
  await page.emulateMedia({ media: 'print', colorScheme: 'light' })
  await page.pdf({ format: 'Letter', landscape: true, printBackground: true, path: `${SHOTS}/ad-book-letter.pdf` })
  // As Chromium prints it (print media): letter in landscape (792 × 612 pt), the book's named page.
  await page.emulateMedia({ media: 'print', colorScheme: 'light' })
  const pdf = await page.pdf({ preferCSSPageSize: true, path: `${SHOTS}/ad-book.pdf` })
  await page.emulateMedia({ media: 'screen', colorScheme: 'light' })
  const boxes = pdf.toString('latin1').match(/\/MediaBox\s*\[[^\]]*\]/g) ?? []
  expect(boxes.length).toBeGreaterThan(0)
  for (const box of boxes) expect(box.replace(/\s+/g, ' ')).toMatch(/\[0 0 792(\.0+)? 612(\.0+)?\]/)
  expect(boxes.length, 'pages of the printed book').toBeGreaterThanOrEqual(2)
  // Named page: landscape.
  expect(await page.evaluate(() => Array.from(document.styleSheets).some((s) => { try { return Array.from(s.cssRules).some((r) => r.cssText.includes('@page ad-book') && r.cssText.includes('landscape')) } catch { return false } }))).toBe(true)

  expect(blocked, 'Content-Security-Policy violations').toEqual([])
})
