/**
 * No flash of the default name: the public pages are published again with the shop's identity whenever Settings → General is
 * saved, and at every deploy. A settings write through the repository goes into DynamoDB Local's stream; the local
 * poller hands it to the publisher (functions/site/publisher-handler.ts, the deployed one), which renders the pages
 * through the real site kit of the web build (web/dist/.site-kit; `npm test` builds it first) and writes them into a
 * copy of the served folder (infra/local/site-publisher.ts: what `npm start` runs). The deploy's path answers a real
 * HTTP server standing for CloudFormation's response URL.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { DynamoDBRecord } from 'aws-lambda'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEFAULT_SHOP, type ShopIdentity } from '@gs/shared/shop'
import { marshall } from '@aws-sdk/util-dynamodb'
import { createSettingsRepository } from '../../functions/db/repositories/settings.ts'
import { defaultTable } from '../../functions/db/table.ts'
import { publishSite, type SiteStore } from '../../functions/site/publish.ts'
import { createPublisherHandler, PHYSICAL_RESOURCE_ID, savedIdentity, type CustomResourceEvent } from '../../functions/site/publisher-handler.ts'
import { loadSiteKit, SITE_KIT_FOLDER, SITE_KIT_MANIFEST, SITE_KIT_RENDERER, SiteKitMissing } from '../../functions/site/site-kit.ts'
import * as page from '../../web/prerender/page-document.ts'
import { folderSiteStore, startLocalSitePublisher, type LocalSitePublisher } from '../../infra/local/site-publisher.ts'
import { ensureTable, localDynamoClient } from '../../infra/local/table.ts'
import { stack, useOwnTable } from './helpers.ts'

const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist')
const built = existsSync(path.join(WEB_DIST, '.site-kit', 'site.json'))
/** Generous: a loaded 2-core machine, a first import of the renderer. */
const WAIT = { timeout: 60_000, interval: 200 }
const PAGES = ['prerendered/index.html', 'prerendered/shipping-policy/index.html', 'prerendered/login/index.html', 'prerendered/register/index.html', 'prerendered/forgot-password/index.html']

/** A name that must be escaped everywhere it lands (text, attribute, title, JSON in an attribute). */
const SAVED = { businessName: 'Hill & "Country" <Gunsmithing>', phone: '512 555 0142', email: 'service@hillcountry.example', address: '1200 Ranch Road 12, Suite B\nWimberley, TX 78676' }
const ESCAPED_NAME = 'Hill &amp; &quot;Country&quot; &lt;Gunsmithing&gt;'

const temps: string[] = []
function servedCopy(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gs-site-'))
  temps.push(dir)
  cpSync(WEB_DIST, dir, { recursive: true })
  return dir
}
const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8')
const unescapeAttr = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
const embedded = (html: string) => JSON.parse(unescapeAttr(/ data-shop="([^"]*)"/.exec(html)![1])) as ShopIdentity

afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true })
})

describe.skipIf(!built)('the site publisher on the local stack: a save of Settings → General publishes the pages', () => {
  let webDir: string
  let publisher: LocalSitePublisher

  beforeAll(async () => {
    const table = await useOwnTable('site')
    await ensureTable(localDynamoClient(stack().dynamoEndpoint), table, { stream: true })
    webDir = servedCopy()
    // Pages as another shop's publish left them: the start publishes what is saved now (nothing: the defaults).
    for (const file of PAGES) writeFileSync(path.join(webDir, file), read(webDir, file).replace(/Gunsmith Portal/g, 'Stale Shop'))
    publisher = await startLocalSitePublisher({ webDir, dynamoEndpoint: stack().dynamoEndpoint, tableName: table, log: () => undefined })
  }, 120_000)

  afterAll(async () => {
    await publisher?.stop()
  })

  it('publishes at start, as a deploy does, with the identity saved now', () => {
    expect(publisher.running).toBe(true)
    for (const file of PAGES) {
      const html = read(webDir, file)
      expect(html).not.toContain('Stale Shop')
      expect(embedded(html)).toEqual(DEFAULT_SHOP)
    }
  })

  it("renders every public page with the saved name, phone and address, escaped, and embeds the identity hydration uses", async () => {
    await createSettingsRepository(defaultTable()).saveSettings(SAVED)
    await vi.waitFor(() => expect(read(webDir, PAGES[0])).toContain(ESCAPED_NAME), WAIT)
    await vi.waitFor(() => expect(read(webDir, PAGES[4])).toContain(ESCAPED_NAME), WAIT)
    const shop: ShopIdentity = { name: SAVED.businessName, phone: '(512) 555-0142', email: SAVED.email, address: SAVED.address, fflNumber: '' }
    for (const file of PAGES) {
      const html = read(webDir, file)
      expect(embedded(html), file).toEqual(shop)
      expect(html, file).toMatch(new RegExp(`<title>[^<]*${ESCAPED_NAME.replace(/[&;]/g, (c) => `\\${c}`)}</title>`))
      // The header and the footer name the shop; the defaults are gone; the raw name never reaches the markup.
      expect(html.split(ESCAPED_NAME).length, file).toBeGreaterThan(3)
      expect(html, file).not.toContain('Gunsmith Portal')
      expect(html, file).not.toContain('<Gunsmithing>')
      expect(html, file).toContain('Wimberley, TX 78676')
    }
    const landing = read(webDir, PAGES[0])
    expect(landing).toContain('href="tel:+15125550142"')
    expect(landing).toContain('(512) 555-0142')
    expect(read(webDir, PAGES[1])).toContain('call us at (512) 555-0142 for a quote')
    // The build's assets, as before: only the identity changed.
    expect(landing).toMatch(/<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/)
  }, 90_000)

  it('a later save publishes again: the newest identity wins', async () => {
    await createSettingsRepository(defaultTable()).saveSettings({ businessName: 'Wimberley Arms' })
    await vi.waitFor(() => expect(embedded(read(webDir, PAGES[2])).name).toBe('Wimberley Arms'), WAIT)
    expect(read(webDir, PAGES[2])).not.toContain(ESCAPED_NAME)
  }, 90_000)
})

describe('the kit as the build writes it and the server reads it', () => {
  it('has the same folder and file names on both sides of the SPA boundary', () => {
    expect([SITE_KIT_FOLDER, SITE_KIT_RENDERER, SITE_KIT_MANIFEST]).toEqual([page.SITE_KIT_DIR, page.SITE_KIT_RENDERER, page.SITE_KIT_MANIFEST])
  })
})

describe('which stream records publish', () => {
  const record = (eventName: DynamoDBRecord['eventName'], image: Record<string, unknown>): DynamoDBRecord => ({
    eventName,
    dynamodb: { NewImage: marshall(image) as never },
  })

  it("a write of the settings item publishes its identity; any other item's never does", () => {
    const settings = { __edb_e__: 'settings', __edb_v__: '1', businessName: 'Wimberley Arms', phone: '5125550142', email: '', address: '' }
    expect(savedIdentity(record('MODIFY', settings))).toEqual({ name: 'Wimberley Arms', phone: '(512) 555-0142', email: '', address: '', fflNumber: '' })
    expect(savedIdentity(record('INSERT', { __edb_e__: 'settings', __edb_v__: '1' }))).toEqual(DEFAULT_SHOP)
    expect(savedIdentity(record('REMOVE', settings))).toBeNull()
    expect(savedIdentity(record('INSERT', { __edb_e__: 'notification', businessName: 'x' }))).toBeNull()
    expect(savedIdentity({ eventName: 'MODIFY', dynamodb: {} })).toBeNull()
  })
})

describe.skipIf(!built)('the publisher at deploy: a CloudFormation custom resource', () => {
  let server: Server
  let responseUrl: string
  const answers: Array<{ contentType: string | undefined; body: Record<string, unknown> }> = []

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c)).on('end', () => {
        answers.push({ contentType: req.headers['content-type'], body: JSON.parse(body) as Record<string, unknown> })
        res.writeHead(200).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    responseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/response?signed=1`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const event = (RequestType: CustomResourceEvent['RequestType']): CustomResourceEvent => ({
    RequestType,
    ResponseURL: responseUrl,
    StackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/Gunsmith-dev-Web/1',
    RequestId: `req-${RequestType}`,
    LogicalResourceId: 'PublishSitePages',
    ...(RequestType === 'Create' ? {} : { PhysicalResourceId: PHYSICAL_RESOURCE_ID }),
  })
  const recording = (inner: SiteStore) => {
    const puts: string[] = []
    const invalidated: string[][] = []
    return { puts, invalidated, store: { put: (f: string, h: string) => (puts.push(f), inner.put(f, h)), invalidate: async (p: string[]) => void invalidated.push(p) } }
  }

  it('Create and Update publish the saved identity, invalidate the pages, and answer SUCCESS', async () => {
    const webDir = servedCopy()
    const { puts, invalidated, store } = recording(folderSiteStore(webDir))
    const shop = { ...DEFAULT_SHOP, name: 'Deployed Shop' }
    const handle = createPublisherHandler(() => ({ kit: () => loadSiteKit(path.join(webDir, '.site-kit')), store, currentIdentity: async () => shop }))
    for (const type of ['Create', 'Update'] as const) await handle(event(type))
    expect(puts).toEqual([...PAGES, ...PAGES])
    expect(invalidated[0]).toEqual(['/', '/shipping-policy', '/login', '/register', '/forgot-password'])
    for (const file of PAGES) expect(embedded(read(webDir, file)).name).toBe('Deployed Shop')
    const [created, updated] = answers.splice(0)
    // Signed without a content type: CloudFormation's presigned URL refuses another.
    expect(created.contentType ?? '').toBe('')
    expect(created.body).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: PHYSICAL_RESOURCE_ID, RequestId: 'req-Create', LogicalResourceId: 'PublishSitePages', StackId: event('Create').StackId })
    expect((created.body.Data as { Build: string }).Build).toMatch(/^[0-9a-f]{16}$/)
    expect(updated.body).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: PHYSICAL_RESOURCE_ID })
  }, 60_000)

  it("a rollback's request for another build than the function carries answers SUCCESS without publishing (never a stuck rollback)", async () => {
    const webDir = servedCopy()
    const { puts, store } = recording(folderSiteStore(webDir))
    const kit = await loadSiteKit(path.join(webDir, '.site-kit'))
    const handle = createPublisherHandler(() => ({ kit: async () => kit, store, currentIdentity: async () => DEFAULT_SHOP, carriedBuild: kit.build }))
    await handle({ ...event('Update'), ResourceProperties: { Build: '0123456789abcdef' } })
    expect(puts).toEqual([])
    const [rolledBack] = answers.splice(0)
    expect(rolledBack.body.Status).toBe('SUCCESS')
    expect(rolledBack.body.Reason).toContain(`carries build ${kit.build}, the request is for build 0123456789abcdef (a rollback)`)
    // The build it carries is published.
    await handle({ ...event('Update'), ResourceProperties: { Build: kit.build } })
    expect(puts).toEqual(PAGES)
    expect(answers.splice(0)[0].body).toMatchObject({ Status: 'SUCCESS', Data: { Build: kit.build } })
  })

  it('Delete leaves the pages and answers SUCCESS; a missing kit answers FAILED with the reason and writes nothing', async () => {
    const webDir = servedCopy()
    const { puts, store } = recording(folderSiteStore(webDir))
    const handle = createPublisherHandler(() => ({ kit: () => loadSiteKit(path.join(webDir, 'no-kit-here')), store, currentIdentity: async () => DEFAULT_SHOP }))
    await handle(event('Delete'))
    await handle(event('Update'))
    expect(puts).toEqual([])
    const [deleted, failed] = answers.splice(0)
    expect(deleted.body.Status).toBe('SUCCESS')
    expect(failed.body.Status).toBe('FAILED')
    expect(failed.body.Reason).toContain('no site kit')
    await expect(loadSiteKit(path.join(webDir, 'no-kit-here'))).rejects.toBeInstanceOf(SiteKitMissing)
  })

  it("a stream batch whose publish fails throws (the stream retries it) and writes nothing", async () => {
    const webDir = servedCopy()
    const { puts, store } = recording(folderSiteStore(webDir))
    const kit = await loadSiteKit(path.join(webDir, '.site-kit'))
    const handle = createPublisherHandler(() => ({ kit: async () => ({ ...kit, render: async () => Promise.reject(new Error('render failed')) }), store, currentIdentity: async () => DEFAULT_SHOP }))
    const settings = { eventName: 'MODIFY' as const, dynamodb: { NewImage: marshall({ __edb_e__: 'settings', businessName: 'X' }) as never } }
    await expect(handle({ Records: [settings] })).rejects.toThrow('render failed')
    expect(puts).toEqual([])
    // A batch without a settings write does nothing at all.
    await handle({ Records: [{ eventName: 'INSERT', dynamodb: { NewImage: marshall({ __edb_e__: 'notification' }) as never } }] })
    expect(puts).toEqual([])
  })

  it('a kit rebuilt while the process runs is published from its own renderer and shell', async () => {
    const webDir = servedCopy()
    const kitDir = path.join(webDir, '.site-kit')
    await loadSiteKit(kitDir)
    const site = JSON.parse(read(kitDir, 'site.json')) as { build: string; shell: string }
    writeFileSync(path.join(kitDir, 'site.json'), JSON.stringify({ ...site, build: 'feedfeedfeedfeed', shell: site.shell.replace('<div id="root"></div>', '<p>rebuilt</p><div id="root"></div>') }))
    const rebuilt = await loadSiteKit(kitDir)
    expect(rebuilt.build).toBe('feedfeedfeedfeed')
    const out = path.join(webDir, 'out')
    await publishSite({ kit: rebuilt, store: folderSiteStore(out), shop: DEFAULT_SHOP })
    expect(read(out, PAGES[0])).toContain('<p>rebuilt</p>')
  })
})
