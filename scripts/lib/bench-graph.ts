/**
 * What a Lambda bundle loads, read from esbuild's metafile (bundleLambda, infra/constructs/lambda-bundle.ts returns
 * it): the output files a file pulls in through static imports, and the source files whose code each holds. The
 * bench sizes the reference function with it; test/unit/bundle-budget.test.ts checks with it that each route's cold
 * path holds its own code and the entry's only.
 */
import type { Metafile } from 'esbuild'

/** Static imports: what loads with a file. A dynamic `import()` is a chunk loaded on first use, not followed. */
const STATIC_OUTPUT_IMPORTS = new Set(['import-statement'])
/** In the sources: `import` and CommonJS `require` are static; `import()` is not. */
const STATIC_INPUT_IMPORTS = new Set(['import-statement', 'require-call'])

/** The output files `start` loads (itself included), by their metafile paths. */
export function staticClosure(meta: Metafile, start: string): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    const output = meta.outputs[file]
    if (!output) throw new Error(`${file} is not an output of this build`)
    seen.add(file)
    for (const imp of output.imports) if (STATIC_OUTPUT_IMPORTS.has(imp.kind) && !imp.external) visit(imp.path)
  }
  visit(start)
  return seen
}

/** The source files whose code is in these output files. */
export function inputsOf(meta: Metafile, files: Iterable<string>): Set<string> {
  const out = new Set<string>()
  for (const f of files) for (const input of Object.keys(meta.outputs[f]?.inputs ?? {})) out.add(input)
  return out
}

/** The source files `start` (a metafile input path) imports statically, itself included: the code that runs when it loads. */
export function staticReach(meta: Metafile, start: string): Set<string> {
  const seen = new Set<string>()
  const visit = (input: string) => {
    if (seen.has(input)) return
    seen.add(input)
    for (const imp of meta.inputs[input]?.imports ?? []) if (STATIC_INPUT_IMPORTS.has(imp.kind) && !imp.external) visit(imp.path)
  }
  visit(start)
  return seen
}

/** The output file built for an entry point or a dynamically imported module (its metafile input path). */
export function outputOf(meta: Metafile, input: string): string | undefined {
  return Object.entries(meta.outputs).find(([file, o]) => file.endsWith('.mjs') && o.entryPoint === input)?.[0]
}
