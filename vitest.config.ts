import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One local stack serves every file; files run one at a time against it.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'system',
          include: ['test/system/**/*.test.ts'],
          environment: 'node',
          // Each file starts its own processes (npm start, the load script's stack) on free ports, apart from the
          // integration stack. After the other projects, so the SPA build npm start runs and the load meet no other suite.
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          testTimeout: 240_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'infra', include: ['test/infra/**/*.test.ts'], environment: 'node', testTimeout: 120_000 },
      },
      {
        // `@/…` is web/src/…, as in web/vite.config.ts and the root tsconfig.json `paths`.
        resolve: { alias: { '@': fileURLToPath(new URL('./web/src', import.meta.url)) } },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['test/web/**/*.test.tsx'],
          setupFiles: ['test/web/setup.ts'],
        },
      },
    ],
  },
})
