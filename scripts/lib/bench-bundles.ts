/**
 * Cold starts: each Lambda function next to a reference function, on the local stack.
 *
 * The reference (scripts/lib/reference-function.ts) is the smallest handler on the functions' own stack: the AWS
 * SDK's DynamoDB document client under ElectroDB, answering one GetItem. It and every function are bundled as a deploy
 * bundles them (infra/constructs/lambda-bundle.ts: bundleLambda, buildBundles), and each cold start is a fresh `node`
 * process with the deployed NODE_OPTIONS that imports the bundle's index.mjs, as Lambda's init does, and hands the
 * handler its first event, against DynamoDB Local, cognito-local and the bench's service stub:
 *
 * - an API function: its heaviest route (the one whose cold path loads the most bytes: BuiltBundle.heaviestRoute);
 * - the others: the event they exist for (scripts/lib/bench-cold-requests.ts).
 *
 * Timed inside that process: from its start (performance's time origin) to the handler's answer, so Node's own
 * start-up, the import of the bundle (init) and the first request (its SDK clients built, its first DynamoDB
 * requests) are in it, and the process's exit is not. Each function's runs alternate with the reference's (a
 * reference run and a function run, in turn first, COLD_RUNS times, after one untimed pair that warms the file
 * cache): a burst of other work on the machine lands on both. The ratio is the function's median over the
 * reference's median.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { bundleLambda, LAMBDA_NODE_OPTIONS, type BuiltBundle } from '../../infra/constructs/lambda-bundle.ts'
import { staticClosure } from './bench-graph.ts'
import { coldCase, ORIGIN_VERIFY, type ColdCase, type ColdContext } from './bench-cold-requests.ts'
import { median, progress } from './bench-stats.ts'

export const COLD_RUNS = 10
/** Every function's cold start ≤ this many times the reference's, at the median (printed next to the figures, never asserted). */
export const COLD_START_BUDGET = 1.25

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const REFERENCE_ENTRY = fileURLToPath(new URL('./reference-function.ts', import.meta.url))

/** A bundle's size on disk: what its cold path loads (`bytes`), and what the measured run loaded (`loadedBytes`). */
export interface ColdStartResult {
  name: string
  /** The first invocation measured (the route, or the event). */
  request: string
  /** The route module of an API function's heaviest route, relative to the repository. */
  route: string | null
  /** index.mjs, its static imports and the heaviest route's chunks (BuiltBundle.bytes). */
  bytes: number
  gzipBytes: number
  /** The bundle's files (and the site kit's, for the site publisher) the measured first invocation loaded: lazy chunks it needed included. */
  loadedBytes: number
  /** Medians, ms: the import done (init), the first answer (cold). */
  initMs: number
  coldMs: number
  /** The reference's medians, from its runs in turns with this function's. */
  referenceInitMs: number
  referenceColdMs: number
  samples: number[]
  referenceSamples: number[]
  /** Lazy chunks of the bundle: the packages in them (not of the app's own code), and how many and how big. */
  lazy: Array<{ bytes: number; packages: string[] }>
}

export interface ReferenceBundle {
  bytes: number
  gzipBytes: number
  loadedBytes: number
  entryFile: string
}

export interface ColdStarts {
  reference: ReferenceBundle
  functions: ColdStartResult[]
}

/** One run's times, ms since the process started. */
export interface Timing {
  initMs: number
  coldMs: number
  answer: unknown
}

/**
 * The process of a cold start. Its arguments: the bundle's file URL, the event (JSON) and, for the untimed run that
 * lists what is loaded, a file to append each loaded file's URL to (a module loader hook, registered first). The
 * times and the answer go to file descriptor 3; the function's logs go to stdout, as in Lambda, and are dropped.
 * It exits when it has answered (an SDK's kept-alive sockets would hold it open; Lambda freezes it instead).
 */
const COLD_PROCESS = `
import { writeSync } from 'node:fs'
const [entry, eventJson, loadedFile] = process.argv.slice(1)
const event = JSON.parse(eventJson)
if (loadedFile) {
  const { register } = await import('node:module')
  const hooks = "import { appendFileSync } from 'node:fs'; let file; export function initialize(d) { file = d.file } export async function load(url, context, next) { if (url.startsWith('file:')) appendFileSync(file, url + '\\\\n'); return next(url, context) }"
  register('data:text/javascript,' + encodeURIComponent(hooks), import.meta.url, { data: { file: loadedFile } })
}
const deadline = Date.now() + 30_000
const context = { functionName: process.env.AWS_LAMBDA_FUNCTION_NAME, functionVersion: '$LATEST', awsRequestId: 'bench-' + process.pid, memoryLimitInMB: process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE, getRemainingTimeInMillis: () => deadline - Date.now(), callbackWaitsForEmptyEventLoop: true }
const { handler } = await import(entry)
const initMs = performance.now()
const answer = await handler(event, context)
const coldMs = performance.now()
writeSync(3, JSON.stringify({ initMs, coldMs, answer: answer ?? null }))
process.exit(0)
`

/** What Lambda sets in every function's environment (the credentials too: the SDK reads them from there), and the local endpoints. */
export function baseEnv(stack: ColdContext['stack'], name: string, dir: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    TZ: ':UTC',
    LANG: 'en_US.UTF-8',
    NODE_OPTIONS: LAMBDA_NODE_OPTIONS,
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
    AWS_LAMBDA_FUNCTION_NAME: name,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '1024',
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    LAMBDA_TASK_ROOT: dir,
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    AWS_SESSION_TOKEN: 'bench',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // What the CDK sets on the functions (infra/constructs/function-env.ts); the emulators' endpoints, as the local stack sets them.
    TABLE_NAME: stack.tableName,
    USER_POOL_ID: stack.userPoolId,
    STAGE: 'bench',
    ORIGIN_VERIFY,
    DYNAMODB_ENDPOINT: stack.dynamoEndpoint,
    COGNITO_ENDPOINT: stack.cognitoEndpoint,
    PHOTOS_BUCKET: stack.photosBucket,
    S3_ENDPOINT: stack.s3Endpoint,
  }
}

/** Runs one cold start of `entryFile`: its times and answer; throws when the process fails. */
export function coldRun(entryFile: string, event: unknown, env: Record<string, string>, loadedFile?: string): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const args = ['--input-type=module', '-e', COLD_PROCESS, pathToFileURL(entryFile).href, JSON.stringify(event), ...(loadedFile ? [loadedFile] : [])]
    const child = spawn(process.execPath, args, { cwd: path.dirname(entryFile), env, stdio: ['ignore', 'ignore', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdio[3]!.on('data', (c: Buffer) => out.push(c))
    child.stderr!.on('data', (c: Buffer) => err.push(c))
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const text = Buffer.concat(out).toString('utf8')
      if (code !== 0 || !text) return reject(new Error(`${entryFile} exited ${code ?? signal}: ${Buffer.concat(err).toString('utf8').slice(0, 1500)}`))
      resolve(JSON.parse(text) as Timing)
    })
  })
}

/** A pause before each timed run, so that it does not share the machine with the end of the one before (DynamoDB Local's, the processes'). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200))

/** The bytes of the files a cold start of `entryFile` loads, listed by a loader hook in one more, untimed, run. */
async function loadedBytes(entryFile: string, event: unknown, env: Record<string, string>, check: (answer: unknown) => void): Promise<number> {
  const list = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gs-cold-')), 'loaded.txt')
  try {
    fs.writeFileSync(list, '')
    check((await coldRun(entryFile, event, env, list)).answer)
    const dir = path.dirname(entryFile)
    const files = new Set(fs.readFileSync(list, 'utf8').split('\n').filter(Boolean).map((u) => new URL(u).pathname))
    return [...files].filter((f) => f.startsWith(`${dir}/`)).reduce((sum, f) => sum + fs.statSync(f).size, 0)
  } finally {
    fs.rmSync(path.dirname(list), { recursive: true, force: true })
  }
}

/** The reference function bundled as the functions are; its size as buildBundles sizes theirs (index.mjs and its static imports). */
export function buildReference(outDir: string): ReferenceBundle {
  const dir = path.join(outDir, 'reference')
  fs.rmSync(dir, { recursive: true, force: true })
  const meta = bundleLambda(REFERENCE_ENTRY, dir)
  const index = Object.keys(meta.outputs).find((f) => path.resolve(REPO_ROOT, f) === path.join(dir, 'index.mjs'))
  if (!index) throw new Error(`no index.mjs in the reference's build (${Object.keys(meta.outputs).join(', ')})`)
  const cold = Buffer.concat([...staticClosure(meta, index)].map((f) => fs.readFileSync(path.resolve(REPO_ROOT, f))))
  return { bytes: cold.byteLength, gzipBytes: gzipSync(cold).byteLength, loadedBytes: 0, entryFile: path.join(dir, 'index.mjs') }
}

/** The lazy chunks of a bundle that hold packages (the Stripe SDK, SDK clients used on first use), and the app's own, summed. */
function lazyOf(b: BuiltBundle): ColdStartResult['lazy'] {
  return b.chunks.filter((c) => c.lazy).map((c) => ({ bytes: c.bytes, packages: (b.packagesByFile[c.file] ?? []).filter((p) => !/^(functions|shared|scripts)\//.test(p)) }))
}

/**
 * Builds the reference and every function (`bundles`: buildBundles' output, in `outDir`), then times each function's
 * cold start in turns with the reference's. `ctx` without `invoke`: given here.
 */
export async function measureColdStarts(outDir: string, bundles: BuiltBundle[], ctx: Omit<ColdContext, 'invoke'>): Promise<ColdStarts> {
  const reference = buildReference(outDir)
  const entryOf = new Map(bundles.map((b) => [b.group, b.entryFile]))
  const envOf = (name: string, entryFile: string, extra: Record<string, string> = {}) => ({ ...baseEnv(ctx.stack, name, path.dirname(entryFile)), ...extra })
  const context: ColdContext = {
    ...ctx,
    async invoke(name, event, env) {
      const entryFile = entryOf.get(name)
      if (!entryFile) throw new Error(`no bundle of ${name}`)
      return (await coldRun(entryFile, event, envOf(name, entryFile, env))).answer
    },
  }

  // The reference reads one item; written with its own entity definition.
  const { REFERENCE_ITEM, referenceClient, referenceEntity } = await import('./reference-function.ts')
  const seedClient = referenceClient({ DYNAMODB_ENDPOINT: ctx.stack.dynamoEndpoint, AWS_REGION: 'us-east-1' })
  await referenceEntity(seedClient, ctx.stack.tableName).put(REFERENCE_ITEM).go()
  seedClient.destroy()
  const referenceEnv = envOf('reference', reference.entryFile)
  const referenceCheck = (answer: unknown) => {
    if ((answer as { statusCode?: number } | null)?.statusCode !== 200) throw new Error(`the reference answered ${JSON.stringify(answer)}`)
  }
  const referenceRun = async () => {
    const t = await coldRun(reference.entryFile, {}, referenceEnv)
    referenceCheck(t.answer)
    return t
  }
  reference.loadedBytes = await loadedBytes(reference.entryFile, {}, referenceEnv, referenceCheck)

  const functions: ColdStartResult[] = []
  for (const b of bundles) {
    const c: ColdCase = await coldCase(context, b)
    const env = envOf(b.group, b.entryFile, c.env)
    let run = 0
    const functionRun = async () => {
      const i = run++
      const t = await coldRun(b.entryFile, await c.event(i), env)
      c.check(t.answer, i)
      return t
    }
    // Not counted: the first pair reads the files from disk.
    await referenceRun()
    await functionRun()
    const refs: Timing[] = []
    const runs: Timing[] = []
    for (let i = 0; i < COLD_RUNS; i++) {
      // Which goes first alternates: what one run leaves behind (DynamoDB Local busy after a write) lands on both alike.
      for (const which of i % 2 ? ['function', 'reference'] : ['reference', 'function']) {
        await settle()
        if (which === 'reference') refs.push(await referenceRun())
        else runs.push(await functionRun())
      }
    }
    const i = run++
    const loaded = await loadedBytes(b.entryFile, await c.event(i), env, (answer) => c.check(answer, i))
    const result: ColdStartResult = {
      name: b.group,
      request: c.request,
      route: b.heaviestRoute,
      bytes: b.bytes,
      gzipBytes: b.gzipBytes,
      loadedBytes: loaded,
      initMs: median(runs.map((r) => r.initMs)),
      coldMs: median(runs.map((r) => r.coldMs)),
      referenceInitMs: median(refs.map((r) => r.initMs)),
      referenceColdMs: median(refs.map((r) => r.coldMs)),
      samples: runs.map((r) => r.coldMs),
      referenceSamples: refs.map((r) => r.coldMs),
      lazy: lazyOf(b),
    }
    functions.push(result)
    progress(
      `${b.group}: ${c.request}: cold ${result.coldMs.toFixed(0)} ms (init ${result.initMs.toFixed(0)}), reference ${result.referenceColdMs.toFixed(0)} ms (init ${result.referenceInitMs.toFixed(0)}): ` +
        `${(result.coldMs / result.referenceColdMs).toFixed(2)}×; ${(b.bytes / 1000).toFixed(1)} KB on the cold path, ${(loaded / 1000).toFixed(1)} KB loaded`,
    )
  }
  return { reference, functions }
}
