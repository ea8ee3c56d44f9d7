/**
 * One pre-rendered page as the servers send it: the SPA shell (dist/index.html) with the page's HTML in #root, its
 * <title> in <head>, the page's own route chunks preloaded, and the shop identity it was rendered with. Used by the
 * build (web/prerender/plugin.ts) and by every publish after a save of Settings → General (web/src/entry-server.tsx
 * publishPages, run by functions/site/publisher-handler.ts): no Vite, no Node API.
 */
import type { ShopIdentity } from '@gs/shared/shop';

export const PRERENDERED_DIR = 'prerendered';

/** dist-relative file of a pre-rendered path: `/` → prerendered/index.html, `/login` → prerendered/login/index.html. */
export function prerenderedFile(routePath: string): string {
  return `${PRERENDERED_DIR}${routePath === '/' ? '' : routePath}/index.html`;
}

/** The site kit's files (in dist/.site-kit/, never served): the server render and what a publish needs besides it. */
export const SITE_KIT_DIR = '.site-kit';
export const SITE_KIT_RENDERER = 'renderer.mjs';
export const SITE_KIT_MANIFEST = 'site.json';

/** One page to publish: everything but its HTML, which is rendered with the shop identity at each publish. */
export interface SitePage {
  path: string;
  /** Where the servers look for it (prerenderedFile). */
  file: string;
  preload: string[];
  css: string[];
}

/** site.json: the build it belongs to, the shell and the pages (functions/site/publish.ts reads it). */
export interface SiteManifest {
  /** A hash of the shell and the renderer: pages published from this kit belong to this build's assets. */
  build: string;
  shell: string;
  pages: SitePage[];
}

/** A page ready to write: its file (prerenderedFile) and the whole document. */
export interface PublishedPage {
  path: string;
  file: string;
  html: string;
}

/** The #root attribute that carries the identity a page was rendered with (web/src/lib/shop.ts reads it to hydrate). */
export const SHOP_ATTRIBUTE = 'data-shop';

export const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface PageParts {
  path: string;
  /** The inner HTML of #root as react-dom/server rendered it. */
  html: string;
  /** dist-relative files: the route's chunks index.html does not already load, and their CSS. */
  preload: readonly string[];
  css: readonly string[];
  /** The shop the page was rendered with: hydration renders with the same one (no flash, no mismatch). */
  shop: ShopIdentity;
}

/** The shell with the page in it. */
export function pageDocument(shell: string, page: PageParts): string {
  let html = page.html;
  // React 19 renders a component's <title> where it stands; a document has one, in <head>: move it there.
  const titles = [...html.matchAll(/<title>([\s\S]*?)<\/title>/g)];
  if (titles.length > 1) throw new Error(`pre-render ${page.path}: ${titles.length} <title> elements`);
  let doc = shell;
  if (titles.length === 1) {
    html = html.replace(titles[0][0], '');
    if (!/<title>[\s\S]*?<\/title>/.test(doc)) throw new Error('pre-render: index.html has no <title>');
    doc = doc.replace(/<title>[\s\S]*?<\/title>/, () => titles[0][0]);
  }
  const links = [
    ...page.css.map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`),
    ...page.preload.map((href) => `<link rel="modulepreload" crossorigin href="/${href}">`),
  ].join('\n    ');
  if (links) doc = doc.replace('</head>', () => `  ${links}\n  </head>`);
  const root = '<div id="root"></div>';
  if (!doc.includes(root)) throw new Error('pre-render: index.html has no empty <div id="root"></div>');
  const shop = escapeAttr(JSON.stringify(page.shop));
  return doc.replace(root, () => `<div id="root" data-prerendered="${escapeAttr(page.path)}" ${SHOP_ATTRIBUTE}="${shop}">${html}</div>`);
}
