/**
 * Lighthouse (mobile, its default config) of the built SPA as the local stack
 * serves it, with Debian's Chromium and the flags of TOOLCHAIN.md. One Chromium
 * with a remote debugging port: Lighthouse's CLI attaches to it, and for the
 * signed-in page Playwright first signs in through the real login page (the
 * Amplify session lives in localStorage) and Lighthouse keeps the storage.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { REPO_ROOT } from '../../infra/local/stack.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/e2e/chromium.ts'
import { progress } from './bench-stats.ts'

export const CHROME_PATH = CHROMIUM_PATH
const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS]
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const

export interface LighthouseResult {
  path: string
  performance: number
  accessibility: number
  bestPractices: number
  finalUrl: string
}

export function chromiumVersion(): string {
  const r = spawnSync(CHROME_PATH, ['--version'], { encoding: 'utf8' })
  return (r.stdout ?? '').trim() || 'unknown'
}

/** Starts Chromium with a debugging port; resolves with the port once DevTools listens. */
async function startChromium(userDataDir: string): Promise<{ proc: ChildProcess; port: number }> {
  // detached: its own process group, so stopping it takes its renderer and utility processes along.
  const proc = spawn(CHROME_PATH, [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'], detached: true })
  return new Promise((resolve, reject) => {
    let err = ''
    const timer = setTimeout(() => reject(new Error(`Chromium did not open its DevTools port in 30 s: ${err.slice(-500)}`)), 30_000)
    proc.stderr!.on('data', (d: Buffer) => {
      err += d.toString()
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err)
      if (m) {
        clearTimeout(timer)
        proc.stderr!.removeAllListeners('data')
        proc.stderr!.resume()
        resolve({ proc, port: Number(m[1]) })
      }
    })
    proc.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Chromium exited (${code}) before it listened: ${err.slice(-500)}`))
    })
  })
}

async function stopChromium(proc: ChildProcess) {
  if (proc.exitCode !== null || !proc.pid) return
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()))
  try {
    process.kill(-proc.pid, 'SIGTERM')
  } catch {
    return
  }
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5_000).unref())
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    try {
      process.kill(-proc.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}

/** One Lighthouse run in a child process (its CLI), attached to the running Chromium. */
function lighthouse(url: string, port: number, keepStorage: boolean): Promise<LighthouseResult> {
  const cli = path.join(REPO_ROOT, 'node_modules/lighthouse/cli/index.js')
  const args = [cli, url, `--port=${port}`, '--hostname=127.0.0.1', '--output=json', '--output-path=stdout', '--quiet', `--only-categories=${CATEGORIES.join(',')}`, ...(keepStorage ? ['--disable-storage-reset'] : [])]
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited ${code}: ${err.slice(-800)}`))
      const lhr = JSON.parse(out) as { finalDisplayedUrl: string; runtimeError?: { message: string }; categories: Record<string, { score: number | null }> }
      if (lhr.runtimeError) return reject(new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`))
      const score = (c: string) => Math.round((lhr.categories[c]?.score ?? Number.NaN) * 100)
      resolve({ path: new URL(url).pathname, performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), finalUrl: lhr.finalDisplayedUrl })
    })
  })
}

/** Signs in through the SPA's login page in the running Chromium; the session stays in its localStorage. */
async function signIn(port: number, baseUrl: string, email: string, password: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const page = await browser.contexts()[0].newPage()
    await page.goto(`${baseUrl}/login`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL(/\/dashboard$/, { timeout: 30_000 })
    await page.close()
  } finally {
    // Detaches Playwright; the browser itself is ours and keeps running for Lighthouse.
    await browser.close()
  }
}

export async function measureLighthouse(baseUrl: string, user: { email: string; password: string }): Promise<LighthouseResult[]> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-bench-chromium-'))
  const { proc, port } = await startChromium(userDataDir)
  try {
    const out: LighthouseResult[] = []
    for (const p of ['/', '/login']) {
      progress(`lighthouse ${p}`)
      out.push(await lighthouse(`${baseUrl}${p}`, port, false))
    }
    progress(`signing in as ${user.email} for the signed-in page`)
    await signIn(port, baseUrl, user.email, user.password)
    progress('lighthouse /dashboard (signed in)')
    const dashboard = await lighthouse(`${baseUrl}/dashboard`, port, true)
    if (!dashboard.finalUrl.endsWith('/dashboard')) throw new Error(`lighthouse /dashboard ended on ${dashboard.finalUrl}: the session did not carry over`)
    out.push(dashboard)
    for (const r of out) progress(`lighthouse ${r.path}: performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r.bestPractices}`)
    return out
  } finally {
    await stopChromium(proc)
    fs.rmSync(userDataDir, { recursive: true, force: true })
  }
}
