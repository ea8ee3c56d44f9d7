import { startLocalStack } from '../../infra/local/stack.ts'

// E2E_WEB_DIR serves a build made elsewhere (vite build --outDir), so a rebuild of web/dist meanwhile cannot break a run.
/** The stack the e2e journeys run against: in memory, seeded, on E2E_PORT. */
const stack = await startLocalStack({ port: Number(process.env.PORT ?? 3310), webDir: process.env.E2E_WEB_DIR || undefined })
console.log(`e2e stack at ${stack.url}`)
const stop = async () => {
  await stack.stop()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
