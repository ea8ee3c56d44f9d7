import { deployedRoutesFor, groupEnv, routeKey, type FunctionGroup } from '../routes.ts'

/**
 * Source of a function group's Lambda entry, generated from the route table so
 * that each bundle holds only its own routes, each loaded on first use (the CDK API stack writes
 * it to a temp file and bundles it; nobody keeps a second route list).
 */
export function groupEntrySource(group: FunctionGroup, functionsDir: string): string {
  const dir = functionsDir.replace(/\\/g, '/')
  const routes = deployedRoutesFor(group)
  const accesses = [...new Set(routes.map((r) => r.access))]
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
      ...routes.filter((r) => r.access === access).map((r) => `      ${JSON.stringify(routeKey(r))}: () => import('${dir}/${r.handler}.ts'),`),
      `    },`,
    ]),
    `  }),`,
    `})`,
  ]
  return lines.join('\n') + '\n'
}
