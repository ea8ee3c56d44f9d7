import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { LocalStackError } from './errors.ts'
import { freePort, waitForPort } from './ports.ts'

const require = createRequire(import.meta.url)

export interface MailDev {
  smtpPort: number
  /** The web inbox (and its JSON API: GET /api/email). */
  webUrl: string
  stop(): Promise<void>
}

/** Its bin script, looked up as Node would look up the package (its `exports` offer neither require nor package.json). */
function maildevBin() {
  for (const dir of require.resolve.paths('maildev') ?? []) {
    const bin = path.join(dir, 'maildev', 'dist', 'bin', 'maildev.js')
    if (existsSync(bin)) return bin
  }
  throw new LocalStackError('maildev is missing from node_modules: run npm ci')
}

/** Polls the inbox's health endpoint until it answers 200. */
async function waitForInbox(webUrl: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const ok = await fetch(`${webUrl}/api/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new LocalStackError(`maildev's inbox did not answer within ${Math.round(timeoutMs / 1000)} s`)
}

/**
 * maildev (SMTP server and web inbox) as a child process, on loopback only: mail the portal sends stops here.
 * With `mailDir` the mail is kept there across restarts; without, in memory. Ports 0 or absent: free ones.
 */
export async function startMailDev({ smtpPort, webPort, mailDir }: { smtpPort?: number; webPort?: number; mailDir?: string } = {}): Promise<MailDev> {
  const bin = maildevBin()
  const smtp = smtpPort || (await freePort())
  let web = webPort || (await freePort())
  while (web === smtp) web = await freePort()
  const args = [bin, '--smtp', String(smtp), '--web', String(web), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--silent']
  if (mailDir) {
    mkdirSync(mailDir, { recursive: true })
    args.push('--mail-directory', mailDir)
  }
  // maildev reads MAILDEV_* variables as settings (an outgoing relay among them): none of the caller's, so
  // nothing is relayed off this machine.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toUpperCase().startsWith('MAILDEV_')))
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env })
  let stderr = ''
  child.stderr?.on('data', (d) => (stderr += d))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const webUrl = `http://127.0.0.1:${web}`
  try {
    await Promise.race([
      Promise.all([waitForPort(smtp, 30_000, "maildev's SMTP server"), waitForInbox(webUrl, 30_000)]),
      exited.then(() => {
        throw new LocalStackError(`maildev exited at start: ${stderr.trim().split('\n').slice(-3).join(' ') || 'no output'}`)
      }),
    ])
  } catch (err) {
    child.kill('SIGKILL')
    await exited
    throw err
  }
  return {
    smtpPort: smtp,
    webUrl,
    async stop() {
      if (child.exitCode !== null || child.signalCode) return
      child.kill('SIGTERM')
      const t = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exited
      clearTimeout(t)
    },
  }
}
