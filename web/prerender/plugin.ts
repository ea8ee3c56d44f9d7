/**
 * Pre-renders the public pages at build time (docs/architecture.md, "Pre-rendered public pages").
 *
 * After the client build has written dist/ (index.html, assets, .vite/manifest.json), this plugin builds
 * src/entry-server.tsx for Node with Vite's SSR build, renders each page of PRERENDERED_PAGES with react-router's
 * static handler and react-dom/server, and writes dist/prerendered/<path>/index.html: the SPA shell with the page's
 * HTML in #root (marked data-prerendered="<path>", which main.tsx hydrates), its <title>, and modulepreload links for
 * the page's route chunk. dist/index.html stays the plain shell that every other client route gets.
 *
 * The servers map exactly the paths that have a file under dist/prerendered/ to it (infra/local/static-files.ts and the
 * CloudFront function in infra/stacks/web-stack.ts): prerenderedFile() below is the naming rule they share.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig, type UserConfig } from 'vite';

/** The public pages: the path and the route module (its manifest key) that renders it. No loaders, no session. */
export const PRERENDERED_PAGES: ReadonlyArray<{ path: string; route: string }> = [
  { path: '/', route: 'src/app/routes/landing.tsx' },
  { path: '/shipping-policy', route: 'src/app/routes/shipping-policy.tsx' },
  { path: '/login', route: 'src/app/routes/auth/login.tsx' },
  { path: '/register', route: 'src/app/routes/auth/register.tsx' },
  { path: '/forgot-password', route: 'src/app/routes/auth/forgot-password.tsx' },
];

export const PRERENDERED_DIR = 'prerendered';

/** dist-relative file of a pre-rendered path: `/` → prerendered/index.html, `/login` → prerendered/login/index.html. */
export function prerenderedFile(routePath: string): string {
  return `${PRERENDERED_DIR}${routePath === '/' ? '' : routePath}/index.html`;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

function staticClosure(manifest: Record<string, ManifestChunk>, root: string): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`pre-render: the manifest has no chunk ${key} (did the route move? update web/prerender/plugin.ts)`);
    seen.add(key);
    for (const i of manifest[key].imports ?? []) visit(i);
  };
  visit(root);
  return seen;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The shell with the page in it. Exported for tests. */
export function pageDocument(shell: string, page: { path: string; html: string; preload: string[]; css: string[] }): string {
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
  return doc.replace(root, () => `<div id="root" data-prerendered="${escapeAttr(page.path)}">${html}</div>`);
}

export function prerender(options: { define?: UserConfig['define']; alias?: Record<string, string> } = {}): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'gunsmith-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr || config.build.watch) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      // Under node_modules so the server bundle's bare imports (react, react-router…) resolve from the workspace.
      // A fresh folder per build: Node caches modules by URL, and the route chunks import the entry by its plain URL.
      const serverDir = path.join(config.root, 'node_modules/.prerender', `${process.pid}-${Date.now()}`);
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        plugins: [react()],
        resolve: { alias: options.alias },
        define: options.define,
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: serverDir,
          emptyOutDir: true,
          minify: false,
          copyPublicDir: false,
          rollupOptions: { output: { entryFileNames: 'entry-server.mjs', format: 'esm' } },
        },
      });
      try {
        const { render } = (await import(pathToFileURL(path.join(serverDir, 'entry-server.mjs')).href)) as typeof import('../src/entry-server');
        const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
        const entry = staticClosure(manifest, 'index.html');
        const entryCss = new Set([...entry].flatMap((k) => manifest[k].css ?? []));
        fs.rmSync(path.join(outDir, PRERENDERED_DIR), { recursive: true, force: true });
        for (const page of PRERENDERED_PAGES) {
          const { html, status } = await render(page.path);
          if (status !== 200) throw new Error(`pre-render ${page.path}: status ${status}`);
          // The route's chunk and its static imports that index.html does not already load (and preload).
          const own = [...staticClosure(manifest, page.route)].filter((k) => !entry.has(k));
          const preload = own.map((k) => manifest[k].file);
          const css = [...new Set(own.flatMap((k) => manifest[k].css ?? []))].filter((c) => !entryCss.has(c));
          const file = path.join(outDir, prerenderedFile(page.path));
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(file, pageDocument(shell, { path: page.path, html, preload, css }));
        }
      } finally {
        fs.rmSync(serverDir, { recursive: true, force: true });
      }
      config.logger.info(`pre-rendered ${PRERENDERED_PAGES.map((p) => p.path).join(', ')} → ${path.relative(config.root, path.join(outDir, PRERENDERED_DIR))}/`);
    },
  };
}
