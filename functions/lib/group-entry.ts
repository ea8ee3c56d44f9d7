import { deployedRoutesFor, groupEnv, type FunctionGroup, type RouteDef } from '../routes.ts'

/** The whole path segments every one of `paths` starts with ('/api/admin' of '/api/admin/orders' and '/api/admin/book'). */
export function commonPathPrefix(paths: readonly string[]): string {
  const split = paths.map((p) => p.split('/'))
  const first = split[0] ?? []
  let n = 0
  // Keep at least one segment after the prefix in every path.
  while (n < first.length - 1 && split.every((s) => s.length > n + 1 && s[n] === first[n])) n++
  return first.slice(0, n).join('/')
}

/**
 * Source of a function group's Lambda entry, generated from the route table so
 * that each bundle holds only its own routes, each loaded on first use (the CDK API stack writes
 * it to a temp file and bundles it; nobody keeps a second route list).
 */
export function groupEntrySource(group: FunctionGroup, functionsDir: string, routes: readonly RouteDef[] = deployedRoutesFor(group)): string {
  const dir = functionsDir.replace(/\\/g, '/')
  const accesses = [...new Set(routes.map((r) => r.access))]
  // The keys leave out the path segments every route of the group starts with ('/api/admin'): bytes of every cold start.
  const prefix = commonPathPrefix(routes.map((r) => r.path))
  const key = (r: (typeof routes)[number]) => `${r.method} ${r.path.slice(prefix.length)}`
  const lines = [
    `import { createGroupHandler, routesByAccess } from '${dir}/lib/http.ts'`,
    `import { accountGate } from '${dir}/auth/account-gate.ts'`,
    `import { requireEnv } from '${dir}/lib/env.ts'`,
    // A missing setting fails the cold start (the deployment's first invocation), not a customer's request later.
    `requireEnv(${groupEnv[group].map((k) => JSON.stringify(k)).join(', ')})`,
    `export const handler = createGroupHandler(${JSON.stringify(group)}, {`,
    `  gate: accountGate,`,
    `  routes: routesByAccess({`,
    // Each route module is its own chunk, imported on the route's first request: a cold start loads
    // the shared stack and one route's code, not every route's.
    ...accesses.flatMap((access) => [
      `    ${access}: {`,
      ...routes.filter((r) => r.access === access).map((r) => `      ${JSON.stringify(key(r))}: () => import('${dir}/${r.handler}.ts'),`),
      `    },`,
    ]),
    `  }, ${JSON.stringify(prefix)}),`,
    `})`,
  ]
  return lines.join('\n') + '\n'
}
