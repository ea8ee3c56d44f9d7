/**
 * Pre-renders the public pages at build time (docs/architecture.md, "Pre-rendered public pages"): after the client
 * build, builds the site kit (dist/.site-kit/: the server render and site.json) and publishes the pages through it
 * with the default shop identity into dist/prerendered/<path>/index.html. prerenderedFile() (page-document.ts) is
 * the naming rule the servers share.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig, type UserConfig } from 'vite';
import { PRERENDERED_DIR, SITE_KIT_DIR, SITE_KIT_MANIFEST, SITE_KIT_RENDERER, prerenderedFile, type SiteManifest, type SitePage } from './page-document';

/** The public pages: the path and the route module (its manifest key) that renders it. No loaders, no session. */
export const PRERENDERED_PAGES: ReadonlyArray<{ path: string; route: string }> = [
  { path: '/', route: 'src/app/routes/landing.tsx' },
  { path: '/shipping-policy', route: 'src/app/routes/shipping-policy.tsx' },
  { path: '/login', route: 'src/app/routes/auth/login.tsx' },
  { path: '/register', route: 'src/app/routes/auth/register.tsx' },
  { path: '/forgot-password', route: 'src/app/routes/auth/forgot-password.tsx' },
];


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
      const kitDir = path.join(outDir, SITE_KIT_DIR);
      // Everything bundled (noExternal): the kit runs where there is no node_modules (the publisher Lambda).
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        plugins: [react()],
        resolve: { alias: options.alias },
        define: options.define,
        // module-sync: react-router(-dom)'s ESM build under `node` (else the CommonJS one, a second copy of the router context).
        ssr: { noExternal: true, target: 'node', resolve: { conditions: ['module-sync', 'module', 'node', 'production'] } },
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: kitDir,
          emptyOutDir: true,
          minify: true,
          copyPublicDir: false,
          rollupOptions: { output: { entryFileNames: SITE_KIT_RENDERER, chunkFileNames: 'chunks/[name]-[hash].mjs', format: 'esm' } },
        },
      });
      const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
      const entry = staticClosure(manifest, 'index.html');
      const entryCss = new Set([...entry].flatMap((k) => manifest[k].css ?? []));
      const pages: SitePage[] = PRERENDERED_PAGES.map((page) => {
        // The route's chunk and its static imports that index.html does not already load (and preload).
        const own = [...staticClosure(manifest, page.route)].filter((k) => !entry.has(k));
        return {
          path: page.path,
          file: prerenderedFile(page.path),
          preload: own.map((k) => manifest[k].file),
          css: [...new Set(own.flatMap((k) => manifest[k].css ?? []))].filter((c) => !entryCss.has(c)),
        };
      });
      // The build's identity: what the renderer and the shell are, so a publish can tell which build it serves.
      const hash = crypto.createHash('sha256').update(shell);
      for (const file of listFiles(kitDir)) hash.update(file).update(fs.readFileSync(path.join(kitDir, file)));
      const site: SiteManifest = { build: hash.digest('hex').slice(0, 16), shell, pages };
      fs.writeFileSync(path.join(kitDir, SITE_KIT_MANIFEST), JSON.stringify(site));

      // The pages as the build serves them until the shop's own identity is published (with the defaults).
      // By its plain URL, as its chunks import it (with a query it would be a second module, a second router context).
      const kit = (await import(pathToFileURL(path.join(kitDir, SITE_KIT_RENDERER)).href)) as typeof import('../src/entry-server');
      fs.rmSync(path.join(outDir, PRERENDERED_DIR), { recursive: true, force: true });
      for (const page of await kit.publishPages(site)) {
        const file = path.join(outDir, page.file);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, page.html);
      }
      config.logger.info(`pre-rendered ${PRERENDERED_PAGES.map((p) => p.path).join(', ')} → ${path.relative(config.root, path.join(outDir, PRERENDERED_DIR))}/ (site kit ${site.build} in ${SITE_KIT_DIR}/)`);
    },
  };
}

function listFiles(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? listFiles(dir, path.join(prefix, e.name)) : e.name === SITE_KIT_MANIFEST ? [] : [path.join(prefix, e.name)]));
}
