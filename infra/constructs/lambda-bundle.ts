import * as fs from 'node:fs'
import * as path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { ILocalBundling } from 'aws-cdk-lib'
import * as esbuild from 'esbuild'
import { groupEntrySource } from '../../functions/lib/group-entry.ts'
import { functionGroups, routes, type FunctionGroup } from '../../functions/routes.ts'
import { entriesDir, functionsDir, repoRoot } from './paths.ts'

/**
 * CommonJS packages loaded on first use (the Stripe SDK, nodemailer) `require` Node's modules: an ESM bundle (and
 * each of its chunks) needs a `require`. Made on its first call: building one in each of a cold start's ~30 files
 * (createRequire, import.meta) would cost every cold start, and those files never call it.
 */
export const ESM_REQUIRE_BANNER =
  "import{createRequire as __cr}from'module';let __rq;function require(m){return(__rq??=__cr(import.meta.url))(m)}"

/** Every function's NODE_OPTIONS: stack traces in the logs point into the sources (the bench imports with it too). */
export const LAMBDA_NODE_OPTIONS = '--enable-source-maps'

/** The Lambda handler of every function: `index.mjs`, export `handler`. */
export const LAMBDA_HANDLER = 'index.handler'

/**
 * How every function is bundled, in one place: the CDK asset (AppFunction), the local stack and the integration
 * suite (infra/local/lambda-runtime.ts) and `npm run bench` all build with these options, so the code the tests run
 * is the code a deploy uploads. Everything is bundled, the AWS SDK included, as published; what each option is for:
 * docs/architecture.md, "Function groups and bundling".
 */
export function lambdaBuildOptions(entry: string, outdir: string): esbuild.BuildOptions & { metafile: true } {
  return {
    entryPoints: { index: entry },
    outdir,
    absWorkingDir: repoRoot,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    mainFields: ['module', 'main'],
    outExtension: { '.js': '.mjs' },
    // Hash-only names: every route's import of a chunk spells its name, in every cold start (the source maps name the code).
    chunkNames: 'chunks/[hash]',
    banner: { js: ESM_REQUIRE_BANNER },
    minify: true,
    sourcemap: true,
    // Stack traces need the mappings, not the sources: with --enable-source-maps (app-function.ts) Node reads every map at load.
    sourcesContent: false,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  }
}

/** Bundles one function into `outdir` (index.mjs, chunks/, source maps). Synchronous: CDK local bundling is. */
export function bundleLambda(entry: string, outdir: string): esbuild.Metafile {
  const result = esbuild.buildSync({ ...lambdaBuildOptions(entry, BUILD_DIR), write: false })
  for (const file of withoutUnusedRequire(result.outputFiles)) {
    const target = path.join(outdir, path.relative(BUILD_DIR, file.path))
    fs.mkdirSync(path.dirname(target), { recursive: true })
    fs.writeFileSync(target, file.path.endsWith('.map') ? withRepositorySources(file.path, file.contents) : file.contents)
  }
  return inOutdir(result.metafile, outdir)
}

/**
 * Where esbuild is told it writes (nothing is written there: the files go to the caller's folder). esbuild names a
 * source map's sources, and so hashes a chunk's name, from the output folder's place relative to the sources: one
 * fixed folder makes a bundle the same bytes wherever it is built (the CDK's temporary folder, the local stack's),
 * so the asset hash changes only when the code does and the deployed bundle can be compared with the one the tests
 * ran.
 */
const BUILD_DIR = path.join(repoRoot, '.cdk', 'bundle')

/** The metafile as if esbuild had written into `outdir`: its outputs named from there. */
function inOutdir(meta: esbuild.Metafile, outdir: string): esbuild.Metafile {
  const from = `${path.relative(repoRoot, BUILD_DIR).split(path.sep).join('/')}/`
  const to = `${path.relative(repoRoot, outdir).split(path.sep).join('/')}/`
  const rename = (file: string) => (file.startsWith(from) ? to + file.slice(from.length) : file)
  const outputs = Object.fromEntries(
    Object.entries(meta.outputs).map(([file, o]) => [rename(file), { ...o, imports: o.imports.map((i) => ({ ...i, path: rename(i.path) })) }]),
  )
  return { ...meta, outputs }
}

/** The sources of a source map named from the repository's root (`functions/api/...`): stack traces name them so. */
function withRepositorySources(mapFile: string, contents: Uint8Array): Uint8Array {
  const map = JSON.parse(Buffer.from(contents).toString('utf8')) as { sources?: string[] }
  const dir = path.dirname(mapFile)
  map.sources = (map.sources ?? []).map((s) => path.relative(repoRoot, path.resolve(dir, s)).split(path.sep).join('/'))
  return Buffer.from(JSON.stringify(map))
}

/**
 * esbuild writes the banner into every file; only the files that call `require` (the one holding esbuild's
 * `__require` helper, and a chunk of a CommonJS package that requires a Node module) need it. The others lose it,
 * and their source map its line (a leading `;` of the mappings): about 3.7 KB off api-admin's cold start.
 */
export function withoutUnusedRequire(files: esbuild.OutputFile[]): Array<{ path: string; contents: Uint8Array }> {
  const banner = `${ESM_REQUIRE_BANNER}\n`
  const stripped = new Set<string>()
  const out = files.map((f) => {
    if (!f.path.endsWith('.mjs') || !f.text.startsWith(banner) || /\brequire\b/.test(f.text.slice(banner.length))) return f
    stripped.add(`${f.path}.map`)
    return { path: f.path, contents: Buffer.from(f.text.slice(banner.length)) }
  })
  return out.map((f) => {
    if (!stripped.has(f.path)) return f
    const map = JSON.parse(Buffer.from(f.contents).toString('utf8')) as { mappings: string }
    // A file of re-exports only maps nothing at all.
    if (map.mappings && !map.mappings.startsWith(';')) throw new Error(`${f.path}: expected the banner's empty line first in the mappings`)
    return { path: f.path, contents: Buffer.from(JSON.stringify({ ...map, mappings: map.mappings.slice(1) })) }
  })
}

/** A folder a function's asset carries beside its bundle (the site publisher's kit: `site-kit/`). */
export interface BundledDir {
  /** The folder to copy (absolute, or relative to the repository). */
  dir: string
  /** Its name in the asset, beside index.mjs. */
  as: string
}

/**
 * CDK local bundling of one function. Its fields are part of the asset staging cache key
 * (which serializes the bundling options): without `entry` there, every function would
 * get the first one's bundle; without `include`, a function with another copied folder.
 */
export class LocalLambdaBundling implements ILocalBundling {
  readonly entry: string
  readonly include?: BundledDir

  constructor(entry: string, options: { include?: BundledDir } = {}) {
    this.entry = path.relative(repoRoot, entry)
    if (options.include) {
      const { dir, as } = options.include
      // A plain folder name beside index.mjs, never the bundle's own chunks/.
      if (!/^[\w-]+$/.test(as) || as === 'chunks') throw new Error(`LocalLambdaBundling: "${as}" is not a folder name the bundle can carry`)
      this.include = { dir: path.relative(repoRoot, path.resolve(repoRoot, dir)), as }
    }
  }

  tryBundle(outputDir: string): boolean {
    bundleLambda(path.join(repoRoot, this.entry), outputDir)
    if (this.include) {
      const from = path.resolve(repoRoot, this.include.dir)
      if (!fs.existsSync(from)) throw new Error(`${from} does not exist: nothing to copy into the bundle as ${this.include.as}/`)
      fs.cpSync(from, path.join(outputDir, this.include.as), { recursive: true })
    }
    return true
  }
}

/** Writes a group's generated entry to a stable path (deterministic asset hashes) and returns it. */
export function writeGroupEntry(group: FunctionGroup): string {
  fs.mkdirSync(entriesDir, { recursive: true })
  const file = path.join(entriesDir, `${group}.ts`)
  // Relative imports keep the entry (and so the bundle) the same in every checkout.
  const source = groupEntrySource(group, path.relative(entriesDir, functionsDir))
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== source) fs.writeFileSync(file, source)
  return file
}

export const POST_CONFIRMATION_ENTRY = path.join(functionsDir, 'triggers', 'post-confirmation.ts')
export const RECONCILE_ENTRY = path.join(functionsDir, 'jobs', 'reconcile.ts')
export const NOTIFIER_ENTRY = path.join(functionsDir, 'notify', 'notifier-handler.ts')
export const DIGEST_SENDER_ENTRY = path.join(functionsDir, 'notify', 'digest-handler.ts')
export const SITE_PUBLISHER_ENTRY = path.join(functionsDir, 'site', 'publisher-handler.ts')

/**
 * Every Lambda function the app deploys: the API groups, the Cognito trigger, the scheduled reconciliation, the
 * notifier and the site publisher (its bundle here is the code only: the CDK asset adds the web build's kit).
 */
export function lambdaEntries(): Array<{ name: string; entry: string }> {
  return [
    ...functionGroups.map((group) => ({ name: group, entry: writeGroupEntry(group) })),
    { name: 'post-confirmation', entry: POST_CONFIRMATION_ENTRY },
    { name: 'reconcile', entry: RECONCILE_ENTRY },
    { name: 'notifier', entry: NOTIFIER_ENTRY },
    { name: 'notify-digests', entry: DIGEST_SENDER_ENTRY },
    { name: 'site-publisher', entry: SITE_PUBLISHER_ENTRY },
  ]
}

export interface BuiltBundle {
  /** Function group (or 'post-confirmation'). */
  group: string
  /** Absolute path of the handler file, index.mjs. */
  entryFile: string
  /**
   * What a cold start loads: index.mjs and its static imports, plus the chunks of the route it
   * serves (a route module and its static imports) for the heaviest route; the Stripe SDK is a
   * dynamic import of its own, loaded by the first call to Stripe.
   */
  bytes: number
  /** The route module whose cold start is the heaviest (`bytes`), relative to the repository, and its chunk file. */
  heaviestRoute: string | null
  heaviestRouteFile: string | null
  gzipBytes: number
  /** Every other file: `lazy` chunks are loaded by a dynamic import, on first use. */
  chunks: Array<{ file: string; bytes: number; lazy: boolean }>
  totalBytes: number
  /** The biggest inputs of what a cold start loads, by package (or source folder). */
  top: Array<{ input: string; bytes: number }>
  /** The packages in each output file (for "what is where" checks). */
  packagesByFile: Record<string, string[]>
}

const packageOf = (input: string) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)
  return m ? m[1] : input.replace(/^.*?(functions|shared)\//, '$1/').replace(/\/[^/]+$/, '/*')
}

/** Dynamic imports that every invocation in AWS loads on its first request, so they count as cold start (their SDK clients come from the runtime). */
const AWS_FIRST_USE = new Set(['functions/notify/ses-transport.ts', 'functions/notify/sns-transport.ts'])

/** The route modules the generated group entries import (functions/lib/group-entry.ts), relative to the repository. */
const routeModules = new Set(routes.map((r) => `functions/${r.handler}.ts`))

/** Builds every function exactly as the CDK does into `outDir/<name>/` and measures what it wrote. */
export function buildBundles({ outDir }: { outDir: string }): BuiltBundle[] {
  return lambdaEntries().map(({ name, entry }) => {
    const dir = path.join(outDir, name)
    fs.rmSync(dir, { recursive: true, force: true })
    const meta = bundleLambda(entry, dir)
    const rel = (file: string) => path.relative(dir, path.join(repoRoot, file))
    const outputs = new Map(Object.entries(meta.outputs).filter(([file]) => file.endsWith('.mjs')).map(([file, o]) => [rel(file), o]))
    // A file and, transitively, its static imports. (esbuild marks a dynamic import's chunk as an
    // entry point too, so follow the import kinds.)
    const closure = (start: string, into = new Set<string>()) => {
      const visit = (file: string) => {
        if (into.has(file)) return
        into.add(file)
        for (const imp of outputs.get(file)?.imports ?? []) if (imp.kind === 'import-statement' && !imp.external) visit(rel(imp.path))
      }
      visit(start)
      return into
    }
    const read = (file: string) => fs.readFileSync(path.join(dir, file))
    const size = (files: Set<string>) => [...files].reduce((sum, f) => sum + read(f).byteLength, 0)
    // A cold start: index.mjs and its imports, and the chunks of the one route it serves (the heaviest of them).
    // Route modules only: another dynamic import (the Stripe SDK, the notifier's SMTP transport, used only locally) loads on first use.
    const routeChunks = [...outputs].filter(([file, o]) => file !== 'index.mjs' && o.entryPoint !== undefined && routeModules.has(o.entryPoint)).map(([file, o]) => ({ file, module: o.entryPoint! }))
    // What every invocation in AWS imports on its first use is part of the cold start too (the notifier's SES and SNS transports).
    const base = closure('index.mjs')
    for (const [file, o] of outputs) if (o.entryPoint !== undefined && AWS_FIRST_USE.has(o.entryPoint)) closure(file, base)
    let loaded = base
    let heaviest: (typeof routeChunks)[number] | null = null
    for (const r of routeChunks) {
      const withRoute = closure(r.file, new Set(base))
      if (size(withRoute) > size(loaded)) [loaded, heaviest] = [withRoute, r]
    }
    const byPackage = new Map<string, number>()
    for (const file of loaded)
      for (const [input, { bytesInOutput }] of Object.entries(outputs.get(file)!.inputs)) byPackage.set(packageOf(input), (byPackage.get(packageOf(input)) ?? 0) + bytesInOutput)
    const cold = Buffer.concat([...loaded].map(read))
    const chunks = [...outputs.keys()].filter((f) => f !== 'index.mjs').map((file) => ({ file, bytes: read(file).byteLength, lazy: !loaded.has(file) }))
    return {
      group: name,
      entryFile: path.join(dir, 'index.mjs'),
      bytes: cold.byteLength,
      heaviestRoute: heaviest?.module ?? null,
      heaviestRouteFile: heaviest ? path.join(dir, heaviest.file) : null,
      gzipBytes: gzipSync(cold).byteLength,
      chunks,
      totalBytes: read('index.mjs').byteLength + chunks.reduce((sum, c) => sum + c.bytes, 0),
      top: [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([input, bytes]) => ({ input, bytes })),
      packagesByFile: Object.fromEntries([...outputs].map(([file, o]) => [file, [...new Set(Object.keys(o.inputs).map(packageOf))]])),
    }
  })
}
