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
import { LOCAL_ADMIN_TOTP_SECRET, totpCode } from '../../infra/local/totp.ts'
import { median, progress } from './bench-stats.ts'

export const CHROME_PATH = CHROMIUM_PATH
const CHROME_FLAGS = ['--headless', ...CHROMIUM_ARGS]
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const

/** Runs per page: Lighthouse's scores move from run to run, the bench reports their median. */
export const LIGHTHOUSE_RUNS = 3

/** Issue 19's budgets (mobile, default config, the median of LIGHTHOUSE_RUNS): reported next to the figures, never asserted. */
export const LIGHTHOUSE_BUDGET = { performance: 95, accessibility: 100, bestPractices: 100 } as const

/** The pages measured, in order: the public ones, then signed in as the bench customer, then as staff. */
export const LIGHTHOUSE_PAGES = { public: ['/', '/shipping-policy', '/login'], customer: ['/dashboard'], staff: ['/admin'] } as const

interface Scores {
  performance: number
  accessibility: number
  bestPractices: number
}

/** A page's median scores over its runs, each category on its own, and every run's. */
export interface LighthouseResult extends Scores {
  path: string
  finalUrl: string
  runs: Scores[]
}

/** The median of each category over the runs (Lighthouse's scores are whole numbers; a median of 3 is one of them). */
export function medianScores(path: string, finalUrl: string, runs: Scores[]): LighthouseResult {
  const of = (k: keyof Scores) => median(runs.map((r) => r[k]))
  return { path, finalUrl, performance: of('performance'), accessibility: of('accessibility'), bestPractices: of('bestPractices'), runs }
}

/** "95 / 100 / 100" and whether each score meets its budget. */
export function withinBudget(r: Scores): { performance: boolean; accessibility: boolean; bestPractices: boolean; all: boolean } {
  const ok = { performance: r.performance >= LIGHTHOUSE_BUDGET.performance, accessibility: r.accessibility >= LIGHTHOUSE_BUDGET.accessibility, bestPractices: r.bestPractices >= LIGHTHOUSE_BUDGET.bestPractices }
  return { ...ok, all: ok.performance && ok.accessibility && ok.bestPractices }
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

/**
 * BENCH_LIGHTHOUSE_REPORTS=<dir> keeps every run's JSON report there (e.g. .bench/lighthouse), named after the page
 * and the run, to see which metric costs points (audits first-contentful-paint, largest-contentful-paint,
 * total-blocking-time, speed-index, cumulative-layout-shift, render-blocking-resources, network-requests).
 */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS ? path.resolve(REPO_ROOT, process.env.BENCH_LIGHTHOUSE_REPORTS) : null

function keepReport(url: string, json: string) {
  if (!REPORTS_DIR) return
  fs.mkdirSync(REPORTS_DIR, { recursive: true })
  const page = new URL(url).pathname.replace(/^\/$/, '/home').replace(/^\//, '').replace(/\//g, '_')
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  fs.writeFileSync(path.join(REPORTS_DIR, `${page}-${stamp}.json`), json)
}

/** One Lighthouse run in a child process (its CLI), attached to the running Chromium. */
function lighthouse(url: string, port: number, keepStorage: boolean): Promise<Scores & { finalUrl: string }> {
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
      keepReport(url, out)
      const lhr = JSON.parse(out) as { finalDisplayedUrl: string; runtimeError?: { message: string }; categories: Record<string, { score: number | null }> }
      if (lhr.runtimeError) return reject(new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`))
      const score = (c: string) => Math.round((lhr.categories[c]?.score ?? Number.NaN) * 100)
      resolve({ performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), finalUrl: lhr.finalDisplayedUrl })
    })
  })
}

/** Signs in through the SPA's login page in the running Chromium; the session stays in its localStorage. */
async function signIn(port: number, baseUrl: string, email: string, password: string, totpSecret?: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const page = await browser.contexts()[0].newPage()
    await page.goto(`${baseUrl}/login`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    if (totpSecret) {
      // Staff: the code of their authenticator app (the seeded admin's local key).
      await page.getByLabel('Authentication code').fill(totpCode(totpSecret))
      await page.getByRole('button', { name: 'Verify' }).click()
    }
    await page.waitForURL(/\/dashboard$/, { timeout: 30_000 })
    await page.close()
  } finally {
    // Detaches Playwright; the browser itself is ours and keeps running for Lighthouse.
    await browser.close()
  }
}

/** A page's LIGHTHOUSE_RUNS runs; with `keepStorage` the signed-in session stays (and must: the page may not redirect away). */
async function measurePage(baseUrl: string, port: number, page: string, keepStorage: boolean): Promise<LighthouseResult> {
  const runs: Array<Scores & { finalUrl: string }> = []
  for (let i = 1; i <= LIGHTHOUSE_RUNS; i++) {
    progress(`lighthouse ${page} (run ${i} of ${LIGHTHOUSE_RUNS})`)
    runs.push(await lighthouse(`${baseUrl}${page}`, port, keepStorage))
  }
  const finalUrl = runs[runs.length - 1].finalUrl
  if (keepStorage && !finalUrl.endsWith(page)) throw new Error(`lighthouse ${page} ended on ${finalUrl}: the session did not carry over`)
  return medianScores(page, finalUrl, runs.map(({ finalUrl: _f, ...scores }) => scores))
}

/** A Chromium of its own (a fresh profile: no session) for `run`, stopped after. */
async function withChromium<T>(run: (port: number) => Promise<T>): Promise<T> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-bench-chromium-'))
  const { proc, port } = await startChromium(userDataDir)
  try {
    return await run(port)
  } finally {
    await stopChromium(proc)
    fs.rmSync(userDataDir, { recursive: true, force: true })
  }
}

/**
 * Lighthouse of every page of LIGHTHOUSE_PAGES, LIGHTHOUSE_RUNS times each, the median reported: the public pages
 * signed out, /dashboard signed in as the bench customer, /admin signed in as the seeded admin (password and
 * authenticator code), each session in its own browser profile.
 */
export async function measureLighthouse(baseUrl: string, customer: { email: string; password: string }, staff: { email: string; password: string; totpSecret?: string }): Promise<LighthouseResult[]> {
  const out: LighthouseResult[] = []
  await withChromium(async (port) => {
    for (const p of LIGHTHOUSE_PAGES.public) out.push(await measurePage(baseUrl, port, p, false))
    progress(`signing in as ${customer.email} for the customer's page`)
    await signIn(port, baseUrl, customer.email, customer.password)
    for (const p of LIGHTHOUSE_PAGES.customer) out.push(await measurePage(baseUrl, port, p, true))
  })
  await withChromium(async (port) => {
    progress(`signing in as ${staff.email} for the staff page`)
    await signIn(port, baseUrl, staff.email, staff.password, staff.totpSecret ?? LOCAL_ADMIN_TOTP_SECRET)
    for (const p of LIGHTHOUSE_PAGES.staff) out.push(await measurePage(baseUrl, port, p, true))
  })
  for (const r of out) progress(`lighthouse ${r.path}: performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r.bestPractices} (median of ${r.runs.length})`)
  return out
}
