import { expect, test } from '@playwright/test'
import { e2eDeliveryPorts } from './delivery-ports.ts'
import { seedCustomerWithOrders, shoot, signIn, signOut } from './steps.ts'

const { inboxPort } = e2eDeliveryPorts(Number(process.env.E2E_PORT ?? 3310))

interface Mail {
  subject: string
  to: Array<{ address: string }>
  html: string
  text: string
}

const SHOP = {
  name: 'Hill Country Gunsmithing',
  phone: '512-555-0142',
  shown: '(512) 555-0142',
  email: 'service@hillcountry.example',
  address: ['1200 Ranch Road 12, Suite B', 'Wimberley, TX 78676'],
}

test("the shop's identity from Settings is on every page, invoice, work order and email", async ({ page, request }) => {
  test.setTimeout(150_000)
  const suffix = Date.now().toString(36)
  const email = `identity-${suffix}@example.com`
  const [order] = await seedCustomerWithOrders(page, { email, password: 'Password123!', firstName: 'Ida', lastName: 'Identity' }, [{ make: 'Smith & Wesson', model: `Model 29 ${suffix}`, estimatedCostCents: 12_000, currentStatus: 'firearm_received' }])

  // Staff fill in General; the header changes as soon as it is saved.
  await signIn(page, 'admin@example.com', 'AdminPass123!')
  await page.goto('/admin/settings')
  const general = page.getByRole('form', { name: 'General' })
  await general.getByLabel('Business Name').fill(SHOP.name)
  await general.getByLabel('Phone').fill(SHOP.phone)
  await general.getByLabel('Email').fill(SHOP.email)
  await general.getByLabel('Address').fill(SHOP.address.join('\n'))
  await general.getByRole('button', { name: 'Save Settings' }).click()
  await expect(page.getByText('Settings saved successfully!')).toBeVisible()
  await expect(page.getByRole('banner')).toContainText(SHOP.name)
  await expect(page).toHaveTitle(new RegExp(`${SHOP.name}$`))

  // Email Settings says what sends the mail (the e2e stack's sender), with nothing to type.
  await page.getByRole('tab', { name: 'Email Settings' }).click()
  const delivery = page.getByRole('region', { name: 'How notification emails are sent' })
  await expect(delivery).toContainText('portal@localhost')
  await expect(delivery).toContainText(SHOP.email)
  // (The tab strip scrolls sideways on a phone by design: the panel is what must fit.)
  await shoot(page, () => page.getByRole('tabpanel'), 'settings-email-delivery')

  // The work order names the shop with its address.
  await page.goto('/admin/manage-orders')
  const row = page.getByRole('list', { name: 'Active orders' }).getByRole('listitem').filter({ hasText: order.model })
  await row.getByRole('button', { name: /^Print/ }).click()
  const preview = page.getByRole('dialog', { name: 'Work Order Preview' })
  await expect(preview).toContainText(SHOP.name)
  await expect(preview).toContainText(SHOP.address[1])
  await expect(preview).toContainText(`${SHOP.shown} · ${SHOP.email}`)
  await page.keyboard.press('Escape')
  await signOut(page)

  // A first-time visitor (nothing stored): the page as served already names the shop (published on save), and what
  // hydration renders is the same, so the default name never shows, not even for a frame.
  await expect.poll(async () => (await (await request.get('/')).text()).includes(`${SHOP.name}</span>`), { timeout: 60_000 }).toBe(true)
  const visitor = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 } })
  const fresh = await visitor.newPage()
  const errors: string[] = []
  fresh.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined))
  fresh.on('pageerror', (e) => errors.push(e.message))
  await fresh.addInitScript(() => {
    // From the first node the parser creates to the last render: every name the header shows, and whether the
    // header or footer ever showed the default name.
    const w = window as unknown as { __names: string[]; __defaultShown: boolean }
    w.__names = []
    w.__defaultShown = false
    new MutationObserver(() => {
      const name = document.querySelector('header span[title]')?.textContent ?? ''
      if (name && w.__names[w.__names.length - 1] !== name) w.__names.push(name)
      if (['header', 'footer'].some((t) => document.querySelector(t)?.textContent?.includes('Gunsmith Portal'))) w.__defaultShown = true
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  for (const path of ['/', '/login', '/shipping-policy']) {
    await fresh.goto(path)
    await fresh.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')))
    await fresh.waitForLoadState('networkidle')
    const seen = await fresh.evaluate(() => {
      const w = window as unknown as { __names: string[]; __defaultShown: boolean }
      return { names: w.__names, defaultShown: w.__defaultShown }
    })
    // (A name the parser had only begun to read would be a start of the shop's name, never another name.)
    expect(seen.names.length, path).toBeGreaterThan(0)
    for (const name of seen.names) expect(SHOP.name.startsWith(name), `${path}: the header showed "${name}"`).toBe(true)
    expect(seen.names.at(-1), path).toBe(SHOP.name)
    expect(seen.defaultShown, path).toBe(false)
    await expect(fresh.getByRole('contentinfo')).toContainText(`${SHOP.name}. All rights reserved.`)
    await expect(fresh).toHaveTitle(new RegExp(`${SHOP.name}$`))
  }
  await fresh.goto('/')
  await shoot(fresh, () => fresh.getByRole('banner'), 'header-shop-first-visit')
  expect(errors).toEqual([])
  await visitor.close()

  // A visitor who never signed in: the landing page's access line, header and footer, a new page load.
  await page.goto('/')
  const access = page.getByRole('complementary').filter({ hasText: 'Access Requires Shop-Issued Credentials' })
  await expect(access.getByRole('link', { name: SHOP.shown })).toHaveAttribute('href', 'tel:+15125550142')
  const footer = page.getByRole('contentinfo')
  await expect(footer).toContainText(SHOP.address[0])
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${SHOP.name}. All rights reserved.`)
  await shoot(page, () => page.getByRole('contentinfo'), 'footer-shop')
  await shoot(page, () => page.getByRole('banner'), 'header-shop')
  await page.goto('/shipping-policy')
  await expect(page.locator('main')).toContainText(`call us at ${SHOP.shown} for a quote`)

  // The customer's invoice.
  await signIn(page, email, 'Password123!')
  await page.goto(`/orders/${order.id}/invoice`)
  const sheet = page.getByRole('article', { name: 'Invoice' })
  await expect(sheet).toContainText(SHOP.name)
  await expect(sheet).toContainText(SHOP.address[1])
  await expect(sheet).toContainText(SHOP.shown)
  await shoot(page, () => sheet, 'invoice-shop')
  await signOut(page)

  // And the mail about the order (its "Order Created" notification was sent before the save; a new one after it).
  await signIn(page, 'admin@example.com', 'AdminPass123!')
  await page.goto('/admin/manage-orders')
  await row.getByRole('button', { name: /^Edit/ }).click()
  const post = page.getByRole('dialog', { name: /^Edit Order GS-/ }).getByRole('form', { name: 'Post status message' })
  await post.getByLabel('Status').selectOption('evaluating')
  await post.getByLabel('Message').fill('Arrived safely.')
  await post.getByRole('button', { name: 'Post Update' }).click()
  const mailsTo = async () =>
    ((await (await request.get(`http://127.0.0.1:${inboxPort}/api/email`)).json()) as Mail[]).filter((m) => m.to.some((t) => t.address === email) && m.text.includes('Arrived safely.'))
  await expect.poll(async () => (await mailsTo()).length, { timeout: 60_000 }).toBe(1)
  const [mail] = await mailsTo()
  for (const part of [SHOP.name, SHOP.shown, SHOP.email, SHOP.address[1]]) expect(mail.text).toContain(part)
})
