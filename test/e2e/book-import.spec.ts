import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { bookImportMessages, bookImportTemplate, bookImportTexts as t } from '../../shared/src/book-import.ts'
import { axeBothSchemes, SHOTS, shootAt390, signedInApi, signIn } from './steps.ts'

// Firearms already in the shop brought into the A&D book: staff download the template, choose a CSV with a bad row,
// Check file shows that row's error by its column (nothing imported, the import button disabled), the corrected file
// checks clean and is imported, the new entries are listed with their orders and found in the book's In Custody.
// Screens at desktop and 390 px, light and dark; axe on the section.

const ADMIN = { email: 'admin@example.com', password: 'AdminPass123!' }

test('staff import firearms already in custody: a bad row shown by the check, then the corrected file imported into the book', async ({ page }) => {
  test.setTimeout(240_000)
  mkdirSync(SHOTS, { recursive: true })
  await signIn(page, ADMIN.email, ADMIN.password)
  const tag = Date.now().toString(36).toUpperCase()
  const email = `import-${tag.toLowerCase()}@example.com`
  await signedInApi(page, 'POST', '/api/admin/customers', { email, password: 'Password123!', firstName: 'Ivy', lastName: `Import${tag}` })

  await page.goto('/admin/book')
  const section = page.getByRole('region', { name: t.title })
  await expect(section).toBeVisible()

  // The template is the header row the import reads.
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: t.downloadTemplate }).click()])
  expect(download.suggestedFilename()).toBe(t.templateFileName)
  expect(await readFile(await download.path(), 'utf8')).toBe(bookImportTemplate())

  const [s1, s2] = [`IMP-${tag}-1`, `IMP-${tag}-2`]
  const row = (serial: string, type: string, receivedOn: string) =>
    `Smith & Wesson,,686,${serial},${type},.357 Magnum,${receivedOn},Ivy Import${tag},"400 Oak Ave, Austin, TX 78701",${email},Cleaning,Carried over`
  const fileOf = (rows: string[]) => ({ name: `custody-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(bookImportTemplate() + rows.join('\r\n') + '\r\n') })

  // A file with a bad row: its type is not one of the book's.
  await section.getByLabel(t.chooseFile).setInputFiles(fileOf([row(s1, 'Revolver', '2026-01-15'), row(s2, 'Blunderbuss', '2026-02-01')]))
  const importButton = section.getByRole('button', { name: /^Import( \d+)? firearms?$/ })
  await expect(importButton).toBeDisabled()
  await section.getByRole('button', { name: t.checkFile }).click()
  await expect(section.getByText(t.checkedErrors(1))).toBeVisible()
  const bad = section.locator('tr[data-row="3"]')
  await expect(bad).toHaveAttribute('aria-invalid', 'true')
  await expect(bad).toContainText(`Type: ${bookImportMessages.typeInvalid}`)
  await expect(section.locator('tr[data-row="2"]')).toContainText(t.ready)
  await expect(importButton).toBeDisabled()
  await section.screenshot({ path: `${SHOTS}/book-import-errors-desktop.png` })
  await shootAt390(page, 'book-import-errors', () => section)

  // The corrected file: both rows ready, then imported.
  await section.getByLabel(t.chooseFile).setInputFiles(fileOf([row(s1, 'Revolver', '2026-01-15'), row(s2, 'Revolver', '2026-02-01')]))
  await section.getByRole('button', { name: t.checkFile }).click()
  await expect(section.getByText(t.checkedOk(2))).toBeVisible()
  await section.getByRole('button', { name: t.importRows(2) }).click()
  await expect(section.getByText(t.imported(2))).toBeVisible()
  const links = section.getByRole('link', { name: /^Entry \d+ · GS-\d+$/ })
  await expect(links).toHaveCount(2)
  const [e1, e2] = await links.allTextContents()
  expect(Number(e2.match(/Entry (\d+)/)![1])).toBe(Number(e1.match(/Entry (\d+)/)![1]) + 1)
  await section.screenshot({ path: `${SHOTS}/book-import-done-desktop.png` })
  await shootAt390(page, 'book-import-done', () => section)
  await axeBothSchemes(page, 'book import', 'section[aria-labelledby]')

  // The book lists them in custody, dated as the file said.
  await page.getByRole('searchbox', { name: 'Search' }).fill(s1)
  const custody = page.getByRole('region', { name: 'Firearms in custody', exact: true })
  await expect(custody.getByText(s1)).toBeVisible()
  await expect(custody.getByText('Jan 15, 2026')).toBeVisible()

  // The entry's link opens its order.
  await links.first().click()
  await expect(page).toHaveURL(/\/admin\/manage-orders\?order=/)
})
