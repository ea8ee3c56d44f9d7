/**
 * Renders every notification kind with the sample data (functions/notify/email-samples.ts) to
 * `.previews/emails/<kind>.html`, `<kind>.txt` and `<kind>.sms.txt`; with `--png` also screenshots
 * each HTML part in Chromium at 390 px and 700 px wide, light and dark, as
 * `.previews/emails/<kind>-<width>-<light|dark>.png`, and reports any horizontal overflow.
 *
 *   node --import tsx scripts/preview-emails.ts [--png] [--out DIR]
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { renderEmail, renderSms, NOTIFICATION_KINDS } from '../functions/notify/email-template.ts'
import { SAMPLE_EMAILS } from '../functions/notify/email-samples.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/e2e/chromium.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const outIndex = args.indexOf('--out')
const outDir = path.resolve(root, outIndex >= 0 ? args[outIndex + 1] : '.previews/emails')
const png = args.includes('--png')

export const PREVIEW_WIDTHS = [390, 700] as const
export const PREVIEW_SCHEMES = ['light', 'dark'] as const

fs.mkdirSync(outDir, { recursive: true })
const rendered = NOTIFICATION_KINDS.map((kind) => {
  const input = SAMPLE_EMAILS[kind]
  const mail = renderEmail(input)
  fs.writeFileSync(path.join(outDir, `${kind}.html`), mail.html)
  fs.writeFileSync(path.join(outDir, `${kind}.txt`), `Subject: ${mail.subject}\n\n${mail.text}`)
  fs.writeFileSync(path.join(outDir, `${kind}.sms.txt`), `${renderSms(input)}\n`)
  return { kind, html: mail.html }
})
console.log(`${rendered.length} emails written to ${path.relative(root, outDir)}/ (<kind>.html, .txt, .sms.txt)`)

if (png) {
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_ARGS] })
  let overflowing = 0
  try {
    for (const scheme of PREVIEW_SCHEMES) {
      for (const width of PREVIEW_WIDTHS) {
        const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: scheme, deviceScaleFactor: 1 })
        const page = await context.newPage()
        for (const { kind, html } of rendered) {
          await page.setContent(html, { waitUntil: 'load' })
          const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth)
          if (scrollWidth > width) {
            overflowing++
            console.log(`OVERFLOW ${kind} at ${width} px (${scheme}): ${scrollWidth} px wide`)
          }
          await page.screenshot({ path: path.join(outDir, `${kind}-${width}-${scheme}.png`), fullPage: true })
        }
        await context.close()
      }
    }
  } finally {
    await browser.close()
  }
  const shots = rendered.length * PREVIEW_WIDTHS.length * PREVIEW_SCHEMES.length
  console.log(`${shots} screenshots written; ${overflowing ? `${overflowing} overflow the viewport` : 'none overflows its width'}`)
  if (overflowing) process.exitCode = 1
}
