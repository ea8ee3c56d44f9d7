import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // `@/…` is web/src/… (as in the root tsconfig.json `paths`).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
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
