#!/usr/bin/env node
/**
 * Measures the Lambda bundles of the API function groups exactly as the CDK
 * builds them (esbuild options of infra/constructs/app-function.ts, entries
 * from functions/lib/group-entry.ts), and prints per group the size and the
 * biggest inputs (from esbuild's metafile). Issue 7 budget: ≤ 300 KB each.
 *
 *   node scripts/measure-bundles.mjs            # as deployed today
 *   node scripts/measure-bundles.mjs --external-sdk   # with the AWS SDK v3 left to the Lambda runtime
 *   node scripts/measure-bundles.mjs --json
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import * as esbuild from 'esbuild'

export const API_BUNDLE_BUDGET_BYTES = 300 * 1000

const repoRoot = fileURLToPath(new URL('../', import.meta.url))
const functionsDir = path.join(repoRoot, 'functions')

/** Same as ESM_REQUIRE_BANNER in infra/constructs/app-function.ts. */
const ESM_REQUIRE_BANNER = "import{createRequire as __cr}from'module';const require=__cr(import.meta.url);"

/**
 * The esbuild options NodejsFunction derives from AppFunction's `bundling`
 * (format ESM, mainFields module/main, banner, minify, source map, target node22,
 * bundleAwsSDK true → no externals; false → '@aws-sdk/*' external).
 */
export function cdkBuildOptions({ externalSdk = false } = {}) {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    mainFields: ['module', 'main'],
    banner: { js: ESM_REQUIRE_BANNER },
    minify: true,
    sourcemap: true,
    target: 'node22',
    external: externalSdk ? ['@aws-sdk/*'] : [],
    metafile: true,
    write: false,
    logLevel: 'silent',
  }
}

/**
 * Bundles each function group and returns { group, bytes, gzipBytes, top: [{ input, bytes }] }.
 * `groupEntrySource` and `groups` are loaded from functions/ with tsx unless given (a test runner that reads TS passes them).
 */
export async function measureBundles({ externalSdk = false, groups, groupEntrySource } = {}) {
  const { tsImport } = groupEntrySource && groups ? {} : await import('tsx/esm/api')
  if (!groupEntrySource) ({ groupEntrySource } = await tsImport(pathToFileURL(path.join(functionsDir, 'lib/group-entry.ts')).href, import.meta.url))
  const functionGroups = groups ?? (await tsImport(pathToFileURL(path.join(functionsDir, 'routes.ts')).href, import.meta.url)).functionGroups
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-bundles-'))
  const { gzipSync } = await import('node:zlib')
  try {
    const out = []
    for (const group of functionGroups) {
      const entry = path.join(dir, `${group}.ts`)
      fs.writeFileSync(entry, groupEntrySource(group, functionsDir))
      const result = await esbuild.build({ ...cdkBuildOptions({ externalSdk }), entryPoints: [entry], outfile: path.join(dir, `${group}.mjs`), absWorkingDir: repoRoot })
      const js = result.outputFiles.find((f) => f.path.endsWith('.mjs'))
      const meta = Object.values(result.metafile.outputs).find((o) => o.entryPoint)
      const byPackage = new Map()
      for (const [input, { bytesInOutput }] of Object.entries(meta.inputs)) {
        const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)
        const key = m ? m[1] : input.replace(repoRoot, '').replace(/^.*?(functions|shared)\//, '$1/').replace(/\/[^/]+$/, '/*')
        byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput)
      }
      const top = [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([input, bytes]) => ({ input, bytes }))
      out.push({ group, bytes: js.contents.byteLength, gzipBytes: gzipSync(js.contents).byteLength, top })
    }
    return out
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const kb = (n) => `${(n / 1000).toFixed(1)} KB`

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const externalSdk = process.argv.includes('--external-sdk')
  const results = await measureBundles({ externalSdk })
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(results, null, 2))
  } else {
    console.log(`Lambda bundles (${externalSdk ? 'AWS SDK external' : 'AWS SDK bundled, as deployed'}); budget ${kb(API_BUNDLE_BUDGET_BYTES)} each\n`)
    for (const r of results) {
      console.log(`${r.group}: ${kb(r.bytes)} (${kb(r.gzipBytes)} gzipped) ${r.bytes <= API_BUNDLE_BUDGET_BYTES ? 'OK' : 'OVER BUDGET'}`)
      for (const t of r.top) console.log(`    ${kb(t.bytes).padStart(9)}  ${t.input}`)
    }
  }
}
