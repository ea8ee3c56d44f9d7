/**
 * Load: 50 concurrent customers browsing and paying through the local
 * gateway for 30 s end with every invoice consistent with its payments.
 * Runs scripts/load.ts as `npm run load` does (its own in-memory stack on free
 * loopback ports, stopped at the end) and reads its summary.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

function runLoad(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/load.ts', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: 'silent' },
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.once('exit', (code) => resolve({ code, output }))
  })
}

it('50 customers paying at once for 30 s: no 5xx, no failed request, every invoice matches its payments', async () => {
  const { code, output } = await runLoad(['--customers', '50', '--concurrency', '50', '--duration', '30'])
  const line = output.split('\n').find((l) => l.startsWith('LOAD SUMMARY '))
  expect(line, output.slice(-4000)).toBeDefined()
  const summary = JSON.parse(line!.slice('LOAD SUMMARY '.length))
  console.log(output.split('\n').filter((l) => /^\d+ (requests|intents)/.test(l)).join('\n'))
  expect(code, output.slice(-4000)).toBe(0)
  expect(summary).toMatchObject({ customers: 50, concurrency: 50, networkErrors: 0, status: { '5xx': 0 }, audit: { inconsistencies: 0 } })
  expect(summary.durationS).toBeGreaterThanOrEqual(30)
  // The run did what it is for: many payments, batches, declines and double confirms, all read back.
  expect(summary.succeeded).toBeGreaterThan(50)
  expect(summary.batches).toBeGreaterThan(0)
  expect(summary.declined).toBeGreaterThan(0)
  expect(summary.audit.orders).toBeGreaterThanOrEqual(150)
  expect(summary.audit.payments).toBeGreaterThanOrEqual(summary.succeeded)
}, 240_000)
