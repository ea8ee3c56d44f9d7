/**
 * `npm run bench`: one markdown table of the performance budgets (README, Performance), in one run on this machine.
 *
 *  - each Lambda bundle as the CDK bundles it: entry and lazy chunk sizes, and the median
 *    time of a fresh `node` importing the entry (10 runs) next to a bare `node -e 0` (10 runs, in turns with them);
 *  - the read routes through the local gateway and handlers (real HTTP, real Cognito JWT):
 *    median and p95, next to the same DynamoDB request(s) sent straight from a DynamoDB client of the functions' kind;
 *  - the SPA: gzipped initial JS and CSS of each route, and Lighthouse (mobile) of /, /login
 *    and the signed-in /dashboard.
 *
 * Progress goes to stderr, the table to stdout.
 *   npm run bench --silent                 # builds the SPA, prints the table
 *   npm run bench --silent -- --readme     # prints the README "## Performance" section instead
 *   npm run bench --silent -- --no-build   # uses the web/dist already built
 *   npm run bench --silent -- --skip=bundles,lighthouse   # a partial run (not saved)
 *   npm run bench --silent -- --readme --from-results     # reprints the last full run (.bench/results.json)
 *   npm run bench --silent -- --scale [--readme]           # year-three volume: every list screen (scripts/lib/bench-scale.ts)
 *   npm run bench --silent -- --scale=0.1                  # the same at a tenth of the volume (a quick look; not saved)
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { REPO_ROOT, startLocalStack, type LocalStack } from '../infra/local/stack.ts'
import { SEED, TIMED_REQUESTS, measureReadRoutes, seedBenchData, BENCH_ADMIN, BENCH_CUSTOMER, type RouteResult } from './lib/bench-api.ts'
import { IMPORT_RUNS, measureBundleImports, type BundleResult } from './lib/bench-bundles.ts'
import { chromiumVersion, LIGHTHOUSE_BUDGET, LIGHTHOUSE_RUNS, measureLighthouse, withinBudget, type LighthouseResult } from './lib/bench-lighthouse.ts'
import { measureListScreens, seedYearThree, YEAR_THREE, SCALE_RUNS, SCALE_SEARCHES, type ScaleRow, type Volume } from './lib/bench-scale.ts'
import { kb, ms, progress, ratio } from './lib/bench-stats.ts'
import { initialAssets, readManifest, routeEntries, WEB_DIST } from './lib/spa-chunks.ts'

const args = new Set(process.argv.slice(2))
const started = Date.now()

interface SpaRow {
  module: string
  url: string
  jsGzipBytes: number
  cssGzipBytes: number
  lighthouse?: LighthouseResult
}

function buildWeb() {
  progress('building the SPA (npm run build:web)')
  // The build's own output goes to stderr: stdout is the table's.
  const r = spawnSync('npm', ['run', 'build:web', '--silent'], { cwd: REPO_ROOT, stdio: ['ignore', process.stderr, process.stderr] })
  if (r.status !== 0) throw new Error(`npm run build:web failed (${r.status})`)
}

/** Route module → URL, read from router.tsx and config/paths.ts (so the table names pages as people see them). */
async function routeUrls(): Promise<Map<string, string>> {
  const router = fs.readFileSync(path.join(REPO_ROOT, 'web/src/app/router.tsx'), 'utf8')
  const { paths } = (await import('../web/src/config/paths.ts')) as { paths: Record<string, unknown> }
  const out = new Map<string, string>()
  for (const m of router.matchAll(/\{\s*(?:index:\s*true|path:\s*paths\.([\w.]+)\.path)\s*,\s*lazy:\s*\(\)\s*=>\s*import\('\.\/(routes\/[\w/-]+)'\)/g)) {
    const url = m[1] ? (m[1].split('.').reduce<any>((o, k) => o?.[k], paths)?.path as string | undefined) : '/'
    if (url) out.set(`src/app/${m[2]}.tsx`, url)
  }
  return out
}

async function spaSizes(): Promise<SpaRow[]> {
  const manifest = readManifest()
  const urls = await routeUrls()
  return routeEntries(manifest).map((module) => {
    const a = initialAssets(manifest, module)
    return { module: module.replace(/^src\/app\//, '').replace(/\.tsx$/, ''), url: urls.get(module) ?? '?', jsGzipBytes: a.jsGzipBytes, cssGzipBytes: a.cssGzipBytes }
  })
}

function machine() {
  const cpu = /model name\s*:\s*(.+)/.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown CPU'
  const ramGiB = os.totalmem() / 1024 ** 3
  return { cores: os.availableParallelism(), cpu, ram: `${ramGiB.toFixed(1)} GiB`, node: process.version, chromium: chromiumVersion().replace(/ built on .*/, ''), load: '' }
}

/** Issue 19's budgets, printed next to the figures (timings are never asserted): importing a function ≤ 2× a bare node start within the 300 KB it may load; a read route ≤ 1.5× its bare DynamoDB request(s), at the median. */
const COLD_START_BUDGET = { ratio: 2, bytes: 300_000 }
const READ_BUDGET = { ratio: 1.5 }

const cell = (s: string | number) => String(s).replace(/\|/g, '\\|')
const row = (cells: Array<string | number>) => `| ${cells.map(cell).join(' | ')} |`

function table(bundles: BundleResult[], api: RouteResult[], spa: SpaRow[]): string {
  const lines = [
    row(['Kind', 'Subject', 'Size', 'Median', 'p95', 'Baseline (median)', 'Ratio', `Lighthouse perf / a11y / BP (median of ${LIGHTHOUSE_RUNS}; budget ${LIGHTHOUSE_BUDGET.performance} / ${LIGHTHOUSE_BUDGET.accessibility} / ${LIGHTHOUSE_BUDGET.bestPractices})`, 'Notes']),
    row(['---', '---', '---:', '---:', '---:', '---', '---:', '---', '---']),
  ]
  for (const b of bundles) {
    const lazy = b.chunks.filter((c) => c.lazy)
    const ownCode = (c: (typeof lazy)[number]) => (b.packagesByFile[c.file] ?? []).every((p) => /^(functions|shared)\//.test(p))
    // Packages in lazy chunks are named (the Stripe SDK); the other routes' chunks are summed up.
    const notes = [
      ...(b.heaviestRoute ? [`heaviest route: ${b.heaviestRoute.replace(/^functions\//, '')}`] : []),
      ...lazy.filter((c) => !ownCode(c)).map((c) => `lazy: ${path.basename(c.file)} ${kb(c.bytes)} (${(b.packagesByFile[c.file] ?? []).filter((p) => !/^(functions|shared)\//.test(p)).join(', ')})`),
      ...(lazy.some(ownCode) ? [`${lazy.filter(ownCode).length} lazy chunks of the other routes: ${kb(lazy.filter(ownCode).reduce((sum, c) => sum + c.bytes, 0))}`] : []),
    ]
    const cold = b.importMs / b.bareMs <= COLD_START_BUDGET.ratio && b.bytes <= COLD_START_BUDGET.bytes ? 'OK' : 'OVER BUDGET'
    lines.push(row(['Lambda bundle', b.group, `${kb(b.bytes)} at cold start (${kb(b.gzipBytes)} gz)`, `import ${ms(b.importMs)}`, '', `node -e 0: ${ms(b.bareMs)}`, `${ratio(b.importMs, b.bareMs)} ${cold}`, '', notes.join('; ') || 'no lazy chunk']))
  }
  for (const r of api) {
    const over = r.medianMs / r.bareMedianMs <= READ_BUDGET.ratio ? 'OK' : 'OVER BUDGET'
    lines.push(row(['API read', `${r.label}: GET ${r.path.replace(/\/orders\/[0-9a-f-]{36}/, '/orders/{orderId}')}`, `${kb(r.responseBytes)} response`, ms(r.medianMs), ms(r.p95Ms), `${r.dynamo}: ${ms(r.bareMedianMs)}`, `${ratio(r.medianMs, r.bareMedianMs)} ${over}`, '', r.items]))
  }
  for (const s of spa) {
    const l = s.lighthouse
    const lh = l ? `${l.performance} / ${l.accessibility} / ${l.bestPractices} ${withinBudget(l).all ? 'OK' : 'OVER BUDGET'}` : ''
    const who = s.url === '/dashboard' ? 'signed in as the bench customer; ' : s.url === '/admin' ? 'signed in as staff; ' : ''
    const runs = l ? `runs: ${l.runs.map((r) => `${r.performance}/${r.accessibility}/${r.bestPractices}`).join(', ')}` : ''
    lines.push(row(['SPA route', `${s.url} (${s.module})`, `JS ${kb(s.jsGzipBytes)} + CSS ${kb(s.cssGzipBytes)} gz`, '', '', '', '', lh, `${who}${runs}`]))
  }
  return lines.join('\n')
}

function reading(bundles: BundleResult[], api: RouteResult[], spa: SpaRow[]): string {
  /** "a–b unit" of the samples (one value when they agree at the shown precision). */
  const range = (xs: number[], digits: number, unit: string) => {
    const [lo, hi] = [Math.min(...xs).toFixed(digits), Math.max(...xs).toFixed(digits)]
    return lo === hi ? `${lo}${unit}` : `${lo}–${hi}${unit}`
  }
  const lines: string[] = []
  if (api.length) {
    const worst = api.reduce((a, b) => (b.medianMs / b.bareMedianMs > a.medianMs / a.bareMedianMs ? b : a))
    const outside = api.filter((r) => r.bareMedianMs / r.medianMs < 0.5).length
    lines.push(
      `- API reads: the gateway, JWT check and function add ${range(api.map((r) => r.medianMs - r.bareMedianMs), 1, ' ms')} to the route's DynamoDB request(s) at the median (${range(api.map((r) => r.medianMs / r.bareMedianMs), 1, '×')}, highest for ${worst.label.toLowerCase()}); ` +
        `in ${outside} of ${api.length} routes most of the time is spent in the Node process (the middleware, ElectroDB turning items into entities, presenting), not in DynamoDB.`,
    )
  }
  const lh = spa.filter((s) => s.lighthouse)
  const parts = [
    bundles.length ? `importing a function costs ${range(bundles.map((b) => b.importMs - b.bareMs), 0, ' ms')} over a bare node start (${range(bundles.map((b) => b.bytes / 1000), 1, ' KB')} loaded)` : '',
    `the SPA's routes load ${range(spa.map((s) => s.jsGzipBytes / 1000), 1, ' KB')} of JS gzipped before rendering`,
    lh.length ? `Lighthouse mobile performance is ${range(lh.map((s) => s.lighthouse!.performance), 0, '')} on ${lh.map((s) => s.url).join(', ')} (accessibility ${range(lh.map((s) => s.lighthouse!.accessibility), 0, '')}, best practices ${range(lh.map((s) => s.lighthouse!.bestPractices), 0, '')})` : '',
  ].filter(Boolean)
  lines.push(`- Cold start and first load: ${parts.join('; ')}.`)
  return lines.join('\n')
}

function section(tableText: string, readingText: string, { date, seconds, machine: m }: Results): string {
  return `## Performance

Measured ${date} on ${m.cores} cores (${m.cpu}), ${m.ram} RAM, Node ${m.node}, ${m.chromium}; 1-minute load average ${m.load} during the run (other work shares the machine: absolute times move with it, the ratios less).
Command: \`npm run bench --silent\` (${Math.round(seconds)} s; it builds the SPA, prints the table on stdout and progress on stderr; \`npm run bench --silent -- --readme\` prints this whole section).
Lambda rows: each function bundled as the CDK does (\`scripts/measure-bundles.mjs\`), size = what a cold start loads (the handler file, its static chunks and the heaviest route's chunks: each route module is a chunk imported on its first request), KB = 1,000 bytes; import = median of ${IMPORT_RUNS} fresh \`node\` processes importing the handler file and that route's chunk with the deployed \`NODE_OPTIONS=--enable-source-maps\`, baseline = median of ${IMPORT_RUNS} \`node -e 0\` taken in turns with that bundle's imports. No function loads the AWS SDK at a cold start (the notifier's SES and SNS transports excepted, loaded on its first send): DynamoDB, Secrets Manager and the first request's Cognito calls use the functions' own clients (functions/lib/aws).
API rows: ${TIMED_REQUESTS} sequential requests after a warm-up, over HTTP on loopback through the local gateway (JWT checked) with a real Cognito access token, sent by a bare-bones keep-alive client (scripts/lib/bench-http.ts: it runs in the gateway's process, so its own work would count as the route's), against DynamoDB Local in memory holding ${SEED.orders} orders, ${SEED.statusUpdates.toLocaleString('en-US')} status updates (each with a notification) and ${SEED.payments} payments of one customer; baseline = the DynamoDB request(s) the route sent, replayed with a client of the functions' own kind (functions/db/dynamo).
SPA rows: the JS and CSS a first visit loads before the route renders (index.html's and the route's chunks with their static imports), gzipped; Lighthouse ${lighthouseVersion()} with its default mobile config, ${LIGHTHOUSE_RUNS} runs a page, the median of each score (and every run's).
Budgets (issue 19; OK / OVER BUDGET in the table): import ≤ ${COLD_START_BUDGET.ratio}× \`node -e 0\` with ≤ ${COLD_START_BUDGET.bytes / 1000} KB loaded; API reads ≤ ${READ_BUDGET.ratio}× their bare DynamoDB request(s); Lighthouse ≥ ${LIGHTHOUSE_BUDGET.performance} performance, ${LIGHTHOUSE_BUDGET.accessibility} accessibility, ${LIGHTHOUSE_BUDGET.bestPractices} best practices.

${tableText}

${readingText}
`
}

function lighthouseVersion() {
  return (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version
}

interface Results {
  date: string
  seconds: number
  machine: ReturnType<typeof machine>
  bundles: BundleResult[]
  api: RouteResult[]
  spa: SpaRow[]
}

const RESULTS_FILE = path.join(REPO_ROOT, '.bench/results.json')

/** Runs `fn` on a fresh in-memory local stack, stopped afterwards, also on Ctrl-C. */
async function withLocalStack<T>(opts: { dynamoHeapMb?: number }, fn: (stack: LocalStack) => Promise<T>): Promise<T> {
  progress('starting the local stack (DynamoDB Local in memory, cognito-local, gateway)')
  let stack: LocalStack | undefined
  const stopOnSignal = async (signal: NodeJS.Signals) => {
    await stack?.stop()
    process.kill(process.pid, signal)
  }
  process.once('SIGINT', stopOnSignal)
  process.once('SIGTERM', stopOnSignal)
  try {
    stack = await startLocalStack({ port: 0, ...opts })
    return await fn(stack)
  } finally {
    progress('stopping the local stack')
    await stack?.stop()
    process.off('SIGINT', stopOnSignal)
    process.off('SIGTERM', stopOnSignal)
  }
}

async function measure(): Promise<Results> {
  // The handlers run in this process behind the local gateway: keep their logs off stdout.
  process.env.LOG_LEVEL = 'silent'
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
  delete process.env.ACCOUNT_GATE_TTL_SECONDS // the production cache of the caller's profile
  const skip = new Set((process.argv.find((a) => a.startsWith('--skip='))?.slice('--skip='.length) ?? '').split(','))
  const loadBefore = os.loadavg()[0]

  if (!args.has('--no-build')) buildWeb()
  if (!fs.existsSync(path.join(WEB_DIST, '.vite/manifest.json'))) throw new Error('web/dist has no .vite/manifest.json: run npm run build:web')

  const bundles = skip.has('bundles') ? [] : await measureBundleImports(path.join(REPO_ROOT, '.bench/bundles'))
  const spa = await spaSizes()

  const api = await withLocalStack({}, async (stack) => {
    progress(`seeding ${SEED.orders} orders, ${SEED.statusUpdates} status updates, ${SEED.payments} payments`)
    const t0 = Date.now()
    const seeded = await seedBenchData(stack)
    progress(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s; order detail order has ${seeded.detailUpdates} updates`)
    const routes = await measureReadRoutes(stack, seeded)
    const lighthouse = skip.has('lighthouse') ? [] : await measureLighthouse(stack.url, BENCH_CUSTOMER, BENCH_ADMIN)
    for (const r of lighthouse) {
      const s = spa.find((x) => x.url === r.path)
      if (!s) throw new Error(`no SPA route for ${r.path}`)
      s.lighthouse = r
    }
    return routes
  })
  const seconds = (Date.now() - started) / 1000
  const m = machine()
  return { date: new Date().toISOString().slice(0, 10), seconds, machine: { ...m, load: `${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}` }, bundles, api, spa }
}

/** Budgets of issue 14 for a list request: one bounded page read, ≤ 1.5× the bare DynamoDB request(s) at the median (READ_BUDGET). */
const SCALE_BUDGET = READ_BUDGET

interface ScaleResults {
  date: string
  seconds: number
  machine: ReturnType<typeof machine>
  volume: Volume
  seed: { items: number; seconds: number }
  rows: ScaleRow[]
}

const SCALE_FILE = path.join(REPO_ROOT, '.bench/scale-results.json')

async function measureScale(factor: number): Promise<ScaleResults> {
  process.env.LOG_LEVEL = 'silent'
  delete process.env.ACCOUNT_GATE_TTL_SECONDS
  const loadBefore = os.loadavg()[0]
  const volume = Object.fromEntries(Object.entries(YEAR_THREE).map(([k, n]) => [k, Math.round(n * factor)])) as Volume
  return withLocalStack({ dynamoHeapMb: 4096 }, async (stack) => {
    progress(`seeding ${Object.entries(volume).map(([k, n]) => `${n.toLocaleString('en-US')} ${k}`).join(', ')}`)
    const seeded = await seedYearThree(stack, volume)
    progress(`seeded ${seeded.items.toLocaleString('en-US')} items in ${seeded.seconds.toFixed(0)} s`)
    const rows = await measureListScreens(stack, seeded)
    const m = machine()
    return { date: new Date().toISOString().slice(0, 10), seconds: (Date.now() - started) / 1000, machine: { ...m, load: `${loadBefore.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}` }, volume, seed: { items: seeded.items, seconds: seeded.seconds }, rows }
  })
}

function scaleTable(rows: ScaleRow[]): string {
  const lines = [
    row(['Screen', 'Request', 'DynamoDB requests · items read', 'Response', 'Median', 'p95', 'Bare request(s), median', 'Ratio', `Budget (one bounded read, ≤ ${SCALE_BUDGET.ratio}×)`, 'Answer']),
    row(['---', '---', '---', '---:', '---:', '---:', '---', '---:', '---', '---']),
  ]
  for (const r of rows) {
    const within = r.medianMs <= SCALE_BUDGET.ratio * r.bareMedianMs
    lines.push(row([r.screen, r.variant, `${r.requests} · ${r.itemsRead}`, kb(r.responseBytes), ms(r.medianMs), ms(r.p95Ms), `${r.dynamo}: ${ms(r.bareMedianMs)}`, ratio(r.medianMs, r.bareMedianMs), within ? 'within' : 'over', r.items]))
  }
  return lines.join('\n')
}

function scaleSection(r: ScaleResults): string {
  const v = r.volume
  const m = r.machine
  const over = r.rows.filter((x) => x.medianMs > SCALE_BUDGET.ratio * x.bareMedianMs)
  const most = r.rows.reduce((a, b) => (b.itemsRead > a.itemsRead ? b : a))
  return `### At year-three volume

Measured ${r.date} on ${m.cores} cores (${m.cpu}), ${m.ram} RAM, Node ${m.node}; 1-minute load average ${m.load}.
Command: \`npm run bench --silent -- --scale --readme\` (${Math.round(r.seconds)} s). It seeds DynamoDB Local (in memory) with ${v.customers.toLocaleString('en-US')} customers, ${v.orders.toLocaleString('en-US')} orders, ${v.statusUpdates.toLocaleString('en-US')} status updates, ${v.payments.toLocaleString('en-US')} payments and ${v.notifications.toLocaleString('en-US')} notifications as the repositories store them (${r.seed.items.toLocaleString('en-US')} items with the order-number pointers and the counters, in ${Math.round(r.seed.seconds)} s), one of the customers a heavy one (the bench customer, signed in for the customer's screens), then times each list screen: ${SCALE_RUNS.timed} sequential requests after ${SCALE_RUNS.warmup} of warm-up through the local gateway (the same bare-bones client as above), next to the DynamoDB request(s) the route sent, replayed with a client of the functions' own kind. Searches look for a serial, an order number, an email, a last name ("${SCALE_SEARCHES.lastName}", about one customer in 50) and a make ("${SCALE_SEARCHES.make}").

${scaleTable(r.rows)}

- No list request read more than ${most.itemsRead} items (${most.screen.toLowerCase()}, ${most.variant}: the stat-card counters and a text search's read budget of 300) out of ${r.seed.items.toLocaleString('en-US')}: each reads a page and its look-ahead, or one filtered Query of at most 300 items, and a page deep through its cursor costs what the first one does. Where a screen sends more than one request: the order detail of a history longer than its first read (the order item and its ledger, in parallel, after the newest updates), an older page of history or notifications (the order or the unread count, in parallel), the admin payments page (the stat-card counters beside the page), an exact search (the key lookup, then the page).
- ${over.length ? `Over the ${SCALE_BUDGET.ratio}× budget at the median: ${over.map((x) => `${x.screen.toLowerCase()} (${x.variant}, ${ratio(x.medianMs, x.bareMedianMs)})`).join('; ')}. The time is spent in the Node process (the gateway, middleware, ElectroDB turning items into entities, presenting), and it moves with the machine's load (the load average above): issue 19 works on the overhead.` : `Every request is within ${SCALE_BUDGET.ratio}× its bare DynamoDB request(s) at the median.`}
`
}

async function main() {
  const scaleArg = process.argv.find((a) => a === '--scale' || a.startsWith('--scale='))
  if (scaleArg) {
    const factor = scaleArg === '--scale' ? 1 : Number(scaleArg.slice('--scale='.length))
    if (!(factor > 0 && factor <= 1)) throw new Error('--scale=<fraction> takes a number in (0, 1]')
    let results: ScaleResults
    if (args.has('--from-results')) results = JSON.parse(fs.readFileSync(SCALE_FILE, 'utf8')) as ScaleResults
    else {
      results = await measureScale(factor)
      if (factor === 1) {
        fs.mkdirSync(path.dirname(SCALE_FILE), { recursive: true })
        fs.writeFileSync(SCALE_FILE, JSON.stringify(results, null, 2))
      }
      progress(`done in ${results.seconds.toFixed(0)} s${factor === 1 ? ` (raw results in ${path.relative(REPO_ROOT, SCALE_FILE)})` : ' (a partial volume: not saved)'}`)
    }
    process.stdout.write(args.has('--readme') ? scaleSection(results) : `${scaleTable(results.rows)}\n`)
    return
  }
  let results: Results
  if (args.has('--from-results')) {
    results = JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as Results
  } else {
    results = await measure()
    if (process.argv.some((a) => a.startsWith('--skip='))) {
      progress(`done in ${results.seconds.toFixed(0)} s (a partial run: not saved)`)
    } else {
      fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true })
      fs.writeFileSync(RESULTS_FILE, JSON.stringify(results, null, 2))
      progress(`done in ${results.seconds.toFixed(0)} s (raw results in ${path.relative(REPO_ROOT, RESULTS_FILE)})`)
    }
  }
  const { bundles, api, spa } = results
  const tableText = table(bundles, api, spa)
  process.stdout.write(args.has('--readme') ? section(tableText, reading(bundles, api, spa), results) : `${tableText}\n`)
}

main().then(
  () => process.exit(0), // nothing of ours is left running; sockets of the SDK clients would otherwise keep the loop alive
  (err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err)
    process.exit(1)
  },
)

