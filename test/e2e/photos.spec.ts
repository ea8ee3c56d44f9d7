import { fileURLToPath } from 'node:url'
import { expect, test, type Locator } from '@playwright/test'
import { photoMessages } from '@gs/shared/photos'
import { axeBothSchemes, openOrderFromDashboard, shoot, signedInApi, signIn, signOut } from './steps.ts'

// Condition photos: staff take an intake photo while receiving the firearm (the file goes straight to storage, the
// local S3 server), see its thumbnail, and open it larger; a HEIC file is refused with its message; the customer signs
// in and sees the photo under "Intake photos" on their order. Screens at 390 px, light and dark.

const ADMIN = { email: 'admin@example.com', password: 'AdminPass123!' }
const PHOTO = fileURLToPath(new URL('./fixtures/rifle-intake.png', import.meta.url))

/** The image has arrived and decoded (its short-lived link worked). */
async function expectLoaded(img: Locator) {
  await expect(img).toBeVisible()
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth), { timeout: 20_000 }).toBe(64)
}

test('staff upload an intake photo at Receive Firearm; the customer sees it on their order', async ({ page }) => {
  test.setTimeout(300_000)
  const tag = Date.now().toString(36).toUpperCase()
  const model = `Model 70 ${tag}`
  const customer = { email: `photos-${tag.toLowerCase()}@example.com`, password: 'Password123!', firstName: 'Pia', lastName: `Photo${tag}` }

  await signIn(page, ADMIN.email, ADMIN.password)
  const created = await signedInApi(page, 'POST', '/api/admin/customers', { ...customer, address: { line1: '9 Mill Rd', city: 'Austin', state: 'TX', postalCode: '78701' } })
  await signedInApi(page, 'POST', '/api/admin/orders', { customerId: created.id, firearmMake: 'Winchester', firearmModel: model, serialNumber: `PH-${tag}`, firearmCaliber: '.30-06', serviceType: 'Repair', description: 'Bolt sticks on lift.', estimatedCostCents: 9_000 })

  await page.goto('/admin/manage-orders')
  const row = page.getByRole('list', { name: 'Active orders' }).getByRole('listitem').filter({ hasText: model })
  await row.getByRole('button', { name: /^Edit/ }).click()
  const editor = page.getByRole('dialog', { name: /^Edit Order GS-/ })
  const panel = editor.getByRole('region', { name: 'Firearm & A&D Book' })
  await panel.getByRole('button', { name: 'Receive Firearm' }).click()
  const intake = panel.getByRole('form', { name: 'Receive firearm' })
  const photos = intake.getByRole('region', { name: 'Intake Photos' })
  await expect(photos).toContainText(photoMessages.hint)
  await expect(photos).toContainText(photoMessages.none)

  // HEIC is refused before anything is sent, with its message.
  await photos.getByLabel('Add Photos').setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: Buffer.from('not really heic') })
  await expect(photos.getByRole('alert')).toContainText(photoMessages.heicRefused)

  // A phone's photo: uploaded with its progress, then its thumbnail.
  await photos.getByLabel('Add Photos').setInputFiles(PHOTO)
  const grid = photos.getByRole('list', { name: 'Intake photos' })
  await expect(grid.getByRole('img')).toHaveCount(1, { timeout: 30_000 })
  await expectLoaded(grid.getByRole('img').first())
  await expect(photos.getByRole('alert')).toHaveCount(0)
  await shoot(page, () => photos, 'photos-intake-section')

  // Larger, in a dialog.
  await grid.getByRole('button').first().click()
  const viewer = page.getByRole('dialog', { name: /^Intake photo, / })
  await expectLoaded(viewer.getByRole('img'))
  await viewer.getByRole('button', { name: 'Close' }).first().click()
  await expect(viewer).toHaveCount(0)

  await intake.getByLabel('Firearm Type').selectOption('rifle')
  await intake.getByRole('button', { name: 'Record Intake' }).click()
  await expect(panel.getByTestId('custody-state')).toHaveText('In custody')
  // The editor's Photos section lists it (every purpose), and offers the camera for more.
  const editorPhotos = editor.getByRole('region', { name: 'Photos', exact: true })
  await expectLoaded(editorPhotos.getByRole('list', { name: 'Order photos' }).getByRole('img').first())
  await expect(editorPhotos.getByLabel('Add Photos')).toHaveAttribute('capture', 'environment')
  await expect(editorPhotos.getByLabel('Add Photos')).toHaveAttribute('accept', 'image/jpeg,image/png')
  await axeBothSchemes(page, 'order editor photos', '[data-testid="order-photos"]')
  await editor.getByRole('button', { name: 'Close' }).first().click()
  await expect(editor).toHaveCount(0)
  await signOut(page)

  // The customer sees the intake photo on their order.
  await signIn(page, customer.email, customer.password)
  await openOrderFromDashboard(page, `Winchester ${model}`)
  const theirs = page.getByRole('region', { name: photoMessages.customerHeading })
  await expect(theirs).toContainText(photoMessages.customerHint)
  await expectLoaded(theirs.getByRole('img').first())
  await shoot(page, () => theirs, 'photos-customer-order')
  await theirs.getByRole('button').first().click()
  await expectLoaded(page.getByRole('dialog', { name: /^Intake photo, / }).getByRole('img'))
})
