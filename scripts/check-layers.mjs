// The layering the code relies on (docs/architecture.md), checked on the real import graph:
// esbuild resolves every import of every source file (as the bundles do) and each edge is held
// against the rules below. `npm run lint:layers` prints the violations; test/unit/layers.test.ts
// keeps the tree at none. (dependency-cruiser cannot read this tree: TypeScript 7 has no JS
// compiler API, and its swc parser does not read TSX.)
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Forbidden edges: `from` and `to` are regular expressions on repository-relative paths; `$1` in `to`
 * (and `toNot`) stands for the first group `from` captured (the same feature, the same folder).
 */
export const RULES = [
  { name: 'shared-is-pure', why: 'shared/ is used by the functions and the SPA: it imports neither', from: '^shared/', to: '^(functions|web|infra)/' },
  { name: 'spa-over-http', why: 'the SPA talks to the server over HTTP only', from: '^web/', to: '^(functions|infra)/' },
  { name: 'functions-not-infra', why: 'the functions never import the CDK app or the SPA', from: '^functions/', to: '^(infra|web)/' },
  { name: 'lib-is-the-base', why: 'functions/lib (http, env, errors, logger) depends on nothing above it', from: '^functions/lib/', to: '^functions/(db|domain|use-cases|api|webhooks|jobs|payments|auth|compose|stripe-delivery)' },
  { name: 'domain-is-pure', why: 'the domain knows no storage, provider or route', from: '^functions/domain/', to: '^functions/(db|use-cases|api|webhooks|jobs|payments|auth)/' },
  { name: 'db-below-use-cases', why: 'repositories never call use cases, providers or routes', from: '^functions/db/', to: '^functions/(api|webhooks|jobs|use-cases|payments|compose|stripe-delivery)' },
  { name: 'use-cases-below-routes', why: 'use cases never import routes or the composition root', from: '^functions/use-cases/', to: '^functions/(api|webhooks|jobs|compose|stripe-delivery)' },
  { name: 'adapters-below-use-cases', why: 'the payment gateway adapters never import use cases or routes', from: '^functions/payments/', to: '^functions/(api|webhooks|jobs|use-cases|compose|stripe-delivery)' },
  { name: 'templates-are-pure', why: 'the notification templates (functions/notify/email-*) render their input: no storage, provider, use case or route', from: '^functions/notify/email-', to: '^functions/(?!notify/)' },
  { name: 'notifier-is-a-use-case', why: 'the notifier (functions/notify) uses repositories, lib and its templates; never routes, other use cases, payments or the composition root', from: '^functions/notify/', to: '^functions/(api|webhooks|jobs|use-cases|payments|auth|triggers|compose|stripe-delivery)' },
  { name: 'notifier-is-an-entry', why: 'the notifier is a function of its own, fed by the table stream: nothing else imports it (the templates excepted)', from: '^functions/(?!notify/)', to: '^functions/notify/(?!email-)' },
  { name: 'publisher-is-an-entry', why: 'the site publisher is a function of its own, fed by the table stream and the deploy: nothing else in functions imports it', from: '^functions/(?!site/)', to: '^functions/site/' },
  { name: 'publisher-reads-settings-only', why: 'the site publisher (functions/site) reads the settings and writes pages: repositories and lib, never routes, use cases, payments or the notifier', from: '^functions/site/', to: '^functions/(api|webhooks|jobs|use-cases|payments|auth|triggers|notify|compose|stripe-delivery)' },
  { name: 'webhook-and-dev-apart', why: 'the public webhook and the dev-only routes share receiveStripeEvent, never each other', from: '^functions/(webhooks|api/dev)/', to: '^functions/(webhooks|api/dev)/', toNot: '^functions/$1/' },
  { name: 'features-apart', why: 'a feature never imports another feature: what two share lives in web/src/components or web/src/lib, and app/ composes them', from: '^web/src/features/([^/]+)/', to: '^web/src/features/', toNot: '^web/src/features/$1/' },
  { name: 'components-below-features', why: 'shared components and lib never import a feature or a route', from: '^web/src/(components|lib)/', to: '^web/src/(features|app)/' },
  { name: 'features-below-app', why: 'features never import the app shell or its routes', from: '^web/src/features/', to: '^web/src/app/' },
]

const SOURCE_DIRS = ['functions', 'shared/src', 'web/src', 'infra']
const SOURCE = /\.(ts|tsx|mts)$/

function sources(dir) {
  const out = []
  for (const name of readdirSync(path.join(root, dir))) {
    if (name === 'node_modules' || name.startsWith('.')) continue
    const rel = `${dir}/${name}`
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...sources(rel))
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(rel)
  }
  return out
}

/** Every import edge between the repository's own source files ([from, to], repository-relative), and those that load code. */
export async function importGraph() {
  const entryPoints = SOURCE_DIRS.flatMap(sources)
  const result = await build({
    absWorkingDir: root,
    entryPoints,
    bundle: true,
    write: false,
    metafile: true,
    outdir: 'out',
    format: 'esm',
    platform: 'node',
    splitting: true,
    logLevel: 'silent',
    // Packages stay outside; the workspace's own (@gs/shared) is followed like the bundles do.
    packages: 'external',
    alias: { '@gs/shared': './shared/src' },
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.woff2': 'empty' },
  })
  const edges = []
  for (const [from, input] of Object.entries(result.metafile.inputs)) {
    for (const imp of input.imports) {
      if (imp.external || imp.path.startsWith('node_modules/') || from.startsWith('node_modules/')) continue
      edges.push([from, imp.path])
    }
  }
  // esbuild erases type-only imports; a type is a dependency too (for layering; a type-only cycle costs nothing at run time).
  const typeEdges = entryPoints.flatMap((file) => typeImports(file).map((to) => [file, to]))
  return { edges: [...edges, ...typeEdges], valueEdges: edges }
}

const TYPE_IMPORT = /^\s*(?:import|export)\s+type\s[^;]*?from\s+['"]([^'"]+)['"]/gm

/** The files a source file imports only as types (relative, @gs/shared, #functions or @/ specifiers), resolved like the bundler does. */
function typeImports(file) {
  const text = readFileSync(path.join(root, file), 'utf8')
  const out = []
  for (const [, spec] of text.matchAll(TYPE_IMPORT)) {
    const base = spec.startsWith('.')
      ? path.join(path.dirname(file), spec)
      : spec.startsWith('@gs/shared/')
        ? spec.replace('@gs/shared/', 'shared/src/')
        : spec.startsWith('#functions/')
          ? spec.replace('#functions/', 'functions/')
          : // The SPA's alias (tsconfig.json `paths`, which esbuild follows for the value imports).
            spec.startsWith('@/')
            ? spec.replace('@/', 'web/src/')
            : null
    if (!base) continue
    const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) => existsSync(path.join(root, f)) && statSync(path.join(root, f)).isFile())
    if (found) out.push(found.split(path.sep).join('/'))
  }
  return out
}

/** The edges that break a rule (`rules` and `edges` as above). */
export function violations(edges, rules = RULES) {
  const found = []
  for (const [from, to] of edges) {
    for (const rule of rules) {
      const m = new RegExp(rule.from).exec(from)
      if (!m || !new RegExp(rule.to).test(to)) continue
      if (rule.toNot && new RegExp(rule.toNot.replace('$1', (m[1] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).test(to)) continue
      found.push({ rule: rule.name, why: rule.why, from, to })
    }
  }
  return found
}

/** Import cycles among the repository's files (each once, as the list of files around it). */
export function cycles(edges) {
  const next = new Map()
  for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to])
  const found = new Map()
  const state = new Map()
  const stack = []
  const visit = (node) => {
    state.set(node, 'open')
    stack.push(node)
    for (const to of next.get(node) ?? []) {
      if (state.get(to) === 'open') {
        const cycle = stack.slice(stack.indexOf(to))
        const key = [...cycle].sort().join(' ')
        if (!found.has(key)) found.set(key, [...cycle, to])
      } else if (!state.has(to)) visit(to)
    }
    stack.pop()
    state.set(node, 'done')
  }
  for (const node of next.keys()) if (!state.has(node)) visit(node)
  return [...found.values()]
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { edges, valueEdges } = await importGraph()
  const bad = violations(edges)
  const loops = cycles(valueEdges)
  for (const v of bad) console.log(`${v.rule}: ${v.from} → ${v.to}\n    (${v.why})`)
  for (const c of loops) console.log(`cycle: ${c.join(' → ')}`)
  console.log(`${edges.length} imports checked: ${bad.length} layering violations, ${loops.length} cycles`)
  process.exit(bad.length || loops.length ? 1 : 0)
}
