// `npm start` on a fresh clone: install what is missing, build the SPA, run the local stack.
// Plain Node (no dependencies) so it works before `npm ci`.
import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { installIfMissing } from './install-if-missing.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

function run(cmd, args, what) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) {
    console.error(`npm start: ${what} failed (exit ${r.status ?? r.signal}); fix the error above and run npm start again`)
    process.exit(1)
  }
}

const [major, minor] = process.versions.node.split('.').map(Number)
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`npm start: Node ${process.versions.node} is too old: install Node 20.19 or newer`)
  process.exit(1)
}

const java = spawnSync('java', ['-version'], { encoding: 'utf8' })
if (java.error || java.status !== 0) {
  console.error('npm start: Java 17+ is required for DynamoDB Local and was not found: install it (Debian: sudo apt-get install -y openjdk-17-jre-headless) and run npm start again')
  process.exit(1)
}

if (!installIfMissing('npm start')) process.exit(1)

console.log('Building the web app...')
run(npm, ['run', 'build:web', '--silent'], 'building the web app')

const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/main.ts'], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...process.env },
})
const forward = (sig) => () => child.kill(sig)
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, forward(sig))
// `kill <npm pid>` ends npm without always passing the signal on: when our parent goes away, stop too.
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) child.kill('SIGTERM')
}, 500).unref()
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
