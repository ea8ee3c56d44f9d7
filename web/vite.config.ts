import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { prerender } from './prerender/plugin.ts';

const backend = 'http://localhost:3000';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
// The build's year: what a pre-rendered page's footer shows until it hydrates (site-footer.tsx).
const define = { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) };

export default defineConfig({
  // prerender(): the public pages as static HTML, hydrated in the browser (web/prerender/plugin.ts).
  plugins: [react(), tailwindcss(), prerender({ define, alias })],
  define,
  // `@/…` is web/src/… (as in the root tsconfig.json `paths`).
  resolve: { alias },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph the landing-page JS budget test reads (test/unit/spa-budget.test.ts).
    manifest: true,
  },
  // The SPA expects /api and /config.json on its own origin, as CloudFront and `npm start` serve them.
  server: { proxy: { '/api': backend, '/config.json': backend } },
  preview: { proxy: { '/api': backend, '/config.json': backend } },
});
