import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        // Generous for a loaded machine (npm run test:busy): a unit test that takes seconds there is not a failure.
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/integration/global-setup.ts'],
          // Each file's DynamoDB recorder and the functions' containers it starts (test/integration/worker-setup.ts).
          setupFiles: ['test/integration/worker-setup.ts'],
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
          // A page test renders, loads and clicks through several screens: on a loaded 2-core machine (npm run
          // test:busy) that takes seconds, and each wait may take up to asyncUtilTimeout (test/web/setup.ts).
          testTimeout: 60_000,
        },
      },
    ],
  },
})
