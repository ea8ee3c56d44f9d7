#!/usr/bin/env node
/**
 * Builds every Lambda function exactly as a deploy does (infra/constructs/lambda-bundle.ts
 * buildBundles: the same entries and esbuild options) and prints per function what its cold
 * path loads (the handler file, its static imports and its heaviest route's chunks: each route
 * module is a chunk of its own, imported by the route's first request), the heaviest route,
 * its lazy chunks and its biggest inputs. No budget here: `npm run bench` times each function's
 * cold start against a reference function (scripts/lib/bench-bundles.ts).
 *
 *   node scripts/measure-bundles.mjs          # table
 *   node scripts/measure-bundles.mjs --json
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { tsImport } from 'tsx/esm/api'

const lambdaBundle = () => tsImport(new URL('../infra/constructs/lambda-bundle.ts', import.meta.url).href, import.meta.url)

/** See BuiltBundle in infra/constructs/lambda-bundle.ts. */
export async function buildBundles({ outDir }) {
  return (await lambdaBundle()).buildBundles({ outDir })
}

const kb = (n) => `${(n / 1000).toFixed(1)} KB`

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-bundles-'))
  try {
    const results = await buildBundles({ outDir })
    if (process.argv.includes('--json')) {
      console.log(JSON.stringify(results, null, 2))
    } else {
      console.log('Lambda bundles as a deploy builds them\n')
      for (const r of results) {
        console.log(`${r.group}: ${kb(r.bytes)} on the cold path (${kb(r.gzipBytes)} gzipped)`)
        if (r.heaviestRoute) console.log(`    the heaviest route: ${r.heaviestRoute}`)
        const lazy = r.chunks.filter((c) => c.lazy)
        // Packages (not our own folders) in lazy chunks are named; the chunks of the app's own code are summed up.
        for (const c of lazy.filter((c) => r.packagesByFile[c.file].some((p) => !/^(functions|shared)\//.test(p)))) console.log(`    + lazy chunk ${c.file}: ${kb(c.bytes)} (${r.packagesByFile[c.file].join(', ')})`)
        const own = lazy.filter((c) => r.packagesByFile[c.file].every((p) => /^(functions|shared)\//.test(p)))
        if (own.length) console.log(`    + ${own.length} chunks of other routes and their code, loaded on first use: ${kb(own.reduce((s, c) => s + c.bytes, 0))}`)
        for (const t of r.top) console.log(`    ${kb(t.bytes).padStart(9)}  ${t.input}`)
      }
    }
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true })
  }
}
