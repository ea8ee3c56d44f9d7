/**
 * The server render of the public pages (web/prerender/): the same routes and providers as the browser (main.tsx),
 * rendered with react-router's static handler for one path and one shop identity, built into the site kit
 * (docs/architecture.md, "Pre-rendered public pages"). No hydration data (`hydrate={false}`: the CSP refuses inline
 * scripts). Nothing here runs in the browser.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { DEFAULT_SHOP, type ShopIdentity } from '@gs/shared/shop';
import { pageDocument, type PublishedPage, type SiteManifest } from '../prerender/page-document';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { renderWithShop } from './lib/shop';

export interface RenderedPage {
  /** The inner HTML of #root. */
  html: string;
  /** The static handler's status for the path (200 for a page that rendered). */
  status: number;
}

export async function render(path: string, shop: ShopIdentity = DEFAULT_SHOP): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`pre-render ${path}: the route answered ${context.status} (a redirect?)`);
  if (context.errors) throw new Error(`pre-render ${path}: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderWithShop(shop, () =>
    renderToString(
      <StrictMode>
        <AppProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </StrictMode>,
    ),
  );
  return { html, status: context.statusCode };
}

/** Every page of the kit's site.json as a whole document, rendered for `shop` (the build: the defaults). */
export async function publishPages(site: SiteManifest, shop: ShopIdentity = DEFAULT_SHOP): Promise<PublishedPage[]> {
  const out: PublishedPage[] = [];
  for (const page of site.pages) {
    const { html, status } = await render(page.path, shop);
    if (status !== 200) throw new Error(`pre-render ${page.path}: status ${status}`);
    out.push({ path: page.path, file: page.file, html: pageDocument(site.shell, { path: page.path, html, preload: page.preload, css: page.css, shop }) });
  }
  return out;
}
