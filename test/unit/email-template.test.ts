// The notification templates (functions/notify/email-template.ts): what every kind's email and SMS
// says, the escaping of untrusted text, and, rendered in Chromium at a phone's 390 px in light and
// dark, that nothing widens the mail, the button shows and the text keeps its contrast.
import type { Browser } from 'playwright-core'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ESSENTIAL_NOTICE,
  escapeHtml,
  NOTIFICATION_KINDS,
  OPTIONAL_NOTICE,
  renderEmail,
  renderSms,
  safeUrl,
  SMS_MAX_LENGTH,
  type EmailInput,
} from '../../functions/notify/email-template.ts'
import { shopIdentity } from '../../shared/src/shop.ts'
import { HOSTILE_NOTE, LONG_SERIAL, LONG_TRACKING_URL, SAMPLE_EMAILS, SAMPLE_ORDER_URL, SAMPLE_PREFERENCES_URL, SAMPLE_SHOP } from '../../functions/notify/email-samples.ts'
import { SETTINGS_DEFAULTS } from '../../shared/src/settings.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts'

const TAG = /<\/?[a-z][^>]*>/i

const withNotification = (base: EmailInput, changes: Partial<EmailInput['notification']>, rest: Partial<EmailInput> = {}): EmailInput => ({
  ...base,
  ...rest,
  notification: { ...base.notification, ...changes },
})

/** The hostile note's text with its markup removed: what is left must hold no tag either. */
const withoutNote = (text: string) => text.replace(HOSTILE_NOTE, '')

describe('escapeHtml and safeUrl', () => {
  it('escapes markup, quotes and ampersands', () => {
    expect(escapeHtml(`<script>alert("x")</script>`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(escapeHtml(`Tom's "A&B" <b>`)).toBe('Tom&#39;s &quot;A&amp;B&quot; &lt;b&gt;')
    expect(escapeHtml('&amp;')).toBe('&amp;amp;')
    expect(escapeHtml('plain text')).toBe('plain text')
  })

  it('links only absolute http(s) URLs', () => {
    expect(safeUrl('https://example.com/a?b=1&c=2')).toBe('https://example.com/a?b=1&c=2')
    expect(safeUrl('http://localhost:3000/orders/1')).toBe('http://localhost:3000/orders/1')
    expect(safeUrl('javascript:alert(1)')).toBeNull()
    expect(safeUrl('data:text/html,<b>')).toBeNull()
    expect(safeUrl('/orders/1')).toBeNull()
    expect(safeUrl('')).toBeNull()
    expect(safeUrl(undefined)).toBeNull()
  })
})

describe('renderEmail', () => {
  it.each(NOTIFICATION_KINDS)('%s: subject, shop identity, order and preferences links in both parts', (kind) => {
    const input = SAMPLE_EMAILS[kind]
    const { subject, html, text } = renderEmail(input)
    expect(subject).toBe(input.notification.title)
    for (const part of [html, text]) {
      expect(part).toContain(SAMPLE_SHOP.name)
      expect(part).toContain(SAMPLE_SHOP.phone)
      expect(part).toContain(SAMPLE_SHOP.email)
      expect(part).toContain('1200 Ranch Road 12, Suite B')
      expect(part).toContain('Wimberley, TX 78676')
      expect(part).toContain('Hi Dana,')
      expect(part).toContain('Manage notification preferences')
      expect(part).toContain(SAMPLE_ORDER_URL)
      expect(part).toContain(SAMPLE_PREFERENCES_URL)
    }
    // HTML: the button, the links, the phone and email as links, light and dark.
    expect(html).toMatch(new RegExp(`<a href="${SAMPLE_ORDER_URL}"[^>]*data-button="order"[^>]*>View order</a>`))
    expect(html).toContain(`href="${SAMPLE_PREFERENCES_URL}"`)
    expect(html).toContain('href="tel:+15125550142"')
    expect(html).toContain(`href="mailto:${SAMPLE_SHOP.email}"`)
    expect(html).toContain('<meta name="color-scheme" content="light dark">')
    expect(html).toContain('<meta name="supported-color-schemes" content="light dark">')
    expect(html).toContain('@media (prefers-color-scheme: dark)')
    expect(html).toContain('max-width:600px')
    expect(html).toContain(`<title>${escapeHtml(input.notification.title)}</title>`)
    // Text: the same content, URLs written out, no markup (the staff note's own text aside).
    expect(text).toContain(`View order: ${SAMPLE_ORDER_URL}`)
    expect(text).toContain(`Manage notification preferences: ${SAMPLE_PREFERENCES_URL}`)
    expect(text).toContain(input.notification.title)
    expect(text).toContain(input.notification.context)
    expect(withoutNote(text)).not.toMatch(TAG)
    expect(text).not.toContain('&amp;')
  })

  it.each(NOTIFICATION_KINDS)('%s: the essential line only when the notification is essential', (kind) => {
    for (const essential of [true, false]) {
      const { html, text } = renderEmail(withNotification(SAMPLE_EMAILS[kind], { essential }))
      for (const part of [html, text]) {
        expect(part.includes(ESSENTIAL_NOTICE)).toBe(essential)
        expect(part.includes(OPTIONAL_NOTICE)).toBe(!essential)
      }
    }
  })

  it('escapes hostile note text in the HTML and keeps it as written in the text part', () => {
    const { html, text } = renderEmail(SAMPLE_EMAILS.staff_note)
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Second line.')
    expect(html).toContain('Barrel &amp; chamber cleaned; &quot;headspace&quot; checked — it&#39;s &#39;good&#39;.<br>')
    expect(text).toContain(HOSTILE_NOTE)
  })

  it('escapes every other interpolated value too', () => {
    const evil = `"><script>x</script>`
    const { subject, html } = renderEmail({
      shop: { name: `A&B ${evil}`, phone: evil, email: evil, address: evil, fflNumber: evil },
      recipient: { firstName: evil },
      notification: { kind: 'status_changed', title: `T ${evil}`, message: evil, context: `C ${evil}`, essential: false, trackingUrl: `https://t.example/?q=${evil}`, carrier: evil },
      orderUrl: `https://portal.example/orders/1?x="><script>`,
      preferencesUrl: SAMPLE_PREFERENCES_URL,
    })
    expect(subject).toBe(`T ${evil}`)
    expect(html).not.toContain('<script')
    expect(html).not.toMatch(/"><script|"&gt;<|href="[^"]*"[^ >]/)
    expect(html).toContain('A&amp;B')
  })

  it('a newline in the message is a <br>, in the subject a space', () => {
    const { subject, html, text } = renderEmail(withNotification(SAMPLE_EMAILS.status_changed, { title: 'Shipped:\r\nColt', message: 'one\r\ntwo\rthree' }))
    expect(subject).toBe('Shipped: Colt')
    expect(html).toContain('one<br>two<br>three')
    expect(text).toContain('one\ntwo\nthree')
  })

  it('a Track package button and line only with a tracking URL (http(s) only)', () => {
    const tracked = renderEmail(SAMPLE_EMAILS.status_changed)
    expect(tracked.html).toMatch(/data-button="tracking"[^>]*>Track package<\/a>/)
    expect(tracked.html).toContain(`href="${escapeHtml(LONG_TRACKING_URL)}"`)
    expect(tracked.text).toContain(`Track package (UPS): ${LONG_TRACKING_URL}`)

    for (const trackingUrl of [undefined, '', 'javascript:alert(1)']) {
      const { html, text } = renderEmail(withNotification(SAMPLE_EMAILS.status_changed, { trackingUrl }))
      expect(html).not.toContain('data-button="tracking"')
      expect(html).not.toContain('Track package')
      expect(text).not.toContain('Track package')
    }
    for (const kind of NOTIFICATION_KINDS.filter((k) => k !== 'status_changed')) {
      expect(renderEmail(SAMPLE_EMAILS[kind]).html).not.toContain('data-button="tracking"')
    }
  })

  it('leaves out what the shop has not set, and names the shop before its settings do', () => {
    const shop = shopIdentity(SETTINGS_DEFAULTS)
    expect(shop).toEqual({ name: 'Gunsmith Portal', phone: '(555) 010-0199', email: '', address: '', fflNumber: '' })
    const { html, text } = renderEmail({ ...SAMPLE_EMAILS.payment_received, shop, recipient: { firstName: null } })
    expect(html).toContain('Gunsmith Portal')
    expect(html).toContain('href="tel:+15550100199"')
    expect(html).not.toContain('mailto:')
    expect(html).not.toContain('data-part="address"')
    expect(text).toContain('Hello,')
    expect(text).toContain('Phone: (555) 010-0199')
    expect(text).not.toContain('Email:')
    expect(shopIdentity({ ...SETTINGS_DEFAULTS, businessName: ' Shop ', phone: '512-555-0142', email: ' a@shop.example ', address: ' 1 Main St \n\n Wimberley, TX ', fflNumber: ' 1-23-456-07-8A-12345 ' })).toEqual({
      name: 'Shop',
      phone: '(512) 555-0142',
      email: 'a@shop.example',
      address: '1 Main St\nWimberley, TX',
      fflNumber: '1-23-456-07-8A-12345',
    })
  })

  it('refuses an order or preferences link that is not http(s)', () => {
    expect(() => renderEmail({ ...SAMPLE_EMAILS.order_created, orderUrl: 'javascript:alert(1)' })).toThrow(/orderUrl/)
    expect(() => renderEmail({ ...SAMPLE_EMAILS.order_created, preferencesUrl: '/account' })).toThrow(/preferencesUrl/)
  })
})

describe('renderSms', () => {
  it.each(NOTIFICATION_KINDS)('%s: one line with the shop, the title and the order link, no HTML', (kind) => {
    const sms = renderSms(SAMPLE_EMAILS[kind])
    // A long dash is a hyphen in a text (it keeps the message in the GSM alphabet).
    expect(sms).toBe(`${SAMPLE_SHOP.name} - ${SAMPLE_EMAILS[kind].notification.title.replace(/\u2014/g, '-')} ${SAMPLE_ORDER_URL} Reply STOP to opt out.`)
    expect(sms.length).toBeLessThanOrEqual(SMS_MAX_LENGTH)
    expect(sms).not.toMatch(/[\r\n]/)
    expect(sms).not.toMatch(TAG)
  })

  it('stays within the bound and keeps the link whole, however long the title', () => {
    for (const title of ['x'.repeat(400), `Shipped: ${LONG_SERIAL.repeat(6)}`, 'a\nb\r\nc']) {
      const sms = renderSms(withNotification(SAMPLE_EMAILS.status_changed, { title }))
      expect(sms.length).toBeLessThanOrEqual(SMS_MAX_LENGTH)
      expect(sms.endsWith(` ${SAMPLE_ORDER_URL} Reply STOP to opt out.`)).toBe(true)
      expect(sms).not.toMatch(/[\r\n]/)
    }
    const longUrl = `https://portal.example/orders/${'x'.repeat(400)}`
    const withLongUrl = renderSms({ ...SAMPLE_EMAILS.status_changed, orderUrl: longUrl })
    expect(withLongUrl.length).toBeLessThanOrEqual(SMS_MAX_LENGTH)
    expect(withLongUrl.endsWith(' Reply STOP to opt out.')).toBe(true)
  })
})

/** WCAG relative luminance contrast of two computed CSS colours (`rgb(r, g, b)`). */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

describe('rendered in Chromium at 390 px', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_ARGS] })
  }, 30_000)
  afterAll(async () => {
    await browser?.close()
  })

  // Every kind, plus the worst case: an unbroken serial in the title and the message, a long URL in the note.
  const stress = withNotification(SAMPLE_EMAILS.status_changed, {
    title: `Shipped: ${LONG_SERIAL} (GS-000123)`,
    message: `Serial ${LONG_SERIAL} checked. See ${LONG_TRACKING_URL}`,
    context: `${LONG_SERIAL} · GS-000123`,
  })
  const cases: Array<[string, EmailInput]> = [...NOTIFICATION_KINDS.map((k) => [k, SAMPLE_EMAILS[k]] as [string, EmailInput]), ['long strings', stress]]

  for (const scheme of ['light', 'dark'] as const) {
    it(`${scheme}: no horizontal overflow, the button shows, the text keeps its contrast`, async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: scheme })
      try {
        const page = await context.newPage()
        for (const [name, input] of cases) {
          await page.setContent(renderEmail(input).html, { waitUntil: 'load' })
          const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth)
          expect(scrollWidth, `${name} (${scheme}) is ${scrollWidth} px wide`).toBeLessThanOrEqual(390)

          const button = page.locator('a[data-button="order"]')
          expect(await button.isVisible(), `${name} (${scheme}): View order is visible`).toBe(true)
          const box = (await button.boundingBox())!
          expect(box.x).toBeGreaterThanOrEqual(0)
          expect(box.x + box.width).toBeLessThanOrEqual(390)
          expect(box.height).toBeGreaterThanOrEqual(40)

          const colours = await page.evaluate(() => {
            const color = (sel: string) => getComputedStyle(document.querySelector(sel)!).color
            const bg = (sel: string) => getComputedStyle(document.querySelector(sel)!).backgroundColor
            return {
              message: color('[data-part="message"]'),
              footer: color('p.gs-muted'),
              card: bg('td.gs-card'),
              page: bg('body'),
              button: color('a[data-button="order"]'),
              buttonBg: bg('td.gs-btn'),
            }
          })
          expect(contrast(colours.message, colours.card), `${name} (${scheme}) message`).toBeGreaterThanOrEqual(7)
          expect(contrast(colours.footer, colours.page), `${name} (${scheme}) footer`).toBeGreaterThanOrEqual(4.5)
          expect(contrast(colours.button, colours.buttonBg), `${name} (${scheme}) button`).toBeGreaterThanOrEqual(4.5)
          // Dark mode really is dark (the media query applied), light is light.
          const dark = contrast(colours.card, 'rgb(0, 0, 0)') < contrast(colours.card, 'rgb(255, 255, 255)')
          expect(dark, `${name}: the card is ${colours.card} in ${scheme}`).toBe(scheme === 'dark')
        }
      } finally {
        await context.close()
      }
    })
  }
})
