import { deployedRoutesFor, routeKey, type FunctionGroup } from '../routes.ts'

/**
 * Source of a function group's Lambda entry, generated from the route table so
 * that each bundle holds only its own route modules and routes (the CDK API stack writes
 * it to a temp file and bundles it; nobody keeps a second route list).
 */
export function groupEntrySource(group: FunctionGroup, functionsDir: string): string {
  const dir = functionsDir.replace(/\\/g, '/')
  const routes = deployedRoutesFor(group)
  const modules = [...new Set(routes.map((r) => r.handler))]
  const lines = [
    `import { createGroupHandler } from '${dir}/lib/http.ts'`,
    `import { accountGate } from '${dir}/lib/account-gate.ts'`,
    ...modules.map((m, i) => `import { handler as h${i} } from '${dir}/${m}.ts'`),
    `export const handler = createGroupHandler(${JSON.stringify(group)}, {`,
    `  gate: accountGate,`,
    `  routes: {`,
    ...routes.map((r) => `    ${JSON.stringify(routeKey(r))}: { access: ${JSON.stringify(r.access)}, handler: h${modules.indexOf(r.handler)} },`),
    `  },`,
    `})`,
  ]
  return lines.join('\n') + '\n'
}
