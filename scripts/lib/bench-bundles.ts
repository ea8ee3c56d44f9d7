/**
 * Lambda bundles: size and the cold import time of each group's entry file in a
 * fresh `node`, next to a bare `node -e 0`. The bundles come from
 * scripts/measure-bundles.mjs buildBundles(), which bundles as the CDK construct does
 * (infra/constructs/lambda-bundle.ts): `bytes` is what a cold start loads (index.mjs, its
 * static chunks and the heaviest route's), `chunks[].lazy` the chunks loaded on first use (other
 * routes, Stripe); the import time is of index.mjs and that route's chunk.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { LAMBDA_NODE_OPTIONS, type BuiltBundle } from '../../infra/constructs/lambda-bundle.ts'
import { median, progress, timeSpawn } from './bench-stats.ts'

export interface BundleResult extends BuiltBundle {
  importMs: number
  bareMs: number
}

export const IMPORT_RUNS = 10

/** What the handler modules may read at import time (the CDK sets these on every function). */
const IMPORT_ENV = {
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  AWS_REGION: 'us-east-1',
  TABLE_NAME: 'gunsmith-bench',
  USER_POOL_ID: 'us-east-1_bench',
  STAGE: 'bench',
  LOG_LEVEL: 'silent',
  // As deployed (infra/constructs/app-function.ts): Node then reads each file's source map as it loads it.
  NODE_OPTIONS: LAMBDA_NODE_OPTIONS,
}

export async function measureBundleImports(outDir: string): Promise<BundleResult[]> {
  // @ts-expect-error plain ESM script without types
  const { buildBundles } = (await import('../measure-bundles.mjs')) as { buildBundles: (o: { outDir: string }) => Promise<BuiltBundle[]> }
  progress(`bundling the Lambda groups into ${path.relative(process.cwd(), outDir)}/ (as the CDK does)`)
  const bundles = await buildBundles({ outDir })
  const env = { ...process.env, ...IMPORT_ENV }
  const node = process.execPath
  const bare = ['-e', '0']
  // Each import sample next to a bare one, in turns: a burst of other work on the machine lands on both sides
  // rather than on the bundles measured after a single bare median (which made the ratios drift with the load).
  const paired = (args: string[], cwd: string) => {
    timeSpawn(node, bare, { env }) // warm the file cache; not counted
    timeSpawn(node, args, { env, cwd })
    const bareSamples: number[] = []
    const importSamples: number[] = []
    for (let i = 0; i < IMPORT_RUNS; i++) {
      bareSamples.push(timeSpawn(node, bare, { env }))
      importSamples.push(timeSpawn(node, args, { env, cwd }))
    }
    return { importMs: median(importSamples), bareMs: median(bareSamples) }
  }
  const out: BundleResult[] = []
  for (const b of bundles) {
    // A cold start: the handler file, then the module of the route it serves (the heaviest one).
    const files = [b.entryFile, ...(b.heaviestRouteFile ? [b.heaviestRouteFile] : [])]
    const { importMs, bareMs } = paired(['--input-type=module', '-e', files.map((f) => `await import(${JSON.stringify(pathToFileURL(f).href)})`).join(';')], path.dirname(b.entryFile))
    out.push({ ...b, importMs, bareMs })
    progress(`${b.group}: ${(b.bytes / 1000).toFixed(1)} KB at a cold start, import median ${importMs.toFixed(1)} ms, node -e 0 in turns ${bareMs.toFixed(1)} ms`)
  }
  return out
}
