// Runs the Playwright journeys in Debian's Chromium. Outside CI a missing Chromium
// skips them with one loud line; with CI=true they must run.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  const line = `E2E SKIPPED: Chromium not found at ${chromium}. Install it with: sudo apt-get install -y chromium`
  if (process.env.CI === 'true') {
    console.error(`${line} (CI=true: e2e must run)`)
    process.exit(1)
  }
  console.warn(`\n!!!!! ${line} !!!!!\n`)
  process.exit(0)
}
const r = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)], { stdio: 'inherit' })
process.exit(r.status ?? 1)
