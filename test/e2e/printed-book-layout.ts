import { expect, type Page } from '@playwright/test'
import { BOOK_COLUMNS } from '../../shared/src/book.ts'

const head = (key: (typeof BOOK_COLUMNS)[number]['key']) => BOOK_COLUMNS.find((c) => c.key === key)!.header

/** The ATF layout's groups of the printed book and their columns, in order (27 CFR 478.125(e)). */
const GROUPS: ReadonlyArray<{ label: string; heads: string[] }> = [
  { label: 'Description of Firearm', heads: (['manufacturer', 'importer', 'model', 'serialNumber', 'firearmType', 'caliber'] as const).map(head) },
  { label: 'Receipt', heads: (['acquiredOn', 'fromName', 'fromAddressOrLicense'] as const).map(head) },
  { label: 'Disposition', heads: (['disposedOn', 'toName', 'toAddressOrLicense', 'toIdentification', 'toIsDeliverer', 'form4473Ref', 'adultSignature'] as const).map(head) },
]

/** Letter in landscape less the book's 14 mm margins (book-print.css), in CSS px: 11 in × 96 − 2 × 14 mm. */
export const BOOK_PRINTABLE_WIDTH = Math.floor(11 * 96 - 2 * (14 / 25.4) * 96)

/**
 * The printed book as the print media lays it out on the letter page's printable width: no cell reaches past the
 * table's box (the last column is not clipped), no head overflows its column or breaks inside a word (a word of a
 * head lies on one line), no line's value overflows its cell, and each group's heads are its columns in the ATF order.
 */
export async function expectPrintedBookLegible(page: Page, name: string) {
  const viewport = page.viewportSize()
  await page.setViewportSize({ width: BOOK_PRINTABLE_WIDTH, height: 800 })
  await page.emulateMedia({ media: 'print', colorScheme: 'light' })
  const layout = await page.evaluate(() => {
    const box = document.querySelector('.ad-book-scroll')!.getBoundingClientRect()
    const table = document.querySelector('table.ad-book-table')!
    const cells = Array.from(table.querySelectorAll('th, td')) as HTMLElement[]
    const heads = Array.from(table.querySelectorAll('thead tr:last-child th')) as HTMLElement[]
    const brokenWords = (el: HTMLElement) => {
      const split: string[] = []
      for (const node of Array.from(el.childNodes)) {
        if (node.nodeType !== Node.TEXT_NODE) continue
        const text = node as Text
        for (const m of text.data.matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(text, m.index!)
          range.setEnd(text, m.index! + m[0].length)
          if (new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size > 1) split.push(m[0])
        }
      }
      return split
    }
    const groups = (Array.from(table.querySelectorAll('thead tr.ad-book-groups th')) as HTMLElement[]).map((g) => {
      const r = g.getBoundingClientRect()
      return {
        label: g.textContent!.trim().toLowerCase(),
        heads: heads.filter((h) => { const c = h.getBoundingClientRect(); return c.left + c.width / 2 > r.left && c.left + c.width / 2 < r.right }).map((h) => h.textContent!.trim()),
      }
    })
    return {
      boxRight: box.right,
      pageWidth: document.documentElement.clientWidth,
      // A collapsed border straddles a cell's edge: the last cell ends at least half a border inside the box, or the
      // paper's printable area cuts its right border off.
      clipped: cells.filter((c) => c.getBoundingClientRect().right > box.right - 0.5).map((c) => c.textContent!.trim() || c.tagName),
      overflowingHeads: heads.filter((h) => h.scrollWidth > h.clientWidth).map((h) => h.textContent),
      brokenHeads: heads.map((h) => ({ head: h.textContent, split: brokenWords(h) })).filter((h) => h.split.length > 0),
      overflowingValues: (Array.from(table.querySelectorAll('tbody td')) as HTMLElement[]).filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent),
      groups,
    }
  })
  expect(layout.boxRight, `${name}: the book's box is within the page`).toBeLessThanOrEqual(layout.pageWidth + 0.5)
  expect(layout.clipped, `${name}: cells past the table's right edge`).toEqual([])
  expect(layout.overflowingHeads, `${name}: heads wider than their column`).toEqual([])
  expect(layout.brokenHeads, `${name}: heads broken inside a word`).toEqual([])
  expect(layout.overflowingValues, `${name}: values wider than their cell`).toEqual([])
  // Chromium lays the book out on its named page's width but may frame the pages with the default page's margins:
  // unless they are the same, the last column runs off the paper (not seen in an emulated print media layout).
  const margins = await page.evaluate(() => {
    const pages: Record<string, string> = {}
    const walk = (rules: CSSRuleList) => {
      for (const r of Array.from(rules)) {
        if (r instanceof CSSPageRule && r.style.marginRight) pages[r.selectorText || 'default'] = `${r.style.marginLeft} ${r.style.marginRight}`
        else if ('cssRules' in r) walk((r as CSSGroupingRule).cssRules)
      }
    }
    for (const sheet of Array.from(document.styleSheets)) { try { walk(sheet.cssRules) } catch { /* another origin's sheet */ } }
    return pages
  })
  expect(margins['ad-book'], `${name}: the book's page margins`).toBe(margins.default)
  for (const g of GROUPS) expect(layout.groups.find((x) => x.label === g.label.toLowerCase())?.heads, `${name}: the ${g.label} group's columns`).toEqual(g.heads)
  await page.emulateMedia({ media: 'screen', colorScheme: 'light' })
  if (viewport) await page.setViewportSize(viewport)
}
