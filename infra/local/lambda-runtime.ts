/**
 * The functions as the local stack and the integration suite run them: their Lambda bundles, built by the CDK's own
 * bundleLambda, each in a Node process of its own (lambda-container.mjs) that imports the bundle once and then
 * handles events with the environment it was started with, as a Lambda container does (docs/architecture.md,
 * "The local stack").
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { groupEntrySource } from '../../functions/lib/group-entry.ts'
import { routes } from '../../functions/routes.ts'
import { bundleLambda, LAMBDA_NODE_OPTIONS, lambdaEntries } from '../constructs/lambda-bundle.ts'
import { entriesDir, functionsDir } from '../constructs/paths.ts'

const CONTAINER = fileURLToPath(new URL('./lambda-container.mjs', import.meta.url))

/** A function's bundle on disk: its handler file. */
export type LocalBundles = Record<string, string>

/** Where a build's manifest lives in its folder: each function's handler file. */
export const BUNDLES_MANIFEST = 'bundles.json'

/**
 * The one function the local stack runs that AWS does not: the dev-only routes (the dev payment gateway's card
 * confirmation, which plays Stripe.js and Stripe locally), bundled the same way as a group of their own. The
 * deployed groups never carry them (routes.ts deployedRoutesFor).
 */
export const LOCAL_DEV_ROUTES = 'local-dev-routes'

function localDevRoutesEntry(): string {
  const dev = routes.filter((r) => r.devOnly)
  const groups = [...new Set(dev.map((r) => r.fn))]
  if (groups.length !== 1) throw new Error(`the dev-only routes must belong to one function group, not ${groups.join(', ')}`)
  fs.mkdirSync(entriesDir, { recursive: true })
  const file = path.join(entriesDir, `${LOCAL_DEV_ROUTES}.ts`)
  fs.writeFileSync(file, groupEntrySource(groups[0], path.relative(entriesDir, functionsDir), dev))
  return file
}

/**
 * Builds the named functions (every function by default, and the local dev routes) into `outDir/<name>/`, as a
 * deploy does, and writes a manifest of what was built. Returns each function's handler file.
 */
export function buildLocalBundles(outDir: string, names?: readonly string[]): LocalBundles {
  const out: LocalBundles = {}
  for (const { name, entry } of [...lambdaEntries(), { name: LOCAL_DEV_ROUTES, entry: localDevRoutesEntry() }]) {
    if (names && !names.includes(name)) continue
    const dir = path.join(outDir, name)
    fs.rmSync(dir, { recursive: true, force: true })
    bundleLambda(entry, dir)
    out[name] = path.join(dir, 'index.mjs')
  }
  fs.writeFileSync(path.join(outDir, BUNDLES_MANIFEST), JSON.stringify(out, null, 2))
  return out
}

/** The handler files of a build made by buildLocalBundles. */
export function readLocalBundles(outDir: string): LocalBundles {
  return JSON.parse(fs.readFileSync(path.join(outDir, BUNDLES_MANIFEST), 'utf8')) as LocalBundles
}

export interface InvokeOptions {
  requestId?: string
  /** The function's timeout (Lambda's default of the API functions: 29 s, API Gateway's limit). */
  timeoutMs?: number
}

export interface LocalLambda {
  (event: unknown, options?: InvokeOptions): Promise<unknown>
  /** Ends its container, if one runs. */
  stop(): Promise<void>
}

interface Container {
  child: ChildProcess
  key: string
  ready: Promise<void>
  calls: Map<string, { resolve(v: unknown): void; reject(e: unknown): void }>
}

/** An error thrown by a handler, as its container reported it. */
export class HandlerError extends Error {
  constructor(error: { name: string; message: string; stack?: string }) {
    super(error.message)
    this.name = error.name
    if (error.stack) this.stack = error.stack
  }
}

/**
 * A function of the local runtime: `handlerFile` run in a container with the environment `env()` gives at each
 * call (the process's own by default).
 */
export function localLambda(name: string, handlerFile: string, env: () => NodeJS.ProcessEnv = () => process.env): LocalLambda {
  let current: Container | undefined

  const start = (vars: NodeJS.ProcessEnv, key: string): Container => {
    const child = spawn(process.execPath, [CONTAINER, pathToFileURL(handlerFile).href], {
      // Lambda's Node 22 has no use for the SDK's notice that it will soon need Node 22 (this machine may run 20).
      env: { ...vars, NODE_OPTIONS: LAMBDA_NODE_OPTIONS, AWS_LAMBDA_FUNCTION_NAME: name, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    })
    const calls: Container['calls'] = new Map()
    const container: Container = { child, key, calls, ready: Promise.resolve() }
    container.ready = new Promise<void>((resolve, reject) => {
      child.on('message', (m: { type: string; id?: string; result?: unknown; error?: { name: string; message: string; stack?: string } }) => {
        if (m.type === 'ready') return resolve()
        if (m.type === 'init-error') return reject(new HandlerError(m.error!))
        const call = calls.get(m.id!)
        if (!call) return
        calls.delete(m.id!)
        if (m.type === 'result') call.resolve(m.result)
        else call.reject(new HandlerError(m.error!))
      })
      child.on('exit', (code, signal) => {
        const err = new Error(`${name}: its container exited (${signal ?? code}) before answering`)
        reject(err)
        for (const call of calls.values()) call.reject(err)
        calls.clear()
        if (current === container) current = undefined
      })
    })
    // A container that failed to start is not kept: the next event starts another (as Lambda retries an init).
    container.ready.catch(() => undefined)
    return container
  }

  const invoke = (async (event: unknown, options: InvokeOptions = {}) => {
    const vars = env()
    const key = JSON.stringify(Object.entries(vars).sort(([a], [b]) => (a < b ? -1 : 1)))
    if (current && current.key !== key) {
      const old = current
      current = undefined
      // Its calls in flight finish: the container ends once they have.
      void drain(old)
    }
    current ??= start(vars, key)
    const container = current
    await container.ready
    const id = randomUUID()
    return new Promise((resolve, reject) => {
      container.calls.set(id, { resolve, reject })
      container.child.send({ type: 'invoke', id, event, functionName: name, requestId: options.requestId ?? id, timeoutMs: options.timeoutMs ?? 29_000 })
    })
  }) as LocalLambda

  invoke.stop = async () => {
    const c = current
    current = undefined
    if (c) await end(c)
  }
  return invoke
}

async function drain(c: Container) {
  while (c.calls.size) await new Promise((r) => setTimeout(r, 50))
  await end(c)
}

async function end(c: Container) {
  if (c.child.exitCode !== null || c.child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => c.child.once('exit', () => resolve()))
  c.child.kill('SIGTERM')
  await exited
}
