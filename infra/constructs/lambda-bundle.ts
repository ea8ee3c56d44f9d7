import * as fs from 'node:fs'
import * as path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { ILocalBundling } from 'aws-cdk-lib'
import * as esbuild from 'esbuild'
import { groupEntrySource } from '../../functions/lib/group-entry.ts'
import { functionGroups, type FunctionGroup } from '../../functions/routes.ts'
import { entriesDir, functionsDir, repoRoot } from './paths.ts'

/** ElectroDB `require`s the SDK: an ESM bundle (and each of its chunks) needs a real `require`. */
export const ESM_REQUIRE_BANNER = "import{createRequire as __cr}from'module';const require=__cr(import.meta.url);"

/** The Lambda handler of every function: `index.mjs`, export `handler`. */
export const LAMBDA_HANDLER = 'index.handler'

/**
 * How every function is bundled, in one place: the CDK asset (AppFunction), the
 * bundle budget test and `npm run bench` all build with these options.
 *
 * - The AWS SDK v3 is left to the Lambda runtime (it ships it, on NODE_PATH), as
 *   the CDK does by default: bundled, it tripled every function.
 * - ESM with code splitting: what a function reaches only through a dynamic
 *   `import()` (the Stripe SDK, see functions/payments/stripe-sdk.ts) lands in its
 *   own chunk, loaded by the first request that needs it, not at every cold start.
 * - `jsonschema` (ElectroDB's only use: checking entity models) is swapped for
 *   functions/lib/jsonschema-lite.ts.
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
    chunkNames: 'chunks/[name]-[hash]',
    banner: { js: ESM_REQUIRE_BANNER },
    external: ['@aws-sdk/*'],
    // ElectroDB's model check with a validator of just the keywords it uses (see the file): −27 KB per function.
    alias: { jsonschema: path.join(functionsDir, 'lib', 'jsonschema-lite.ts') },
    minify: true,
    sourcemap: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  }
}

/** Bundles one function into `outdir` (index.mjs, chunks/, source maps). Synchronous: CDK local bundling is. */
export function bundleLambda(entry: string, outdir: string): esbuild.Metafile {
  return esbuild.buildSync(lambdaBuildOptions(entry, outdir)).metafile
}

/**
 * CDK local bundling of one function. Its fields are part of the asset staging cache key
 * (which serializes the bundling options): without `entry` there, every function would
 * get the first one's bundle.
 */
export class LocalLambdaBundling implements ILocalBundling {
  readonly entry: string

  constructor(entry: string) {
    this.entry = path.relative(repoRoot, entry)
  }

  tryBundle(outputDir: string): boolean {
    bundleLambda(path.join(repoRoot, this.entry), outputDir)
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

/** Every Lambda function the app deploys: the API groups and the Cognito trigger. */
export function lambdaEntries(): Array<{ name: string; entry: string }> {
  return [...functionGroups.map((group) => ({ name: group, entry: writeGroupEntry(group) })), { name: 'post-confirmation', entry: POST_CONFIRMATION_ENTRY }]
}

export interface BuiltBundle {
  /** Function group (or 'post-confirmation'). */
  group: string
  /** Absolute path of the handler file, index.mjs. */
  entryFile: string
  /** What a cold start loads: index.mjs and the chunks it imports statically. */
  bytes: number
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

/** Builds every function exactly as the CDK does into `outDir/<name>/` and measures what it wrote. */
export function buildBundles({ outDir }: { outDir: string }): BuiltBundle[] {
  return lambdaEntries().map(({ name, entry }) => {
    const dir = path.join(outDir, name)
    fs.rmSync(dir, { recursive: true, force: true })
    const meta = bundleLambda(entry, dir)
    const rel = (file: string) => path.relative(dir, path.join(repoRoot, file))
    const outputs = new Map(Object.entries(meta.outputs).filter(([file]) => file.endsWith('.mjs')).map(([file, o]) => [rel(file), o]))
    // The files a cold start loads: index.mjs and, transitively, its static imports.
    // (esbuild marks a dynamic import's chunk as an entry point too, so follow the import kinds.)
    const loaded = new Set<string>()
    const visit = (file: string) => {
      if (loaded.has(file)) return
      loaded.add(file)
      for (const imp of outputs.get(file)?.imports ?? []) if (imp.kind === 'import-statement' && !imp.external) visit(rel(imp.path))
    }
    visit('index.mjs')
    const byPackage = new Map<string, number>()
    for (const file of loaded)
      for (const [input, { bytesInOutput }] of Object.entries(outputs.get(file)!.inputs)) byPackage.set(packageOf(input), (byPackage.get(packageOf(input)) ?? 0) + bytesInOutput)
    const read = (file: string) => fs.readFileSync(path.join(dir, file))
    const cold = Buffer.concat([...loaded].map(read))
    const chunks = [...outputs.keys()].filter((f) => f !== 'index.mjs').map((file) => ({ file, bytes: read(file).byteLength, lazy: !loaded.has(file) }))
    return {
      group: name,
      entryFile: path.join(dir, 'index.mjs'),
      bytes: cold.byteLength,
      gzipBytes: gzipSync(cold).byteLength,
      chunks,
      totalBytes: read('index.mjs').byteLength + chunks.reduce((sum, c) => sum + c.bytes, 0),
      top: [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([input, bytes]) => ({ input, bytes })),
      packagesByFile: Object.fromEntries([...outputs].map(([file, o]) => [file, [...new Set(Object.keys(o.inputs).map(packageOf))]])),
    }
  })
}
