/**
 * Publishing the public pages with the shop's identity: the kit renders them (site-kit.ts), the store writes them
 * where the site is served and tells the CDN (s3-site-store.ts in AWS; infra/local/site-publisher.ts locally).
 */
import type { ShopIdentity } from '@gs/shared/shop'
import type { SiteKit } from './site-kit.ts'

export interface SiteStore {
  /** Writes one page (`file`: prerendered/…/index.html) so that it replaces the served one whole. */
  put(file: string, html: string): Promise<void>
  /** After every page is written: the CDN forgets what it cached of these paths. */
  invalidate(paths: string[]): Promise<void>
}

export interface Published {
  build: string
  files: string[]
}

export async function publishSite({ kit, store, shop }: { kit: SiteKit; store: SiteStore; shop: ShopIdentity }): Promise<Published> {
  const pages = await kit.render(shop)
  // Rendered first, all of them: a render error writes nothing.
  for (const page of pages) await store.put(page.file, page.html)
  await store.invalidate(pages.map((p) => p.path))
  return { build: kit.build, files: pages.map((p) => p.file) }
}
