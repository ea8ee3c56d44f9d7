// `npm run test:busy [-- --runs 3]`: the whole `npm test` several times in a row while two CPU-bound
// processes keep both cores busy, as on a shared machine. Every run must pass (the suite has no
// timing assertions and waits generously). Plain Node; the burners are stopped whatever happens.
import { spawn, spawnSync } from 'node:child_process'
import os from 'node:os'
import { parseArgs } from 'node:util'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, burners: { type: 'string', default: String(os.availableParallelism()) } } })
const runs = Number(values.runs)
const burners = Array.from({ length: Number(values.burners) }, () =>
  spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random())'], { stdio: 'ignore' }),
)
const stop = () => burners.forEach((b) => b.kill('SIGKILL'))
process.on('exit', stop)
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(1))

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
for (let i = 1; i <= runs; i++) {
  const started = Date.now()
  console.log(`\n=== npm test, run ${i} of ${runs}, with ${burners.length} CPU burners ===`)
  const r = spawnSync(npm, ['test'], { stdio: 'inherit', env: { ...process.env, CI: 'true' } })
  const minutes = ((Date.now() - started) / 60_000).toFixed(1)
  if (r.status !== 0) {
    console.error(`=== run ${i} of ${runs} FAILED after ${minutes} min ===`)
    process.exit(1)
  }
  console.log(`=== run ${i} of ${runs} passed in ${minutes} min ===`)
}
console.log(`\nAll ${runs} runs passed with ${burners.length} CPU burners.`)
