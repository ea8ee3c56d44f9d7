// Installs the workspace's dependencies (npm ci) when this clone has none yet, so `npm start` and
// `npm test` work on a fresh clone. Plain Node (no dependencies): it runs before anything is installed.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** Runs npm ci unless node_modules is installed; returns false (after printing why) when it fails. */
export function installIfMissing(what = 'npm') {
  if (existsSync(path.join(root, 'node_modules/.package-lock.json'))) return true
  console.log('Installing dependencies (npm ci)...')
  const r = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' })
  if (r.status === 0) return true
  console.error(`${what}: npm ci failed (exit ${r.status ?? r.signal}); fix the error above and run it again`)
  return false
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(installIfMissing(process.argv[2]) ? 0 : 1)
