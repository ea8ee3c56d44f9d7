/**
 * `npm start` as a developer runs it: scripts/start.mjs (which builds the SPA and
 * runs infra/local/main.ts, which starts DynamoDB Local in java, cognito-local and maildev),
 * in its own process group like a terminal's foreground job, on the given ports
 * and data folder. Stopped the ways a developer stops it: Ctrl-C (SIGINT to the
 * whole group), `kill <pid>` (SIGTERM to npm start only), or `kill -9` of the group.
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { assertPortFree, freePort } from '../../infra/local/ports.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** State and process group from a /proc stat line ("pid (comm) state ppid pgrp ..."; comm may hold spaces and parentheses). */
function statOf(file: string): [string, string] {
  const stat = readFileSync(file, 'utf8')
  const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return [state, pgrp]
}

/** Live (non-zombie) processes of a process group, from /proc: what Ctrl-C or `kill -9 -<pgid>` reaches. */
export function groupProcesses(pgid: number): Array<{ pid: number; cmd: string }> {
  const out: Array<{ pid: number; cmd: string }> = []
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue
    try {
      const [state, pgrp] = statOf(`/proc/${d}/stat`)
      if (Number(pgrp) !== pgid) continue
      // A killed process's main thread turns zombie while its other threads still tear down (and hold its sockets):
      // gone only when every thread is.
      if (state === 'Z' || state === 'X') {
        const tasks = readdirSync(`/proc/${d}/task`).map((t) => statOf(`/proc/${d}/task/${t}/stat`)[0])
        if (tasks.every((t) => t === 'Z' || t === 'X')) continue
      }
      out.push({ pid: Number(d), cmd: readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ').slice(0, 300) })
    } catch {
      // the process ended while we looked
    }
  }
  return out
}

const withoutTestRunner = (env: NodeJS.ProcessEnv) => Object.fromEntries(Object.entries(env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST') && k !== 'TEST'))

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export interface Portal {
  url: string
  pid: number
  output(): string
  /** Sends the signal (to the group for Ctrl-C and kill -9), waits until every process of the group is gone and both ports are free. */
  stop(how: 'ctrl-c' | 'kill' | 'kill -9'): Promise<{ code: number | null; signal: string | null; ms: number; processes: number }>
}

export async function startPortal({ port, cognitoPort, dataDir, timeoutMs = 120_000 }: { port: number; cognitoPort: number; dataDir: string; timeoutMs?: number }): Promise<Portal> {
  // The mail inbox and the SMS sink on free ports too (their defaults, 1025/1080/1090, may be a running npm start's).
  const taken = new Set([port, cognitoPort])
  const another = async () => {
    let p = await freePort()
    while (taken.has(p)) p = await freePort()
    taken.add(p)
    return p
  }
  const delivery = { MAIL_SMTP_PORT: await another(), MAIL_WEB_PORT: await another(), SMS_PORT: await another() }
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    detached: true, // its own process group, as a terminal gives a foreground job
    stdio: ['ignore', 'pipe', 'pipe'],
    // A developer's environment: not vitest's (NODE_ENV=test would make Vite build the SPA for development).
    env: { ...withoutTestRunner(process.env), PORT: String(port), COGNITO_PORT: String(cognitoPort), GUNSMITH_DATA_DIR: dataDir, LOG_LEVEL: 'info', ...Object.fromEntries(Object.entries(delivery).map(([k, v]) => [k, String(v)])) },
  })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  let exit: { code: number | null; signal: string | null } | undefined
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = { code, signal }
      resolve(exit)
    }),
  )
  const pid = child.pid!
  const deadline = Date.now() + timeoutMs
  while (!output.includes('Gunsmith Portal is running at')) {
    if (exit) throw new Error(`npm start exited (${exit.code ?? exit.signal}) before it was ready:\n${output.slice(-3000)}`)
    if (Date.now() > deadline) {
      process.kill(-pid, 'SIGKILL')
      throw new Error(`npm start was not ready within ${timeoutMs / 1000} s:\n${output.slice(-3000)}`)
    }
    await sleep(100)
  }

  return {
    url: `http://localhost:${port}`,
    pid,
    output: () => output,
    async stop(how) {
      // The tree is what a developer runs: npm start, the stack, DynamoDB Local in java, cognito-local, maildev.
      const tree = groupProcesses(pid).map((p) => p.cmd)
      for (const part of ['scripts/start.mjs', 'infra/local/main.ts', 'DynamoDBLocal', 'cognito-runner.cjs', 'maildev.js']) {
        if (!tree.some((cmd) => cmd.includes(part))) throw new Error(`no ${part} in the process group before ${how}: ${tree.join('; ')}`)
      }
      const started = Date.now()
      if (how === 'ctrl-c') process.kill(-pid, 'SIGINT')
      else if (how === 'kill') process.kill(pid, 'SIGTERM')
      else process.kill(-pid, 'SIGKILL')
      const result = await Promise.race([exited, sleep(30_000).then(() => null)])
      if (!result) throw new Error(`npm start did not exit within 30 s of ${how}:\n${output.slice(-3000)}`)
      let left = groupProcesses(pid)
      while (left.length && Date.now() - started < 30_000) {
        await sleep(100)
        left = groupProcesses(pid)
      }
      if (left.length) throw new Error(`after ${how}, still running: ${left.map((p) => `${p.pid} ${p.cmd}`).join('; ')}`)
      await assertPortFree(port, 'the portal', 'PORT')
      await assertPortFree(cognitoPort, 'cognito-local', 'COGNITO_PORT')
      for (const [env, p] of Object.entries(delivery)) await assertPortFree(p, env, env)
      return { ...result, ms: Date.now() - started, processes: tree.length }
    },
  }
}

/** Last resort in afterAll: nothing of a failed test may outlive it. */
export function killGroup(pid: number | undefined) {
  if (!pid || !groupProcesses(pid).length) return
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // already gone
  }
}
